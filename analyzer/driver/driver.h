/*
 * driver.h - how mmiocheck is driven by a build: the gcc -> clang flag
 * table, Kbuild's checker command line, compile_commands.json, and the
 * pool of worker processes behind -j N (with progress and Ctrl-C).
 *
 * Flag table (rules/compiler-flags.json, flags.c):
 * The table is data: each entry matches one argument exactly or by prefix
 * and drops it (with the arguments that belong to it), replaces it, or
 * keeps it.  Flags the table does not list are kept; the frontend drops any
 * that clang still rejects and names them, so a build never fails because
 * of a flag.
 */
#ifndef MMIOCHECK_DRIVER_H
#define MMIOCHECK_DRIVER_H

#include "../util/util.h"

struct flag_table;

typedef VEC(char *) strvec;

void strvec_free(strvec *v);

/* Copy a JSON array of strings into out (the rules files' name lists);
 * false if it is not one.  Defined in flags.c. */
struct json_t;
bool driver_json_strings(struct json_t *arr, strvec *out);

/* Load DIR/compiler-flags.json; NULL with "PATH:LINE: reason" in err. */
struct flag_table *flag_table_load(const char *rules_dir, struct strbuf *err);
void flag_table_free(struct flag_table *t);

/*
 * Translate a compiler command line (without the compiler and without the
 * source file) into clang arguments, appended to out (owned copies).  Every
 * argument is either kept, dropped or replaced by the first table entry
 * that matches it, together with the "args" arguments that belong to it
 * (a kept entry keeps them verbatim: -include FILE); a flag with fewer
 * arguments left than belong to it is dropped.  The table's "append" list
 * is added at the end.
 */
void flag_table_filter(const struct flag_table *t, const char *const *argv, int argc, strvec *out);

/* How many entries the table has (for tests and --list output). */
size_t flag_table_size(const struct flag_table *t);

/* ---- Kbuild's checker call (kbuild.c) ---- */

/*
 * Kbuild runs `$(CHECK) $(CHECKFLAGS) $(c_flags) $<`: gcc flags and the
 * source last, no "--".  Is this such a call?  True with --kbuild, or when
 * make exported KBUILD_CHECKSRC and the arguments have no "--".
 */
bool kbuild_is_checker_call(int argc, char **argv);

/*
 * Split a checker call: arguments that are mmiocheck's own long options
 * (is_ours says which, and whether they take a value) go to `ours`, the
 * last argument is the source, everything else is a compiler flag.  -1 if
 * there is no source argument.
 */
typedef int (*kbuild_option_fn)(const char *arg);	/* -1 not ours, else 0/1 values */
int kbuild_split(int argc, char **argv, kbuild_option_fn is_ours, strvec *ours,
		 strvec *flags, char **source);

/* The database a checker process writes: MMIOCHECK_DB, else mmiocheck.db
 * in the external module's directory (KBUILD_EXTMOD) or the tree's top
 * (the directory make runs checkers in).  Caller frees. */
char *kbuild_default_db(void);

/* ---- compile_commands.json (compdb.c) ---- */

struct compdb_entry {
	char *directory;	/* absolute (a relative one is taken relative to the database's directory) */
	char *file;		/* absolute */
	strvec args;		/* the compiler's arguments, without compiler and source */
};
typedef VEC(struct compdb_entry) compdb;

/* Read DIR/compile_commands.json (or the file itself if `path` names it):
 * 0, or -1 with "PATH: reason" in err.  Only C sources are kept. */
int compdb_load(const char *path, compdb *out, struct strbuf *err);
void compdb_free(compdb *db);
/* Split a shell command line as /bin/sh would (quotes, backslashes). */
void shell_split(const char *cmd, strvec *out);

/* ---- worker pool (pool.c) ---- */

/* The outcome of one file of a job. */
struct pool_file {
	char *name;
	unsigned nfindings;	/* warning-level findings */
	unsigned nerrors;	/* parse errors */
	bool reused;		/* carried over, not parsed */
	bool failed;		/* could not be analyzed or stored */
};

/* What a worker reports for one job: a job may be several files (one
 * directory analyzed as one program), each with its own outcome. */
struct pool_reply {
	int status;		/* MC_EXIT_* for this job */
	bool fatal;		/* the database cannot be written: stop the run */
	VEC(struct pool_file) files;
};

/* Record one file's outcome in rep (name copied). */
void pool_reply_file(struct pool_reply *rep, const char *name, unsigned nfindings, unsigned nerrors,
		     bool reused, bool failed);

/*
 * The callbacks of one parallel step.  init runs once in each worker (open
 * a session), work analyzes job `i` and appends what is to be printed on
 * stdout to out, fini closes the worker's state.  With one job slot they
 * run in the calling process.
 */
