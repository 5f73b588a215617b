/*
 * cli.h - the verbs of the mmiocheck command line.
 *
 * main.c picks a verb by the first argument and calls its cmd_*() with
 * argv[0] set to the verb; each verb lives in its own cmd_<verb>.c and is a
 * client of the public API (include/mmiocheck) and of the report/store
 * layers.  Every verb returns an exit status: MC_EXIT_CLEAN (0),
 * MC_EXIT_FINDINGS (1) or MC_EXIT_ERROR (2).
 */
#ifndef MMIOCHECK_CLI_H
#define MMIOCHECK_CLI_H

#include "mmiocheck/mmiocheck.h"

#include <stdbool.h>

int cmd_analyze(int argc, char **argv);	/* default verb: analyze files */
int cmd_report(int argc, char **argv);	/* export a run: sarif, github, gitlab, html, ... */
int cmd_diff(int argc, char **argv);	/* new / fixed / unchanged between runs */
int cmd_query(int argc, char **argv);	/* filtered queries and read-only SQL */
int cmd_merge(int argc, char **argv);	/* combine sharded databases */
int cmd_gc(int argc, char **argv);	/* prune old runs, vacuum */
int cmd_rules(int argc, char **argv);	/* list loaded rules, frameworks */
int cmd_fix(int argc, char **argv);	/* fix-its as a diff or applied */

/*
 * --fail-on LEVEL (fail_on.c): findings of LEVEL ("note", "warning",
 * "error") or above make the verb exit 1; NULL: none do.  The default is
 * "warning".  cli_fail_on returns -1 for an unknown level.
 */
#define CLI_FAIL_ON_LEVELS "error, warning or note"
int cli_fail_on(const char *level);
bool cli_finding_fails(const struct mc_finding *f);

/* A verb not built yet: says so, exit status 2. */
int cmd_unavailable(const char *verb);

#endif
