/*
 * testlib.h - the few macros the unit tests share.  A failed CHECK prints
 * the expression and location and makes the test exit non-zero at the end.
 */
#ifndef MMIOCHECK_TESTLIB_H
#define MMIOCHECK_TESTLIB_H

#include <stdio.h>
#include <string.h>

static int test_failures;
static int test_checks;

#define CHECK(cond) do { \
	test_checks++; \
	if (!(cond)) { \
		test_failures++; \
		fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
	} } while (0)

#define CHECK_STR(a, b) do { \
	const char *check_a_ = (a), *check_b_ = (b); \
	test_checks++; \
	if (!check_a_ || !check_b_ || strcmp(check_a_, check_b_)) { \
		test_failures++; \
		fprintf(stderr, "%s:%d: CHECK_STR failed: %s = \"%s\", expected \"%s\"\n", \
			__FILE__, __LINE__, #a, check_a_ ? check_a_ : "(null)", \
			check_b_ ? check_b_ : "(null)"); \
	} } while (0)

#define TEST_DONE() do { \
	fprintf(stderr, "%d checks, %d failed\n", test_checks, test_failures); \
	return test_failures ? 1 : 0; } while (0)

#endif
