/*
 * fuzz_flags.c - libFuzzer harness for the gcc -> clang flag filter
 * (flag_table_filter, analyzer/driver/flags.c) with the shipped table
 * rules/compiler-flags.json (flag_table_load).
 *
 * fuzz-layers: driver util
 *
 * The input is an argv: its bytes split on NUL bytes (a trailing NUL ends
 * the last argument; an empty input is argc 0).  Each argument and the
 * argv array are separate allocations of exactly their size, so reading
 * past an argument's NUL or past argc is an ASan report.  The harness
 * reads the table's JSON itself and checks the filter's promises besides
 * crashes, leaks and undefined behaviour:
 *  - what was in `out` before the call stays (the filter appends);
 *  - the output ends with the table's "append" list;
 *  - before that, every argument is a "with" string of a replace entry or
 *    an input argument, in input order (a subset or translation);
 *  - an input argument kept in the output is not one whose first matching
 *    entry says drop or replace, unless it is a value of the option
 *    before it ("args" of a keep entry, e.g. -include FILE);
 *  - a kept option that takes values is followed by all of them: a
 *    trailing -include never takes the appended flags as its file.
 * Every output string is read to its NUL and freed here.
 */
#include "driver/driver.h"

#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef MMIOCHECK_RULES_DIR
#define MMIOCHECK_RULES_DIR "rules"
#endif

#define SENTINEL "mc-fuzz-sentinel"

/* The harness's own reading of the table (independent of flags.c). */
struct rule {
	const char *text, *action;
	bool prefix;
	int nargs;
};
static struct flag_table *table;
static json_t *doc;
static VEC(struct rule) rules;
static strvec append, with;	/* borrowed from doc */

static void fail(const char *what, const char *detail)
{
	fprintf(stderr, "fuzz_flags: %s: '%s'\n", what, detail ? detail : "(null)");
	abort();
}

static void load_table(void)
{
	struct strbuf err = STRBUF_INIT;
	json_error_t jerr;
	json_t *e, *s;
	size_t i, k;
	char *path = xasprintf("%s/compiler-flags.json", MMIOCHECK_RULES_DIR);

	strbuf_init(&err);
	table = flag_table_load(MMIOCHECK_RULES_DIR, &err);
	if (!table)
		fail("the shipped flag table does not load", err.buf);
	strbuf_release(&err);
	doc = json_load_file(path, 0, &jerr);
	if (!doc)
		fail("cannot read the table", path);
	free(path);
	json_array_foreach(json_object_get(doc, "append"), i, s)
		VEC_PUSH(append, (char *)json_string_value(s));
	json_array_foreach(json_object_get(doc, "flags"), i, e) {
		json_t *flag = json_object_get(e, "flag"), *prefix = json_object_get(e, "prefix");
		struct rule r = { json_string_value(flag ? flag : prefix),
				  json_string_value(json_object_get(e, "action")), !flag,
				  (int)json_integer_value(json_object_get(e, "args")) };
		VEC_PUSH(rules, r);
		json_array_foreach(json_object_get(e, "with"), k, s)
			VEC_PUSH(with, (char *)json_string_value(s));
	}
	if (rules.n != flag_table_size(table))
		fail("the table's size differs from its JSON", MMIOCHECK_RULES_DIR);
}

static const struct rule *first_match(const char *arg)
{
	for (size_t i = 0; i < rules.n; i++) {
		const struct rule *r = &rules.v[i];
		if (r->prefix ? !strncmp(arg, r->text, strlen(r->text)) : !strcmp(arg, r->text))
			return r;
	}
	return NULL;
}

static bool is_with(const char *s)
{
	for (size_t i = 0; i < with.n; i++)
		if (!strcmp(s, with.v[i]))
			return true;
	return false;
}

/* Split data on NUL bytes into exactly-sized allocations. */
static char **make_argv(const uint8_t *data, size_t size, int *argc)
{
	size_t n = 0, start = 0;
	char **argv;

	for (size_t i = 0; i < size; i++)
		n += !data[i];
	n += size && data[size - 1];
	argv = xmalloc((n ? n : 1) * sizeof(*argv));
	n = 0;
	for (size_t i = 0; i <= size; i++) {
		if (i == size ? i > start : !data[i]) {
			argv[n++] = xstrndup((const char *)data + start, i - start);
			start = i + 1;
		}
	}
	/* "a\0\0b": an empty argument between the NULs */
	*argc = (int)n;
	return argv;
}

/* Do argv[j+1..j+n] equal out[i+1..i+n] (all before `mid`)? */
static bool values_follow(char **argv, int argc, size_t j, const strvec *out, size_t i, size_t mid, int n)
{
	if (j + n >= (size_t)argc || i + n >= mid)
		return false;
	for (int k = 1; k <= n; k++)
		if (strcmp(argv[j + k], out->v[i + k]))
			return false;
	return true;
}

static void check(char **argv, int argc, const strvec *out)
{
	size_t n = out->n, mid, pos = 0;	/* pos: the next input argument that may match */

	if (n < 1 + append.n || strcmp(out->v[0], SENTINEL))
		fail("the output lost what was in it before", out->n ? out->v[0] : NULL);
	mid = n - append.n;
	for (size_t k = 0; k < append.n; k++)
		if (strcmp(out->v[mid + k], append.v[k]))
			fail("the output does not end with the append list", out->v[mid + k]);
	for (size_t i = 1; i < mid; i++) {
		const char *o = out->v[i];
		const struct rule *r = first_match(o);
		int values = r && !strcmp(r->action, "keep") ? r->nargs : 0;
		size_t j = pos;

		if (is_with(o))
			continue;
		if (r && strcmp(r->action, "keep"))
			fail("the output keeps a flag the table drops or replaces", o);
		/* The first later input argument it can be, with its values
		 * after it (an earlier equal one may have been dropped as
		 * the value of a dropped option). */
		while (j < (size_t)argc && (strcmp(o, argv[j]) ||
					    (values && !values_follow(argv, argc, j, out, i, mid, values))))
			j++;
		if (j == (size_t)argc) {
			for (j = pos; j < (size_t)argc && strcmp(o, argv[j]); j++)
				;
			fail(j < (size_t)argc ? "a kept option is not followed by all its values"
					      " (it would take the appended flags)"
					      : "an output argument that is neither input nor translation", o);
		}
		pos = j + 1 + values;
		i += values;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	strvec out = VEC_INIT;
	int argc;
	char **argv;

	if (!table)
		load_table();
	argv = make_argv(data, size, &argc);
	VEC_PUSH(out, xstrdup(SENTINEL));
	flag_table_filter(table, (const char *const *)argv, argc, &out);
	check(argv, argc, &out);
	for (size_t i = 0; i < out.n; i++)
		if (strlen(out.v[i]) > size + 64)
			fail("an output argument longer than any input or table string", out.v[i]);
	strvec_free(&out);
	for (int i = 0; i < argc; i++)
		free(argv[i]);
	free(argv);
	return 0;
}
