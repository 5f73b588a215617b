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

int main(int argc, char **argv)
{
	if (argc >= 2 && !strcmp(argv[1], "help"))
		return print_verbs();
	for (size_t i = 0; argc >= 2 && i < sizeof(verbs) / sizeof(verbs[0]); i++)
		if (!strcmp(argv[1], verbs[i].name))
			return verbs[i].run(argc - 1, argv + 1);
	return cmd_analyze(argc, argv);
}
