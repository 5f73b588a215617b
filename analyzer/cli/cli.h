/*
 * cli.h - the verbs of the mmiocheck command line.
 *
 * main.c picks a verb by the first argument and calls its cmd_*() with
 * argv[0] set to the verb; each verb lives in its own cmd_<verb>.c and is a
 * client of the public API (include/mmiocheck: analysis, stored runs,
 * baselines, suppressions, fix-its, the database) that parses arguments
 * and prints, through report/ for the report formats.  Every verb returns
 * an exit status: MC_EXIT_CLEAN (0), MC_EXIT_FINDINGS (1) or
 * MC_EXIT_ERROR (2).
 */
#ifndef MMIOCHECK_CLI_H
#define MMIOCHECK_CLI_H

#include "mmiocheck/mmiocheck.h"
#include "report/report.h"

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
/* How many findings of the list fail; does any finding of the results? */
size_t cli_count_failures(const struct mc_finding_list *l);
bool cli_any_failure(struct mc_result *const *results, size_t n);

/*
 * A usage error of a verb (usage.c), in one style for every verb:
 * "mmiocheck: VERB: MESSAGE (see mmiocheck VERB --help)", or for the
 * analyze verb (verb NULL) "mmiocheck: MESSAGE (see mmiocheck --help)".
 * The message is printed as one line with control bytes and bytes that
 * are not UTF-8 as '?', so an argument from the command line cannot break
 * it.  Returns MC_EXIT_ERROR.
 */
int cli_usage_error(const char *verb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Parse "--run ID"; -1 after a message for a bad number. */
long long cli_parse_run(const char *arg);

/* Option codes of --db and --run, which every verb that reads a stored run
 * takes (fix, report, diff); a verb's own codes start at CLI_OPT_VERB. */
enum { CLI_OPT_DB = 256, CLI_OPT_RUN, CLI_OPT_VERB };
/*
 * An option getopt_long returned that is not the verb's own: --db and
 * --run (into *db and *run), -h (prints usage), a missing value or an
 * unknown option (a usage error naming it).  -1 to go on, else the exit
 * status to stop with.  The verbs share it so they read and refuse these
 * options in one way.
 */
int cli_stored_run_option(const char *verb, const char *usage, int o, char **argv, const char **db,
			  long long *run);

/* Load a stored run, or a baseline (mc_run_load, mc_run_load_baseline);
 * 0, or -1 after printing "mmiocheck: PATH: reason" (read_run.c). */
int cli_load_run(const char *db, long long run_id, struct mc_run *out);
int cli_load_baseline(const char *path, long long run_id, struct mc_run *out);

/* The checks of the rules directory (NULL: mc_rules_dir's default) plus
 * extra rule files, for SARIF's tool.driver.rules and for naming the known
 * rules.  0, or -1 after printing the error. */
struct cli_checks {
	struct report_rule *v;
	size_t n;
	char *text;		/* storage the rules point into */
};
int cli_checks_load(const char *rules_dir, const char *const *extra, int nextra, struct cli_checks *out);
void cli_checks_release(struct cli_checks *c);

/* A verb not built yet: says so, exit status 2. */
int cmd_unavailable(const char *verb);

#endif
