/*
 * main.c - entry point of the mmiocheck command line: picks the verb.
 *
 *   mmiocheck [analyze] [options] FILE.c... [-- COMPILER FLAGS]
 *   mmiocheck report|diff|query|merge|gc|rules ...
 *
 * Without a known verb the arguments are an analyze command line, so
 * `mmiocheck drv.c` and the Kbuild checker call (`$(CHECK) flags... file.c`)
 * keep working.  A file named like a verb can be given as ./report.
 */
#include "cli.h"
#include "mmiocheck/mmiocheck.h"

#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

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

/* `mmiocheck help`: the verbs, one line each. */
static int print_verbs(void)
{
	printf("usage: mmiocheck [analyze] [options] FILE.c... [-- COMPILER FLAGS]\n"
	       "       mmiocheck COMMAND [options]\n\ncommands:\n");
	for (size_t i = 0; i < sizeof(verbs) / sizeof(verbs[0]); i++)
		printf("  %-9s %s\n", verbs[i].name, verbs[i].summary);
	printf("\n'mmiocheck COMMAND --help' describes one command.\n");
	return MC_EXIT_CLEAN;
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
	raise_stack_limit();
	if (argc >= 2 && !strcmp(argv[1], "help"))
		return print_verbs();
	for (size_t i = 0; argc >= 2 && i < sizeof(verbs) / sizeof(verbs[0]); i++)
		if (!strcmp(argv[1], verbs[i].name))
			return verbs[i].run(argc - 1, argv + 1);
	return cmd_analyze(argc, argv);
}
