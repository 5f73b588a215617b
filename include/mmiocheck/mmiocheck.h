/*
 * mmiocheck.h - public C API of mmiocheck.
 *
 * A session holds the rules, the options and (optionally) the findings
 * database.  mc_analyze_file() parses one translation unit, runs the engine
 * under every requested model and stores the unit's findings in one
 * transaction.  What a client then does with findings - load a stored run
 * or a baseline, apply suppressions, compare with a baseline, make the
 * fix-its, prune, merge or query the database - is the second half of the
 * API ("Stored findings" below).  The command-line tool is a client of
 * this API: it parses arguments and prints, and reaches the database only
 * through these calls.
 *
 *	struct mc_options opt;
 *	mc_options_init(&opt);
 *	opt.db_path = "mmiocheck.db";
 *	struct mc_session *s = mc_session_open(&opt, &err);
 *	struct mc_result *res = mc_analyze_file(s, "drv.c", argv, argc, &err);
 *	for (size_t i = 0; i < res->nfindings; i++) use(&res->findings[i]);
 *	mc_result_free(res);
 *	mc_session_close(s);
 */
#ifndef MMIOCHECK_H
#define MMIOCHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define MMIOCHECK_VERSION "0.1.0"

/* Exit statuses of the CLI, also returned by mc_status_of(). */
#define MC_EXIT_CLEAN 0
#define MC_EXIT_FINDINGS 1
#define MC_EXIT_ERROR 2
#define MC_EXIT_INTERRUPTED 130	/* Ctrl-C: what finished is stored */

struct mc_trace_step {
	char *kind;		/* "acquire", "write", "inner-acquire", "trylock",
				 * "inner-release", "barrier", "release", "return" */
	char *file;
	unsigned line, col;
	char *message;
};

/*
 * One path that reaches a defect, under one model: the entry into the
 * function it was found in (file, line, function), the lock held there, the
 * message and trace as that path sees it.  The database stores one row per
 * chain (docs/database.md).
 */
struct mc_chain {
	char *rule;		/* "MMIO001" */
	char *rule_name;	/* "unordered-release" */
	char *severity;		/* "error" | "warning" | "note" */
	char *model;		/* the model this chain holds under */
	char *file;
	unsigned line, col, end_line, end_col;
	char *function;
	char *lock_name;	/* canonical text: "qp->sq.lock" */
	char *lock_type;	/* type path: "struct mlx4_ib_qp::sq.lock" */
	char *lock_kind;	/* "spinlock", "mutex", ... */
	char *accessor;		/* "writel_relaxed", "mmiowb", ... */
	char *message;
	char fingerprint[17];	/* of this path and model (what a finding's
				 * fingerprint was before defects) */
	unsigned fixit_first_line, fixit_last_line;	/* 0 = no fix-it */
	/* The place the fix goes: the escaping write (MMIO001/002/006), the
	 * mmiowb() (003/004), the unlocked write (005), the return of the
	 * unbalanced function (007).  NULL file: not known (old databases). */
	char *site_file;
	unsigned site_line, site_col;
	char *site_function;
	char defect[17];	/* fingerprint of the defect it is evidence of */
	struct mc_trace_step *trace;
	size_t ntrace;
};

/*
 * One defect: a rule and the place its fix goes.  Every path, caller chain
 * and model that reaches it is one of its chains.  The fields from file to
 * trace are those of the representative chain (chains[0]: of the most
 * severe chains, the first in source order) and point into it, so its
 * severity is the highest of the chains;
 * models[] are the distinct models of the chains, in the order reported.
 * Copying the struct copies the pointers: the result that holds it owns
 * everything.
 */
struct mc_finding {
	char *rule;
	char *rule_name;
	char *severity;
	char **models;
	size_t nmodels;
	char *file;
	unsigned line, col, end_line, end_col;
	char *function;
	char *lock_name;
	char *lock_type;
	char *lock_kind;
	char *accessor;
	char *message;
	char fingerprint[17];	/* of the defect: survives unrelated edits and
				 * does not depend on which callers reach it */
	unsigned fixit_first_line, fixit_last_line;	/* 0 = no fix-it */
	char *site_file;	/* where the fix goes (see mc_chain) */
	unsigned site_line, site_col;
	char *site_function;
	struct mc_trace_step *trace;
	size_t ntrace;
	struct mc_chain *chains;	/* every path and model, chains[0] first */
	size_t nchains;	const char *baseline;	/* against a --baseline: "new" or "unchanged"
				 * (a static string); NULL without one */
};

