/*
 * test_suppress_parse.c - suppress_parse_line() on exact inputs: both
 * comment styles, rule lists, reasons, strings that only look like
 * comments, malformed markers, lines without a NUL, length limits.
 */
#include "findings/findings.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

#define CHECK(cond, ...) do { if (!(cond)) { failures++; printf("FAIL %s:%d: ", __FILE__, __LINE__); \
	printf(__VA_ARGS__); printf("\n"); } } while (0)

/* Parse s; check the result code, the rules (comma-joined) and the reason. */
static void expect_parse(const char *s, int want_rc, const char *want_rules, const char *want_reason)
{
	struct suppression out;
	char rules[256] = "", reason[256] = "";
	int rc = suppress_parse_line(s, strlen(s), &out);

	CHECK(rc == want_rc, "'%s': rc %d, want %d", s, rc, want_rc);
	if (rc != 1)
		return;
	for (int i = 0; i < out.nrules; i++) {
		size_t n = strlen(rules);
		snprintf(rules + n, sizeof(rules) - n, "%s%.*s", i ? "," : "", (int)out.rules[i].len,
			 s + out.rules[i].off);
	}
	snprintf(reason, sizeof(reason), "%.*s", (int)out.reason.len, s + out.reason.off);
	CHECK(!strcmp(rules, want_rules), "'%s': rules '%s', want '%s'", s, rules, want_rules);
	CHECK(!strcmp(reason, want_reason), "'%s': reason '%s', want '%s'", s, reason, want_reason);
}

/*
 * Deterministic random lines built from the characters that matter
 * (comment openers, quotes, commas, the marker's letters): every span the
 * parser returns must lie inside the line, and it must never read past
 * len (ASan checks that: the buffer is exactly len bytes).
 */
static void random_lines(void)
{
	static const char *const atoms[] = { "/", "*", "//", "/*", "*/", "\"", "'", "\\", ",", " ", "\t",
					     "mmiocheck:", "ignore", "MMIO001", "x", ";", "\r" };
	unsigned long long state = 0x9e3779b97f4a7c15ULL;

	for (int iter = 0; iter < 20000; iter++) {
		char line[160];
		size_t len = 0;
		state = state * 6364136223846793005ULL + 1442695040888963407ULL;
		int natoms = (int)(state >> 59) + 1;
		for (int a = 0; a < natoms; a++) {
			state = state * 6364136223846793005ULL + 1442695040888963407ULL;
			const char *atom = atoms[(state >> 33) % (sizeof(atoms) / sizeof(atoms[0]))];
			size_t n = strlen(atom);
			if (len + n > sizeof(line))
				break;
			memcpy(line + len, atom, n);
			len += n;
		}
		char *exact = malloc(len ? len : 1);
		memcpy(exact, line, len);
		struct suppression out;
		int rc = suppress_parse_line(exact, len, &out);
		CHECK(rc >= -1 && rc <= 1, "rc %d", rc);
		for (int i = 0; rc == 1 && i < out.nrules; i++)
			CHECK(out.rules[i].len && out.rules[i].off + out.rules[i].len <= len, "rule span out of the line");
		CHECK(rc != 1 || out.reason.off + out.reason.len <= len, "reason span out of the line");
		free(exact);
	}
}

int main(void)
{
	struct suppression out;

	expect_parse("\twritel(1, b); /* mmiocheck: ignore MMIO001 ordered by the read below */", 1,
		     "MMIO001", "ordered by the read below");
	expect_parse("// mmiocheck: ignore MMIO001,MMIO006 two rules, one reason", 1, "MMIO001,MMIO006",
		     "two rules, one reason");
	expect_parse("//mmiocheck:ignore MMIO001", 1, "MMIO001", "");
	expect_parse("// mmiocheck: ignoreMMIO001", -1, "", "");	/* "ignore" must be a word */
	expect_parse("// mmiocheck:   ignore   MMIO003", 1, "MMIO003", "");
	expect_parse("/* mmiocheck: ignore MMIO001, MMIO002 x */ after", 1, "MMIO001,MMIO002", "x");
	expect_parse("/* mmiocheck: ignore MMIO001 unterminated block", 1, "MMIO001", "unterminated block");
	expect_parse("x = 1; /* plain comment */ y = 2; // mmiocheck: ignore MMIO004 second", 1,
		     "MMIO004", "second");
	expect_parse("printf(\"// mmiocheck: ignore MMIO001 not a comment\");", 0, "", "");
	expect_parse("c = '\"'; // mmiocheck: ignore MMIO001 after a quote char", 1, "MMIO001",
		     "after a quote char");
	expect_parse("// mmiocheck: ignore", -1, "", "");
	expect_parse("// mmiocheck: ignor MMIO001", -1, "", "");
	expect_parse("// mmiocheck: ignore MMIO001;reason", -1, "", "");
	expect_parse("// mmiocheck: ignore A,B,C,D,E,F,G,H,I too many", -1, "", "");
	expect_parse("// nothing here mmiocheck: ignore MMIO001", 0, "", "");	/* marker must lead */
	expect_parse("writel(1, b);", 0, "", "");
	expect_parse("", 0, "", "");
	/* Not NUL-terminated: only len bytes are read. */
	char buf[] = { '/', '/', ' ', 'm', 'm', 'i', 'o', 'c', 'h', 'e', 'c', 'k', ':', ' ', 'i', 'g', 'n',
		       'o', 'r', 'e', ' ', 'M', 'M', 'I', 'O', '0', '0', '1', ' ', 'r', 'X' };
	int rc = suppress_parse_line(buf, sizeof(buf) - 1, &out);
	CHECK(rc == 1 && out.reason.len == 1 && buf[out.reason.off] == 'r', "length-bounded parse: rc %d", rc);
	CHECK(out.col == 3, "col is the marker's offset: %zu", out.col);
	/* A NUL byte ends the line (found by fuzz/suppress): the reason stops
	 * before it, trimmed, so a copy of the span is a C string of its length. */
	static const char nul[] = "/* mmiocheck: ignore MMIO001 kept \0 lost */";
	rc = suppress_parse_line(nul, sizeof(nul) - 1, &out);
	CHECK(rc == 1 && out.reason.len == 4 && !memcmp(nul + out.reason.off, "kept", 4),
	      "NUL ends the line: rc %d, reason len %zu", rc, out.reason.len);
	rc = suppress_parse_line("\0// mmiocheck: ignore MMIO001 x", 31, &out);
	CHECK(rc == 0, "a comment after a NUL is not seen: rc %d", rc);
	rc = suppress_parse_line(NULL, 0, &out);
	CHECK(rc == 0, "NULL text: rc %d", rc);
	random_lines();
	if (failures) {
		printf("%d failed\n", failures);
		return 1;
	}
	printf("test_suppress_parse: all passed\n");
	return 0;
}
