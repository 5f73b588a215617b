/*
 * main.c - entry point of the mmiocheck command line: picks the verb.
 *
 *   mmiocheck [analyze] [options] FILE.c... [-- COMPILER FLAGS]
 *   mmiocheck report|diff|query|merge|gc|rules ...
 *
 * Without a known verb the arguments are an analyze command line, so
 * `mmiocheck drv.c` and the Kbuild checker call (`$(CHECK) flags... file.c`)
 * keep working.  A file named like a verb can be given as ./report; a bare
 * word that is neither a verb nor a file is an unknown command (with the
 * closest verb), not a missing file.
 */
#include "cli.h"
#include "driver/driver.h"
#include "mmiocheck/mmiocheck.h"
#include "util/util.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

/*
 * How far the main stack may grow.  Lowering a function body recurses once
 * per nesting level of its statements and expressions, and clang accepts
 * any depth with -fbracket-depth: 2,000 nested blocks (tests/db/
 * test_limits.py) overflowed the usual 8 MB in the sanitizer build
 * (./dev.sh sanitize).  Linux checks the limit when the stack grows, and
 * leaves at least 128 MB below the stack free at exec, so raising the soft
 * limit here is enough.  Only the pages touched are ever resident.
 */
#define MAIN_STACK_BYTES ((rlim_t)64 << 20)

struct verb {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *summary;
};

static const struct verb verbs[] = {
	{ "analyze", cmd_analyze, "analyze C files (the default verb)" },
	{ "report", cmd_report, "export a stored run as text, json, sarif, github, gitlab or html" },
	{ "diff", cmd_diff, "new, fixed and unchanged findings between two runs" },
	{ "query", cmd_query, "query stored findings (filters, group-by, read-only SQL)" },
	{ "merge", cmd_merge, "merge databases of sharded runs" },
	{ "gc", cmd_gc, "prune old runs and vacuum the database" },
	{ "rules", cmd_rules, "list the loaded rules (locks, accessors, models, frameworks)" },
	{ "fix", cmd_fix, "write the fix-its of a run as a diff (git apply) or apply them" },
};

#define NVERBS (sizeof(verbs) / sizeof(verbs[0]))

/* `mmiocheck help`: the verbs, one line each. */
static int print_verbs(void)
{
	printf("usage: mmiocheck [analyze] [options] FILE.c... [-- COMPILER FLAGS]\n"
	       "       mmiocheck COMMAND [options]\n\ncommands:\n");
	for (size_t i = 0; i < NVERBS; i++)
		printf("  %-9s %s\n", verbs[i].name, verbs[i].summary);
	printf("  %-9s %s\n", "help", "this list; 'help COMMAND' describes one command");
	printf("\n'mmiocheck COMMAND --help' describes one command.\n");
	return MC_EXIT_CLEAN;
}

static const struct verb *find_verb(const char *name)
{
	for (size_t i = 0; i < NVERBS; i++)
		if (!strcmp(name, verbs[i].name))
			return &verbs[i];
	return NULL;
}

/*
 * Optimal string alignment distance (edits, adjacent swaps counting one):
 * "reprot" is one swap from "report".  Verb names are short; longer
 * words are never close to one.
 */
static size_t edit_distance(const char *a, const char *b)
{
	enum { MAXLEN = 32 };
	size_t la = strlen(a), lb = strlen(b), d[MAXLEN + 1][MAXLEN + 1];

	if (la > MAXLEN || lb > MAXLEN)
		return SIZE_MAX;
	for (size_t i = 0; i <= la; i++)
		d[i][0] = i;
	for (size_t j = 0; j <= lb; j++)
		d[0][j] = j;
	for (size_t i = 1; i <= la; i++)
		for (size_t j = 1; j <= lb; j++) {
			size_t best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
			if (d[i - 1][j] + 1 < best)
				best = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < best)
				best = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < best)
				best = d[i - 2][j - 2] + 1;
			d[i][j] = best;
		}
	return d[la][lb];
}

/* "unknown command 'W'", with the closest verb (at most 2 edits) if any. */
static int unknown_verb(const char *word)
{
	const struct verb *best = NULL;
	size_t best_d = 3;

	for (size_t i = 0; i < NVERBS; i++) {
		size_t d = edit_distance(word, verbs[i].name);
		if (d < best_d && d < strlen(verbs[i].name)) {
			best_d = d;
			best = &verbs[i];
		}
	}
	if (best)
		mc_error("unknown command '%s' (did you mean '%s'?)", word, best->name);
	else
		mc_error("unknown command '%s' (see mmiocheck help)", word);
	return MC_EXIT_ERROR;
}

/*
 * Is argv[1] meant as a verb?  A bare word (no '/', no '.', not an option)
 * that names no existing file: C files have a suffix, and ./report still
 * names a file called report.
 */
static bool looks_like_verb(const char *arg)
{
	if (!*arg || arg[0] == '-' || strpbrk(arg, "/."))
		return false;
	return access(arg, F_OK) != 0;
}

/* `mmiocheck help [COMMAND]`. */
static int run_help(int argc, char **argv)
{
	const struct verb *v;
	char *help_argv[] = { NULL, "--help", NULL };

	if (argc < 3)
		return print_verbs();
	if (argc > 3) {
		mc_error("help: one command at a time (see mmiocheck help)");
		return MC_EXIT_ERROR;
	}
	if (!(v = find_verb(argv[2])))
		return unknown_verb(argv[2]);
	help_argv[0] = argv[2];
	return v->run(2, help_argv);
}

int cmd_unavailable(const char *verb)
{
	fprintf(stderr, "mmiocheck: '%s' is not available in this build\n", verb);
	return MC_EXIT_ERROR;
}

/* Raise the soft stack limit to MAIN_STACK_BYTES (at most the hard limit). */
static void raise_stack_limit(void)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_STACK, &rl) < 0 || rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur >= MAIN_STACK_BYTES)
		return;
	rl.rlim_cur = rl.rlim_max != RLIM_INFINITY && rl.rlim_max < MAIN_STACK_BYTES ? rl.rlim_max : MAIN_STACK_BYTES;
	setrlimit(RLIMIT_STACK, &rl);
}

int main(int argc, char **argv)
{
	const struct verb *v;

	raise_stack_limit();
	if (argc >= 2 && !strcmp(argv[1], "help"))
		return run_help(argc, argv);
	if (argc >= 2 && (v = find_verb(argv[1])))
		return v->run(argc - 1, argv + 1);
	if (argc >= 2 && looks_like_verb(argv[1]) && !kbuild_is_checker_call(argc, argv))
		return unknown_verb(argv[1]);
	return cmd_analyze(argc, argv);
}
