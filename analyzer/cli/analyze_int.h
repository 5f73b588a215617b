/*
 * analyze_int.h - what cmd_analyze.c (options, -p, Kbuild mode),
 * analyze_jobs.c (running the files: one program in this process, or the
 * -j pool) and analyze_triage.c (suppressions, baselines) share.
 */
#ifndef MMIOCHECK_CLI_ANALYZE_INT_H
#define MMIOCHECK_CLI_ANALYZE_INT_H

#include "driver/driver.h"
#include "mmiocheck/mmiocheck.h"

#include <limits.h>
#include <stdio.h>

enum out_format { OUT_TEXT, OUT_JSON };

struct cli {
	struct mc_options opt;
	VEC(const char *) rules;
	VEC(const char *) files;
	char *checks;		/* --enable/--disable/-W in order (opt.checks) */
	const char *const *clang_args;
	int nclang;
	enum out_format format;
	bool no_db;
	bool list_models, list_checks, dump_ir;
	/* build integration (docs/kernel.md) */
	const char *compdb;	/* -p DIR */
	int jobs;		/* -j N; 0 = number of CPUs */
	bool kbuild;		/* called by Kbuild as CHECK= */
	bool no_incremental;
	bool print_clang_args;	/* -p: print the clang command per file */
	bool stats;		/* --stats: phase times on stderr */
	bool verbose;		/* -v: name what the summary line counts */
	size_t failed, findings;	/* totals of the last run_jobs */
	struct mc_triage *triage;	/* suppressions, baseline (analyze_triage.c) */
	const char *baseline;	/* --baseline FILE, or NULL */
	bool show_suppressed;	/* --show-suppressed */
	bool prior_errors;	/* an earlier process of this run failed files */
	/* where each file of a kernel tree runs (analyze_place.c) */
	bool print_arches;	/* print each file's placement instead of analyzing */
	void *place;		/* the placements, or NULL */
	char *place_models;	/* the run's models from them */
};

/* One translation unit to analyze. */
struct job {
	const char *file;
	const char *dir;		/* chdir here first (compile_commands), or NULL */
	const char *const *args;
	int nargs;
};

/* Jobs analyzed together as one program by one worker: with -p, the files
 * of one source directory (a kernel module's, mostly); else one file. */
struct job_group {
	size_t *idx;		/* into job_set.jobs */
	size_t n;
	char *name;		/* the file, or "DIR/ (N files)" */
};

/* A file the guard gave up on (analyze_guard.c), to record in the run. */
struct culprit {
	char *path;
	char *reason;
};
typedef VEC(struct culprit) culprit_vec;

/* Everything the workers of one step share, read-only after the fork. */
struct job_set {
	struct cli *c;
	struct mc_options opt;		/* attach_run: the run of this invocation */
	VEC(struct job) jobs;
	VEC(struct job_group) groups;	/* the pool's jobs (run_jobs makes them) */
	VEC(struct mc_result *) keep;	/* --format json: results (one slot only) */
	FILE *diag;			/* where findings are printed */
	struct mc_session *shared;	/* one slot: the caller's session, reused */
	const size_t *orig;		/* guarded: each job's index in the guard's page */
	culprit_vec *culprits;		/* files whose worker died, to record */
	char cwd[PATH_MAX];
};

/* The pool's jobs of set (analyze_groups.c): group_by_directory for -p,
 * else group_each; then name_groups.  free_groups releases them. */
void group_each(struct job_set *set);
void group_by_directory(struct job_set *set);
void name_groups(struct job_set *set);
void free_groups(struct job_set *set);

/* Analyze the jobs of set (set->opt: the options for every session) and
 * print the results; the exit status.  Files without -p or -j are one
 * program in this process; otherwise workers of the pool. */
int run_jobs(struct cli *c, struct job_set *set);

/*
 * Suppressions and the baseline (analyze_triage.c, over mc_triage_*):
 * init before the options are parsed, the option handlers (0, or -1 after
 * printing), finish after the last unit or flush after each one (-j
 * workers, Kbuild); these return the new exit status.
 */
void analyze_triage_init(struct cli *c);
int analyze_triage_baseline(struct cli *c, const char *path);
int analyze_triage_suppress_file(struct cli *c, const char *path);
int analyze_triage_finish(struct cli *c, struct mc_session *s, const char *db_path, int status);
int analyze_triage_flush(struct cli *c, struct mc_session *s, const char *db_path, int status);
void analyze_triage_release(struct cli *c);

/* Mark job j of set done or failed in the guard's page (nothing when
 * unguarded or for a re-check's jobs). */
void mark_job(const struct job_set *set, const struct job *j, bool ok);
/* Record the culprits in s's run and forget them. */
void record_culprits(struct job_set *set, struct mc_session *s);

/* run_jobs in a child process under --max-memory and --max-seconds, again
 * without the files it died on until every file is done or given up
 * (analyze_guard.c); the exit status. */
int run_guarded(struct cli *c, struct job_set *set);

/* What a run notes besides findings (analyze_notes.c): counted for the
 * summary line, named on stderr under -v.  note_result for each result
 * shown, note_rechecked for each file analyzed again. */
void note_result(const struct cli *c, const struct mc_result *r);
void note_rechecked(const struct cli *c, const char *path);
/* The run's summary line on stderr: files, findings, then the notes. */
void print_summary(const struct cli *c, size_t done, size_t reused, size_t parse_errors, size_t failed,
		   size_t findings, const char *suffix);
/* Is the summary line printed?  Not by a Kbuild checker call (one process
 * per file, quiet like sparse on a clean file) unless -v. */
bool summary_wanted(const struct cli *c);

/* Kbuild or -p without --model: place every job's file in its kernel tree
 * and set set->opt's models and placement callback (analyze_place.c).
 * 0, or -1 after a message (a broken rules/arches.json). */
int place_jobs(struct cli *c, struct job_set *set);
/* --print-arches: each job's architectures and models, one line each. */
void place_print(const struct cli *c, const struct job_set *set, FILE *out);
void place_release(struct cli *c);

#endif
