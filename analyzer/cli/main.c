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

#include <pthread.h>
#include <stdio.h>
#include <string.h>

/*
 * The stack the verb runs on.  Lowering a function body recurses once per
 * nesting level of its statements and expressions, and clang accepts any
 * depth with -fbracket-depth: 2,000 nested blocks (tests/db/test_limits.py)
 * overflowed the 8 MB main stack in the sanitizer build (./dev.sh
 * sanitize).  Only the pages touched are ever resident.
 */
#define VERB_STACK_BYTES ((size_t)256 << 20)

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

/* Pick the verb and run it; its exit status. */
static int dispatch(int argc, char **argv)
{
	if (argc >= 2 && !strcmp(argv[1], "help"))
		return print_verbs();
	for (size_t i = 0; argc >= 2 && i < sizeof(verbs) / sizeof(verbs[0]); i++)
		if (!strcmp(argv[1], verbs[i].name))
			return verbs[i].run(argc - 1, argv + 1);
	return cmd_analyze(argc, argv);
}

struct verb_call {
	int argc;
	char **argv;
	int status;
};

static void *verb_thread(void *arg)
{
	struct verb_call *c = arg;

	c->status = dispatch(c->argc, c->argv);
	return NULL;
}

/* Run dispatch() on a thread with VERB_STACK_BYTES of stack (on the main
 * stack if such a thread cannot be made). */
int main(int argc, char **argv)
{
	struct verb_call c = { argc, argv, 0 };
	pthread_attr_t attr;
	pthread_t t;
	bool ok;

	if (pthread_attr_init(&attr) != 0)
		return dispatch(argc, argv);
	ok = pthread_attr_setstacksize(&attr, VERB_STACK_BYTES) == 0 &&
	     pthread_create(&t, &attr, verb_thread, &c) == 0;
	pthread_attr_destroy(&attr);
	if (!ok)
		return dispatch(argc, argv);
	pthread_join(t, NULL);
	return c.status;
}