struct mc_file_diag {
	char *file;
	unsigned line, col;
	char *message;
};

struct mc_function_info {
	char *name;
	unsigned line;
	size_t nodes;		/* IR nodes */
	size_t states;		/* path states explored */
	bool truncated;		/* the per-node state bound was hit */
	bool capped;		/* its summary was cut to lock events */
	bool not_checked;	/* holds a parse error: checked for nothing */
};

/* Result of analyzing one translation unit. */
struct mc_result {
	char *path;
	bool parsed;		/* false: could not be parsed at all */
	size_t nerrors;		/* clang errors; analysis covers what parsed */
	struct mc_file_diag *errors;
	size_t nfunctions;
	struct mc_function_info *functions;
	char content_hash[17];	/* of the main file */
	size_t nfindings;
	struct mc_finding *findings;
	bool truncated;		/* a state bound was hit somewhere */
	size_t ncapped;		/* function summaries cut to lock events (too
				 * large, or recursion that did not settle) */
	size_t unknown_calls;	/* indirect calls with no known target */
	size_t nnot_checked;	/* functions holding a parse error: no
				 * findings, no summary (docs/analysis.md) */
	bool timed_out;		/* --max-seconds ran out for it */
	bool over_budget;	/* a function's path states outgrew an eighth
				 * of max_memory: it was stopped, degraded */

	bool reused;		/* inputs unchanged: carried over, not parsed */
	char **dropped_args;	/* arguments clang rejected, dropped for the parse */
	size_t ndropped_args;
};

/*
 * Where a translation unit runs (Kbuild and -p on a kernel tree,
 * docs/kernel.md "Architectures"): the models its findings are kept under,
 * each with the architectures it describes.  A finding under none of them
 * is dropped before it is stored; a kept one says where it applies
 * ("fails on riscv, powerpc").
 */
struct mc_place_model {
	const char *model;	/* "riscv" */
	const char *arches;	/* "riscv, powerpc"; NULL: the documented contract (--pedantic) */
};
struct mc_rule_note {
	const char *rule;	/* "MMIO003" */
	const char *note;	/* replaces the advice at the end of its message */
	bool drop_fixit;
};
struct mc_placement {
	const struct mc_place_model *models;
	size_t nmodels;
	const struct mc_rule_note *notes;
	size_t nnotes;
	const char *const *wording;	/* "RULE\tfails on", "*\tapplies on" */
	size_t nwording;
	const char *arches;	/* every architecture, "x86, arm64"; NULL: the unit is
				 * not placed, its findings are only filtered */
	const char *key;	/* identifies the placement: a change re-analyzes the unit */
};
/* The placement of the unit at `path` (as given to mc_analyze_*), or NULL:
 * keep every finding. */
typedef const struct mc_placement *(*mc_place_fn)(void *arg, const char *path);

/* --max-states when none is given: path states kept per CFG node. */
#define MC_DEFAULT_MAX_STATES 128

struct mc_options {
	const char *rules_dir;		/* NULL: mc_rules_dir() decides */
	const char *const *extra_rules;	/* --rules FILE... */
	int nextra_rules;
	const char *models;		/* comma list; NULL: "contract,ppc64-legacy" */
	const char *db_path;		/* NULL: no database */
	bool preempt_rt;
	int max_states;			/* per CFG node; 0 = MC_DEFAULT_MAX_STATES */
	int max_seconds;		/* --max-seconds: analysis time per unit; 0 = none */
	size_t max_memory;		/* --max-memory: a function's path states may
					 * take an eighth of it; 0 = no bound */
	const char *source_root;	/* paths in findings relative to this */
	const char *argv_text;		/* recorded in the runs table */
	bool strict;			/* MMIO005 also in probe/init/remove paths */
	bool pedantic;			/* --pedantic: also the documented contract
					 * on a kernel tree, and MMIO005 on weak
					 * evidence (docs/rules/MMIO005.md) */
	const char *checks;		/* checks turned on or off, in order: a comma
					 * list of ids or names ("MMIO007",
					 * "lock-imbalance", "all"), "-" before one
					 * turns it off; NULL: the rules' defaults */
	/* Kbuild mode: shared runs and incremental reuse (docs/kernel.md) */
	const char *run_name;		/* add to the run of this name (created by
					 * the first process); Kbuild mode */
	long long attach_run;		/* > 0: add to this run (-j workers); the
					 * session does not finish it */
	bool incremental;		/* reuse units whose inputs are unchanged */
	bool defer_recheck;		/* do not analyze stale callers again: the
					 * caller does (mc_session_stale_files) */
	bool force_parse;		/* never reuse a stored unit (re-checks) */
	bool no_header_cache;		/* parse kernel headers whole, not from
					 * copies without their function bodies
					 * (docs/kernel.md, section 6) */
	const char *header_cache;	/* where those copies are kept; NULL:
					 * .mmiocheck-headers beside the database
					 * (none without one) */
	mc_place_fn place;		/* where each unit runs, or NULL */
	void *place_arg;
};

