/*
 * stored.h - what the verbs that read a database (report, diff, fix, and
 * analyze --baseline) share: loading a run, the check metadata, the
 * findings that count.
 */
#ifndef MMIOCHECK_CLI_STORED_H
#define MMIOCHECK_CLI_STORED_H

#include "report/report.h"
#include "store/reader.h"
#include "out_file.h"

/* Open db read-only and load run_id (< 0: the newest run).  0, or -1 after
 * printing "mmiocheck: DB: reason". */
int stored_load(const char *db, long long run_id, struct stored_run *out);

/* A baseline: a database (its run run_id, < 0: the newest) or a JSON
 * findings document (docs/json-format.md; run_id ignored).  0, or -1 after
 * printing the error. */
int stored_load_baseline(const char *path, long long run_id, struct stored_run *out);
/* The JSON half of it (baseline_json.c); -1 with "PATH: reason" in err. */
int baseline_json_load(const char *path, struct stored_run *out, struct strbuf *err);

/* The checks of the rules directory (NULL: mc_rules_dir's default) plus
 * extra rule files, for SARIF's tool.driver.rules and for naming the known
 * rules.  0, or -1 after printing the error. */
struct stored_rules {
	struct report_rule *v;
	size_t n;
	char *text;		/* storage the rules point into */
};
int stored_rules_load(const char *rules_dir, const char *const *extra, int nextra, struct stored_rules *out);
void stored_rules_release(struct stored_rules *r);

/*
 * The findings of run that are not suppressed, as shallow copies:
 * shown[i] is a copy of run->results[i] whose findings array holds only
 * the unsuppressed findings (pointing into run's storage).  Free with
 * stored_view_release, never with mc_result_free.
 */
struct stored_view {
	struct mc_result **shown;
	size_t n;
};
void stored_view_unsuppressed(const struct stored_run *run, struct stored_view *out);
void stored_view_release(struct stored_view *v);

/* Make every absolute path of the run under `root` relative to it (in
 * place): file names in reports are then repository paths. */
void stored_run_relativize(struct stored_run *run, const char *root);

/* Does any finding of the results count for the exit status? */
bool stored_any_failure(struct mc_result *const *results, size_t n);

/* Parse "--run ID"; -1 on a bad number (message printed). */
long long stored_parse_run(const char *arg);

/* Report files: out_open / out_close (out_file.h). */

/* "mmiocheck: " usage message and MC_EXIT_ERROR. */
int stored_usage_error(const char *verb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