struct pool_ops {
	void *(*init)(void *arg);
	void (*work)(void *state, size_t job, struct strbuf *out, struct pool_reply *rep);
	void (*fini)(void *state);
	void *arg;
	const char *(*name)(void *arg, size_t job);	/* for the progress line */
	bool progress;		/* show progress on stderr */
	size_t (*nfiles)(void *arg, size_t job);	/* files of a job; NULL: one each */
	/* A worker died on `file` of job (a guarded run: util/guard.h) for
	 * `reason`; NULL: nothing to record. */
	void (*lost)(void *arg, size_t job, const char *file, const char *reason);
};

/* Counted in files, not jobs. */
struct pool_totals {
	size_t done, reused, failed, findings;
	size_t parse_errors;	/* files with parse errors */
	int status;		/* worst job status */
	bool interrupted;	/* Ctrl-C: jobs not started were skipped */
	bool stopped;		/* a fatal reply: jobs not started were skipped */
};

/*
 * Run jobs 0..njobs-1 on `slots` worker processes (forked; no database
 * connection may be open in the caller).  Progress goes to stderr: a
 * redrawn line on a terminal, a plain line per file otherwise.  The first
 * Ctrl-C stops handing out jobs and waits for those in progress, a second
 * one kills them (their units are rolled back); a fatal reply (the
 * database cannot be written) stops handing out jobs too.  Can be called again, e.g.
 * for a second pass over the files whose callee summaries changed.
 */
void pool_run(const struct pool_ops *ops, size_t njobs, int slots, struct pool_totals *tot);

/* ---- where a kernel source file is built (kconfig*.c, kbuild_objects.c,
 * arches.c, kernel_tree.c; docs/kernel.md "Architectures") ---- */

#include <stdint.h>

struct kconfig;

/* Read TREE/Kconfig and what it sources, every architecture's Kconfig
 * too; NULL with a reason in err when TREE has no Kconfig. */
struct kconfig *kconfig_load(const char *tree, struct strbuf *err);
void kconfig_free(struct kconfig *kc);
/* Bit i: SYMBOL can be y or m on architecture i (kconfig_arch) with
 * COMPILE_TEST off.  0 for a symbol no Kconfig defines. */
uint32_t kconfig_arches(struct kconfig *kc, const char *symbol);
size_t kconfig_narches(const struct kconfig *kc);
const char *kconfig_arch(const struct kconfig *kc, size_t i);
bool kconfig_defines(const struct kconfig *kc, const char *symbol);
/* The Kconfig files read, for a cache to check they are unchanged. */
size_t kconfig_nfiles(const struct kconfig *kc);
const char *kconfig_file(const struct kconfig *kc, size_t i);
/* Every symbol name with at least one definition, for fn. */
void kconfig_each_symbol(struct kconfig *kc, void (*fn)(void *arg, const char *name), void *arg);

/* The ways a source file is built: each route is the list of config
 * symbols (without CONFIG_) that must all be y or m; an empty route is
 * built unconditionally.  -1 if no Makefile of the tree names it. */
typedef VEC(strvec) kbuild_routes;
int kbuild_object_routes(const char *tree, const char *source_rel, kbuild_routes *out);
void kbuild_routes_free(kbuild_routes *r);

/* rules/arches.json: each architecture's ordering models by version. */
struct arch_table;
struct arch_table *arch_table_load(const char *rules_dir, struct strbuf *err);
void arch_table_free(struct arch_table *t);

/* A kernel source tree: its top, version and architectures. */
struct kernel_tree;

/* The tree holding `source` (an ancestor directory with Kconfig, Makefile
 * with a VERSION line, and arch/), or NULL.  cache_dir: where the Kconfig
 * answers are cached between processes (NULL: not cached).  Trees are
 * kept for the process; kernel_trees_free releases them. */
struct kernel_tree *kernel_tree_of(const char *source, const char *cache_dir);
void kernel_trees_free(void);
const char *kernel_tree_top(const struct kernel_tree *t);
/* "6.1.192" */
const char *kernel_tree_version(const struct kernel_tree *t);

/* Where one file runs: the architectures it can be built for without
 * COMPILE_TEST, each with its models for the tree's version. */
struct kernel_arch {
	const char *name;	/* "riscv" */
	strvec models;		/* "riscv"; empty: an architecture the table does not list */
};
struct kernel_place {
	VEC(struct kernel_arch) arches;
	strvec notes;		/* rule_notes of the tree's version: "RULE\tdrop_fixit(0|1)\tNOTE" */
	strvec wording;		/* "RULE\tphrase" ("*" for the rest) */
	char *key;		/* arches and models as text, for incremental reuse */
};

/* Place `source` (absolute) in tree t: 0, or -1 when the file cannot be
 * placed (no Makefile names it, or no architecture can build it without
 * COMPILE_TEST).  kernel_place_free releases it. */
int kernel_place_file(struct kernel_tree *t, const struct arch_table *at, const char *source,
		      struct kernel_place *out);
void kernel_place_free(struct kernel_place *p);

#endif