struct mc_session;

void mc_options_init(struct mc_options *opt);
/* NULL on error, with a message in *err (caller frees). */
struct mc_session *mc_session_open(const struct mc_options *opt, char **err);
/* NULL on an input error (missing/unreadable/binary file, database error),
 * message in *err.  A file with parse errors still yields a result. */
struct mc_result *mc_analyze_file(struct mc_session *s, const char *path,
				  const char *const *clang_args, int nargs, char **err);
/*
 * Analyze several files as one program: function summaries flow between
 * them (a wrapper in one file, its callers in another), and the result does
 * not depend on their order.  Files analyzed in earlier runs of the same
 * database whose callees' summaries changed are analyzed again and their
 * results appended.  *results (caller frees each and the array) has one
 * entry per file.  Returns 0, or -1 with *err on an input error.
 */
int mc_analyze_files(struct mc_session *s, const char *const *paths, size_t n,
		     const char *const *clang_args, int nargs,
		     struct mc_result ***results, size_t *nresults, char **err);
/* One translation unit of mc_analyze_inputs: a file and its clang
 * arguments (the arguments of a compile_commands.json entry, translated). */
struct mc_input {
	const char *path;
	const char *const *args;
	int nargs;
};
/* mc_analyze_files with arguments of each file's own: e.g. the files of
 * one directory of a compilation database, analyzed as one program. */
int mc_analyze_inputs(struct mc_session *s, const struct mc_input *in, size_t n,
		      struct mc_result ***results, size_t *nresults, char **err);
/* How many stale callers mc_analyze_files analyzed again. */
size_t mc_session_rechecked(const struct mc_session *s);
void mc_result_free(struct mc_result *r);
/* Mark the run finished in the database.  Returns 0 or -1 (*err set). */
int mc_session_finish(struct mc_session *s, char **err);
void mc_session_close(struct mc_session *s);

/* Is `path` something we can analyze (exists, regular, readable, not
 * binary)?  0, or -1 with "PATH: reason" in *err. */
int mc_check_input(const char *path, char **err);
/* Print the event IR of every function in `path` (debugging aid). */
int mc_dump_ir(struct mc_session *s, const char *path, const char *const *clang_args,
	       int nargs, FILE *out, char **err);
/* --list-models / --list-checks output. */
void mc_list_models(const struct mc_session *s, FILE *out);
void mc_list_checks(const struct mc_session *s, FILE *out);
/* Does the finding count for the exit status (warning or error)? */
bool mc_finding_is_failure(const struct mc_finding *f);
/* How many distinct paths (entry places) reach the defect: its chains
 * without counting a path once per model. */
size_t mc_finding_paths(const struct mc_finding *f);
/* Does a chain of f come into its function at the same place as chains[k]
 * of an earlier index (the same path under another model)? */
bool mc_chain_repeats_path(const struct mc_finding *f, size_t k);

/* The models actually run, for reports ("contract", "ppc64-legacy"). */
size_t mc_session_models(const struct mc_session *s, const char *const **names);
long long mc_session_run_id(const struct mc_session *s);

/* The run's final status is "interrupted" (Ctrl-C). */
void mc_session_mark_interrupted(struct mc_session *s);
/* Did storing a unit fail (disk full, database locked too long)?  Then
 * further units will most likely fail too. */
bool mc_session_store_failed(const struct mc_session *s);
/* The run's final status is "failed": units could not be stored (in a
 * worker process). */
void mc_session_mark_store_failed(struct mc_session *s);
/* The run's final status is "errors" (a worker process saw them). */
void mc_session_mark_errors(struct mc_session *s);
/* Record in the run that the file at `path` was not analyzed and why (a
 * unit that did not parse, whose one parse error is "not analyzed:
 * REASON"); marks the run's status "errors".  0, or -1 with *err set. */
