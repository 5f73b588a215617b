/*
 * mmiocheck.h - public C API of mmiocheck.
 *
 * A session holds the rules, the options and (optionally) the findings
 * database.  mc_analyze_file() parses one translation unit, runs the engine
 * under every requested model and stores the unit's findings in one
 * transaction.  The command-line tool is a client of this API.
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
 * trace are those of the representative chain (chains[0]: the first in
 * source order) and point into it; severity is the highest of the chains;
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
	bool timed_out;		/* --max-seconds ran out for it */

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

struct mc_options {
	const char *rules_dir;		/* NULL: mc_rules_dir() decides */
	const char *const *extra_rules;	/* --rules FILE... */
	int nextra_rules;
	const char *models;		/* comma list; NULL: "contract,ppc64-legacy" */
	const char *db_path;		/* NULL: no database */
	bool preempt_rt;
	int max_states;			/* per CFG node; 0 = default */
	int max_seconds;		/* --max-seconds: analysis time per unit; 0 = none */
	const char *source_root;	/* paths in findings relative to this */
	const char *argv_text;		/* recorded in the runs table */
	bool strict;			/* MMIO005 also in probe/init/remove paths */
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
/* The run's final status is "errors" (a worker process saw them). */
void mc_session_mark_errors(struct mc_session *s);
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
	double summaries;		/* callee summaries of the program */
	double engine;			/* path walks and checks (all models in one walk) */
	double store;			/* writing results to the database */
	size_t files, functions;	/* files parsed, functions analyzed */
	size_t visits, states;		/* (node, state) pairs processed, states made */
	size_t bounded;			/* functions that hit the per-node state bound */
	size_t capped;			/* summaries cut to lock events */
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

#endif