int mc_session_store_unanalyzed(struct mc_session *s, const char *path, const char *reason, char **err);
/* The rules directory the options resolve to: --rules-dir, else
 * $MMIOCHECK_RULES, else ../share/mmiocheck/rules next to the executable (in
 * a build tree: the source rules/).  Also where compiler-flags.json is read. */
const char *mc_rules_dir(const struct mc_options *opt);
/* Units reused (not parsed) by this session. */
size_t mc_session_reused(const struct mc_session *s);

/* Where a session's time went (CPU seconds per phase, summed over its
 * files) and how much work the engine did (mmiocheck --stats). */
struct mc_stats {
	double parse;			/* libclang parsing the files */
	double lower;			/* clang AST to event IR */
	double lower_headers;		/* ... of it, driver header functions */
	double summaries;		/* callee summaries of the program */
	double engine;			/* path walks and checks (all models in one walk) */
	double store;			/* writing results to the database */
	size_t files, functions;	/* files parsed, functions analyzed */
	size_t visits, states;		/* (node, state) pairs processed, states made */
	size_t bounded;			/* functions that hit the per-node state bound */
	size_t capped;			/* summaries cut to lock events */
	size_t headers_solved;		/* driver header functions summarized */
	size_t headers_reused;		/* ... taken from the database instead */
	size_t headers_stripped;	/* kernel headers read without bodies */
	size_t headers_copied;		/* ... copies made of them */
	size_t reparsed;		/* parses redone (a stale copy, an error) */
	int nmodels;			/* models in the walk (hidden ones too) */
};
/* The session's totals so far. */
void mc_session_stats(const struct mc_session *s, struct mc_stats *out);
/* Shown paths of the stored files whose callee summaries changed since
 * they were analyzed (to analyze again, each with its own flags; -p). */
int mc_session_stale_files(struct mc_session *s, char ***paths, size_t *n, char **err);
/* The path findings show for `path` (relative to --source-root). */
const char *mc_display_path(const struct mc_session *s, const char *path);
/* Parse every file from now on, even if a stored unit could be reused
 * (stale callers being analyzed again), or not (on = false). */
void mc_session_force_parse(struct mc_session *s, bool on);

/* ==== Stored findings: runs, baselines, suppressions, fix-its, queries ====
 *
 * What a client does with findings after (or beside) an analysis, on the
 * findings database (docs/database.md) or a JSON findings document
 * (docs/json-format.md).  Every function that can fail returns 0 (or a
 * count, or a pointer) on success and -1 (or NULL) with a message
 * "PATH: reason" in *err, which the caller frees; none prints, except the
 * fix-it notes of mc_fix_file.
 */

/* Why a finding is suppressed (an ignore comment or a --suppress line). */
struct mc_suppression {
	char *kind;		/* "inSource" or "external" (the SARIF names) */
	char *reason;		/* never NULL; "" when none was given */
	char *origin;		/* "drv.c:41", "suppress.txt:3" */
};

/*
 * One stored run.  results[i] is the i-th files row (sorted by path) with
 * its parse errors, functions and findings (in the order they were stored,
 * each with its trace).  suppressed[i] has results[i]->nfindings entries:
 * the suppression of each finding, or NULL when it is not suppressed.
 */
struct mc_run {
	long long run_id;
	char *models;		/* "contract,ppc64-legacy" */
	char *cwd;		/* working directory of the run */
	char *status;		/* "ok", "errors", "running", ... */
	struct mc_result **results;
	struct mc_suppression ***suppressed;
	size_t nresults;
};

/* Load run run_id (< 0: the newest) of the database at db, opened
 * read-only (a missing file is an error, never created). */
int mc_run_load(const char *db, long long run_id, struct mc_run *out, char **err);
/* A baseline: a database (its run run_id, < 0: the newest) or a JSON
 * findings document (run_id ignored), told apart by its first byte. */
int mc_run_load_baseline(const char *path, long long run_id, struct mc_run *out, char **err);
void mc_run_release(struct mc_run *run);
/* Make every absolute path of the run under `root` relative to it (in
 * place): file names in reports are then repository paths. */
void mc_run_relativize(struct mc_run *run, const char *root);

/*
 * The findings of a run that are not suppressed, as shallow copies:
 * shown[i] is a copy of run->results[i] whose findings array holds only
 * the unsuppressed findings (pointing into the run's storage).  Free with
 * mc_run_view_release, never with mc_result_free.
 */
struct mc_run_view {
	struct mc_result **shown;
	size_t n;
};
void mc_run_unsuppressed(const struct mc_run *run, struct mc_run_view *out);
void mc_run_view_release(struct mc_run_view *v);

/*
 * Baselines: new / fixed / unchanged findings between two sets of results.
 * A finding matches a baseline finding of the same defect fingerprint, or
 * one that shares a chain's fingerprint (a baseline written before
 * defects).  Each baseline finding matches once.  The lists point into
 * the results, sorted by file, line, column, rule.
 */
struct mc_finding_list {
	const struct mc_finding **v;
	size_t n, cap;
};
struct mc_baseline_diff {
	struct mc_finding_list added;	/* in current only */
	struct mc_finding_list fixed;	/* in baseline only */
	struct mc_finding_list same;	/* in both (the current finding) */
};
void mc_baseline_compare(struct mc_result *const *base, size_t nbase, struct mc_result *const *cur,
			 size_t ncur, struct mc_baseline_diff *out);
void mc_baseline_diff_release(struct mc_baseline_diff *d);

/*
 * Triage of an analysis as it runs: ignore comments in the analyzed
 * sources (always honoured), --suppress files, and a baseline.
 * mc_triage_unit() after each analyzed unit moves its suppressed findings
 * to the end of r->findings, counts only the others in r->nfindings and
 * marks each shown finding "new" or "unchanged" against the baseline;
 * mc_triage_finish() (whole run) or mc_triage_flush() (one unit at a time:
 * a -j worker, a Kbuild checker) records the suppressions in the run's
 * database, compares with the baseline and restores every r->nfindings.
 * A suppressed finding is still stored.  Printing is the client's: it
 * gets the notes (a comment without a reason, malformed or matching
 * nothing; a suppression-file entry matching nothing) and, when it asks,
 * each suppressed finding through the callbacks.
 */
struct mc_triage_callbacks {
	/* A note about a suppression: at file:line:col, or at `file` alone
	 * (line 0: `file` is "FILE:LINE" of a suppression file). */
	void (*note)(void *arg, const char *file, unsigned line, unsigned col, const char *msg);
	/* A finding that was suppressed, and why; NULL: not told. */
	void (*suppressed)(void *arg, const struct mc_finding *f, const struct mc_suppression *why);
	/* Does a finding count against the baseline?  NULL: mc_finding_is_failure. */
	bool (*fails)(const struct mc_finding *f);
	void *arg;
};
struct mc_triage;
struct mc_triage *mc_triage_new(const struct mc_triage_callbacks *cb);
void mc_triage_free(struct mc_triage *t);
/* Compare with the baseline at path (mc_run_load_baseline, newest run). */
int mc_triage_baseline(struct mc_triage *t, const char *path, char **err);
/* Add the entries of a suppression file ("FILE:LINE: reason" on error). */
int mc_triage_suppress_file(struct mc_triage *t, const char *path, char **err);
/* After each analyzed unit: r as analyzed from path (NULL for a unit
 * analyzed again because a callee changed: r->path is read). */
void mc_triage_unit(struct mc_triage *t, const char *path, struct mc_result *r);
/* The units since the last finish or flush against the baseline. */
struct mc_baseline_counts {
	bool compared;		/* there is a baseline */
	long long base_run;	/* its run id (a JSON document's "run_id") */
	size_t added, added_failures, fixed, same;
};
/* After the last unit: note the unused suppression-file entries, compare
 * the units with the baseline (*counts), record the suppressions in the
 * database at db_path (run of s; NULL: none) and restore the counts.
 * 0, or -1 with *err when recording failed (the counts are still set). */
int mc_triage_finish(struct mc_triage *t, struct mc_session *s, const char *db_path,
		     struct mc_baseline_counts *counts, char **err);
/* The same for the units since the last flush, which are then forgotten;
 * unused suppression-file entries are not noted in this mode. */
int mc_triage_flush(struct mc_triage *t, struct mc_session *s, const char *db_path,
		    struct mc_baseline_counts *counts, char **err);

/*
 * Fix-its: the line ranges a finding says to delete (the redundant
 * mmiowb() statements of MMIO003) as a unified diff or a new file text.
 * A deletion also takes the comment lines directly above it that only
 * explain the barrier; a range whose lines hold more than the statement,
 * or whose statement is the body of a brace-less if/else/for/while, is
 * skipped with a note on stderr ("FILE:LINE: note: fix-it skipped: ...").
 */
struct mc_fix_range {
	unsigned first, last;	/* 1-based, inclusive */
};
struct mc_fix_file {
	const char *shown;		/* path in the diff (a/SHOWN, b/SHOWN) */
	const char *path;		/* where to read it */
	const char *expect_hash;	/* content hash at analysis time, or NULL */
	struct mc_fix_range *ranges;
	size_t nranges;
};
/* What mc_fix_file makes: the unified diff (3 lines of context; "" when
 * nothing is removed) and the new text of the file, each malloc'd with
 * its length (a source may hold NUL bytes). */
struct mc_fix_output {
	char *diff;
	size_t diff_len;
	char *text;
	size_t text_len;
};
/* Read the file, check its hash, widen and check the ranges.  Returns the
 * number of statements removed (*out set; the caller frees its texts), or
 * -1 with *err (changed since the analysis, unreadable). */
int mc_fix_file(const struct mc_fix_file *ff, struct mc_fix_output *out, char **err);

/* ---- The database itself: prune, merge, query ---- */

struct mc_db;
/* Open or create (and upgrade) a database for writing. */
struct mc_db *mc_db_open(const char *path, char **err);
/* Open an existing database read-only for queries; an older schema is
 * upgraded first (*upgraded set: a client says so). */
struct mc_db *mc_db_open_query(const char *path, bool *upgraded, char **err);
void mc_db_close(struct mc_db *db);
/* The schema version this build writes. */
int mc_db_schema_version(void);

struct mc_gc_stats {
	long long runs_deleted, files_deleted, findings_deleted;
	long long bytes_before, bytes_after;	/* database file (plus WAL) size */
};
/* Delete every run but the `keep` newest (keep < 0: none) of the existing
 * database at path, then VACUUM if asked (never creates a database). */
int mc_db_gc(const char *path, long long keep, bool vacuum, struct mc_gc_stats *out, char **err);

struct mc_merge_stats {
	long long runs_added, runs_known;
	long long files_added, files_replaced, files_kept;
	long long findings_added;
	char *skipped_tables;	/* tables not merged ("a, b"), or NULL; caller frees */
};
/* Merge the database at in_path (checked first; an older one upgraded in
 * place) into out, in one transaction: all or nothing. */
int mc_db_merge(struct mc_db *out, const char *in_path, struct mc_merge_stats *ms, char **err);

/* What a finding query may be grouped by (mmiocheck query --group-by). */
enum mc_query_group { MC_GROUP_RULE, MC_GROUP_FILE, MC_GROUP_FUNCTION, MC_GROUP_LOCK, MC_GROUP_MODEL,
		      MC_GROUP_COUNT };
/* The key for a --group-by word ("rule", "file", ...), or -1. */
int mc_query_group_by_name(const char *name);
/* Filters of a finding query; NULL / 0 = no filter. */
struct mc_query_filter {
	const char *rule;	/* exact check id: MMIO001 */
	const char *file_glob;	/* GLOB over the finding's path */
	const char *function;	/* exact function name */
	const char *lock;	/* exact lock_name or lock_type */
	const char *model;	/* exact model name */
	long long run;		/* a run id; 0 = the latest analysis of each file */
	const char *since;	/* runs started at or after this ISO time */
	enum mc_query_group group[MC_GROUP_COUNT];
	int ngroup;		/* 0: one row per finding */
	bool per_model;		/* rows are chains (path and model), not defects */
};
enum mc_value_type { MC_VALUE_NULL, MC_VALUE_INT, MC_VALUE_REAL, MC_VALUE_TEXT };
/* One result row; values[i] is NULL for SQL NULL.  For the header call
 * (once, before any row) values and types are NULL. */
struct mc_row {
	int ncols;
	const char *const *names;
	const char *const *values;
	const enum mc_value_type *types;
};
/* Called for the header and each row; non-zero stops the query. */
typedef int (*mc_row_fn)(void *arg, const struct mc_row *row);
int mc_db_query_findings(struct mc_db *db, const struct mc_query_filter *qf, mc_row_fn fn, void *arg,
			 char **err);
/* One read-only SQL statement (SELECT, WITH, read-only PRAGMA), stopped
 * after max_ms milliseconds (0: no limit). */
#define MC_QUERY_DEFAULT_MS 5000
int mc_db_query_sql(struct mc_db *db, const char *sql, unsigned max_ms, mc_row_fn fn, void *arg, char **err);

#endif
