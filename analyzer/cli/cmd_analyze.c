/*
 * cmd_analyze.c - `mmiocheck [analyze] [options] FILE.c... [-- FLAGS]`,
 * the default verb: parse, analyze, store and print findings.
 *
 * Exit status: 0 no warning-level findings, 1 findings, 2 usage or input
 * error (also when a file had parse errors; what parsed is still reported).
 */
#include "analyze_hooks.h"	/* issue 5: --baseline, --suppress, --show-suppressed */
#include "cli.h"
#include "driver/driver.h"
#include "mmiocheck/mmiocheck.h"
#include "report/report.h"
#include "util/util.h"

#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum out_format { OUT_TEXT, OUT_JSON };

struct cli {
	struct mc_options opt;
	VEC(const char *) rules;
	VEC(const char *) files;
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
	size_t failed, findings;	/* totals of the last run_jobs */
	struct analyze_hooks hooks;	/* issue 5 (analyze_hooks.h) */
};

static const char usage_text[] =
	"usage: mmiocheck [analyze] [options] FILE.c... [-- COMPILER FLAGS]\n"
	"       mmiocheck COMMAND ... (see mmiocheck help)\n"
	"\n"
	"Finds MMIO writes that can leave the spinlock section protecting them unordered.\n"
	"\n"
	"  --model LIST       models to judge under, comma separated, or 'all'\n"
	"                     (default: contract,ppc64-legacy; see --list-models)\n"
	"  --rules FILE       load an extra rules file (repeatable)\n"
	"  --db PATH          findings database (default: ./mmiocheck.db)\n"
	"  --no-db            do not write a database\n"
	"  --format FMT       text (gcc-style, default) or json, on stdout\n"
	"  --preempt-rt       spinlock_t is a sleeping lock (PREEMPT_RT)\n"
	"  --strict           MMIO005 also in probe/init/remove paths\n"
	"  --max-states N     path states kept per CFG node (default 64)\n"
	"  --max-seconds N    stop analyzing a file after N s (its results are partial)\n"
	"  --source-root DIR  show file names relative to DIR\n"
	"  --list-models      print the models and exit\n"
	"  --list-checks      print the checks and exit\n"
	"  --dump-ir          print the event IR of each function instead\n"
	"  --baseline FILE    exit 1 only for findings not in FILE (a database or JSON report)\n"
	"  --suppress FILE    suppression file (fingerprint or RULE:FILE:FUNCTION, reason)\n"
	"  --show-suppressed  also print the suppressed findings (as notes)\n"
	"  -p DIR             analyze the C files of DIR/compile_commands.json\n"
	"  -j N               files analyzed in parallel (default: number of CPUs with\n"
	"                     -p, else 1: the FILEs are analyzed as one program)\n"
	"  --no-incremental   parse every file even if its inputs are unchanged\n"
	"  --print-clang-args with -p: print the clang -fsyntax-only command of each\n"
	"                     file (the flags after the table) instead of analyzing\n"
	"  --kbuild           Kbuild checker mode (make C=1 CHECK=mmiocheck; automatic\n"
	"                     when make runs it): gcc flags, diagnostics on stderr,\n"
	"                     MMIOCHECK_DB, MMIOCHECK_RUN\n"
	"  --version          print the version and exit\n"
	"  -h, --help         print this help and exit\n"
	"\n"
	"Exit status: 0 clean, 1 findings, 2 usage or input error, 130 interrupted.\n"
	"In Kbuild mode findings exit 0 (1 with MMIOCHECK_WERROR=1).\n";

enum {
	OPT_MODEL = 256, OPT_RULES, OPT_DB, OPT_NO_DB, OPT_FORMAT, OPT_PREEMPT_RT,
	OPT_MAX_STATES, OPT_MAX_SECONDS, OPT_SOURCE_ROOT, OPT_LIST_MODELS, OPT_LIST_CHECKS, OPT_DUMP_IR,
	OPT_VERSION, OPT_STRICT, OPT_NO_INCREMENTAL, OPT_KBUILD, OPT_PRINT_CLANG_ARGS,
	OPT_BASELINE, OPT_SUPPRESS, OPT_SHOW_SUPPRESSED,	/* issue 5 */
};

static const struct option long_options[] = {
	{ "model", required_argument, NULL, OPT_MODEL },
	{ "rules", required_argument, NULL, OPT_RULES },
	{ "db", required_argument, NULL, OPT_DB },
	{ "no-db", no_argument, NULL, OPT_NO_DB },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "preempt-rt", no_argument, NULL, OPT_PREEMPT_RT },
	{ "strict", no_argument, NULL, OPT_STRICT },
	{ "max-states", required_argument, NULL, OPT_MAX_STATES },
	{ "max-seconds", required_argument, NULL, OPT_MAX_SECONDS },
	{ "source-root", required_argument, NULL, OPT_SOURCE_ROOT },
	{ "list-models", no_argument, NULL, OPT_LIST_MODELS },
	{ "list-checks", no_argument, NULL, OPT_LIST_CHECKS },
	{ "dump-ir", no_argument, NULL, OPT_DUMP_IR },
	{ "version", no_argument, NULL, OPT_VERSION },
	{ "no-incremental", no_argument, NULL, OPT_NO_INCREMENTAL },
	{ "kbuild", no_argument, NULL, OPT_KBUILD },
	{ "print-clang-args", no_argument, NULL, OPT_PRINT_CLANG_ARGS },
	{ "baseline", required_argument, NULL, OPT_BASELINE },
	{ "suppress", required_argument, NULL, OPT_SUPPRESS },
	{ "show-suppressed", no_argument, NULL, OPT_SHOW_SUPPRESSED },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

static int usage_error(const char *fmt, const char *arg)
{
	fprintf(stderr, "mmiocheck: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, " (see mmiocheck --help)\n");
	return MC_EXIT_ERROR;
}

/* Parse argv up to "--"; returns -1 to continue, else an exit status. */
static int parse_args(struct cli *c, int argc, char **argv)
{
	int nopt = argc;

	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--")) {
			nopt = i;
			c->clang_args = (const char *const *)argv + i + 1;
			c->nclang = argc - i - 1;
			break;
		}
	opterr = 0;
	optind = 1;
	for (;;) {
		int longidx = 0;
		int o = getopt_long(nopt, argv, ":hp:j:", long_options, &longidx);
		char *end;

		if (o == -1)
			break;
		switch (o) {
		case OPT_MODEL: c->opt.models = optarg; break;
		case OPT_RULES: VEC_PUSH(c->rules, optarg); break;
		case OPT_DB: c->opt.db_path = optarg; break;
		case OPT_NO_DB: c->no_db = true; break;
		case OPT_FORMAT:
			if (!strcmp(optarg, "text"))
				c->format = OUT_TEXT;
			else if (!strcmp(optarg, "json"))
				c->format = OUT_JSON;
			else
				return usage_error("unknown --format '%s' (text or json)", optarg);
			break;
		case OPT_PREEMPT_RT: c->opt.preempt_rt = true; break;
		case OPT_STRICT: c->opt.strict = true; break;
		case OPT_MAX_STATES:
			c->opt.max_states = (int)strtol(optarg, &end, 10);
			if (*end || c->opt.max_states < 1 || c->opt.max_states > 100000)
				return usage_error("bad --max-states '%s' (1..100000)", optarg);
			break;
		case OPT_MAX_SECONDS:
			c->opt.max_seconds = (int)strtol(optarg, &end, 10);
			if (!*optarg || *end || c->opt.max_seconds < 1 || c->opt.max_seconds > 86400)
				return usage_error("bad --max-seconds '%s' (1..86400)", optarg);
			break;
		case OPT_SOURCE_ROOT: c->opt.source_root = optarg; break;
		case OPT_LIST_MODELS: c->list_models = true; break;
		case OPT_LIST_CHECKS: c->list_checks = true; break;
		case OPT_DUMP_IR: c->dump_ir = true; break;
		case OPT_NO_INCREMENTAL: c->no_incremental = true; break;
		case OPT_KBUILD: c->kbuild = true; break;
		case OPT_PRINT_CLANG_ARGS: c->print_clang_args = true; break;
		case OPT_BASELINE:	/* issue 5 hook */
			if (analyze_hooks_baseline(&c->hooks, optarg) < 0)
				return MC_EXIT_ERROR;
			break;
		case OPT_SUPPRESS:	/* issue 5 hook */
			if (analyze_hooks_suppress_file(&c->hooks, optarg) < 0)
				return MC_EXIT_ERROR;
			break;
		case OPT_SHOW_SUPPRESSED: c->hooks.show_suppressed = true; break;	/* issue 5 hook */
		case 'p': c->compdb = optarg; break;
		case 'j':
			c->jobs = (int)strtol(optarg, &end, 10);
			if (*end || c->jobs < 1 || c->jobs > 1024)
				return usage_error("bad -j '%s' (1..1024)", optarg);
			break;
		case OPT_VERSION:
			printf("mmiocheck %s\n", MMIOCHECK_VERSION);
			return MC_EXIT_CLEAN;
		case 'h':
			fputs(usage_text, stdout);
			return MC_EXIT_CLEAN;
		case ':':
			return usage_error("option '%s' needs an argument", argv[optind - 1]);
		default:
			return usage_error("unknown option '%s'", argv[optind - 1]);
		}
	}
	for (int i = optind; i < nopt; i++)
		VEC_PUSH(c->files, argv[i]);
	return -1;
}

static char *joined_argv(int argc, char **argv)
{
	struct strbuf sb = STRBUF_INIT;

	for (int i = 0; i < argc; i++)
		strbuf_addf(&sb, "%s%s", i ? " " : "", argv[i]);
	return strbuf_detach(&sb);
}

/*
 * Say which limit a file hit: --max-seconds (its analysis stopped: true,
 * an error for the exit status) or --max-states (some functions kept fewer
 * paths: a note).  The run goes on with the next file either way.
 */
static bool report_limits(const struct cli *c, const struct mc_result *r)
{
	size_t n = 0;

	if (r->timed_out) {
		mc_error("%s: analysis stopped after %d s (--max-seconds); its findings are incomplete",
			 r->path, c->opt.max_seconds);
		return true;
	}
	for (size_t i = 0; i < r->nfunctions; i++)
		n += r->functions[i].truncated;
	if (n)
		mc_error("%s: note: %zu function%s hit the state bound (--max-states %d); "
			 "paths were joined, results for %s may be less precise", r->path, n, n == 1 ? "" : "s",
			 c->opt.max_states ? c->opt.max_states : 64, n == 1 ? "it" : "them");
	return false;
}

/* The messages about one result on stderr: flags clang rejected, parse
 * errors, limits, capped summaries.  Returns the exit status they mean. */
static int report_result_notes(const struct cli *c, const struct mc_result *r)
{
	int status = MC_EXIT_CLEAN;

	for (size_t i = 0; i < r->ndropped_args; i++)
		mc_error("%s: clang does not accept '%s'; dropped it (add it to rules/compiler-flags.json)",
			 r->path, r->dropped_args[i]);
	if (r->nerrors) {
		mc_error("%s: %zu parse error%s; analyzed what parsed", r->path, r->nerrors,
			 r->nerrors == 1 ? "" : "s");
		status = MC_EXIT_ERROR;
	}
	if (report_limits(c, r))
		status = MC_EXIT_ERROR;
	if (r->ncapped)
		fprintf(stderr, "mmiocheck: %s: %zu function summar%s capped to lock events (too large or "
			"unsettled recursion): callers may miss writes (docs/analysis.md)\n", r->path,
			r->ncapped, r->ncapped == 1 ? "y" : "ies");
	return status;
}

/* Raise *status to MC_EXIT_FINDINGS when r has a warning-level finding;
 * the number of them. */
static unsigned count_failures(const struct mc_result *r, int *status)
{
	unsigned n = 0;

	for (size_t k = 0; k < r->nfindings; k++)
		if (mc_finding_is_failure(&r->findings[k]))
			n++;
	if (n && *status == MC_EXIT_CLEAN)
		*status = MC_EXIT_FINDINGS;
	return n;
}

/* Analyze the FILEs as one program in this process (summaries flow between
 * them), then print each file's results in order. */
static int run_files(struct cli *c, struct mc_session *s)
{
	VEC(struct mc_result *) results = VEC_INIT;
	int status = MC_EXIT_CLEAN;
	char *err = NULL;

	if (mc_analyze_files(s, c->files.v, c->files.n, c->clang_args, c->nclang, &results.v, &results.n,
			     &err) < 0) {
		mc_error("%s", err);
		free(err);
		err = NULL;
		status = MC_EXIT_ERROR;
	}
	for (size_t i = 0; i < results.n; i++) {
		struct mc_result *r = results.v[i];
		int st = report_result_notes(c, r);
		if (st > status)
			status = st;
		analyze_hooks_result(&c->hooks, i < c->files.n ? c->files.v[i] : NULL, r,	/* issue 5 hook */
				     c->format == OUT_TEXT);
		count_failures(r, &status);
		if (c->format == OUT_TEXT)
			report_text(stdout, r);	/* parse errors included, gcc-style */
	}
	if (mc_session_rechecked(s))
		fprintf(stderr, "mmiocheck: analyzed %zu file%s again whose callees' summaries changed\n",
			mc_session_rechecked(s), mc_session_rechecked(s) == 1 ? "" : "s");
	if (mc_session_reused(s))
		fprintf(stderr, "mmiocheck: %zu file%s reused: sources, headers and flags unchanged\n",
			mc_session_reused(s), mc_session_reused(s) == 1 ? "" : "s");
	if (c->format == OUT_JSON) {
		struct report_meta meta;
		meta.tool_version = MMIOCHECK_VERSION;
		meta.run_id = mc_session_run_id(s);
		meta.nmodels = mc_session_models(s, &meta.models);
		report_json(stdout, (const struct mc_result *const *)results.v, results.n, &meta);
	}
	status = analyze_hooks_finish(&c->hooks, s, c->opt.db_path, status);	/* issue 5 hook */
	fflush(stdout);
	if (mc_session_finish(s, &err) < 0) {
		mc_error("%s", err);
		free(err);
		status = MC_EXIT_ERROR;
	}
	for (size_t i = 0; i < results.n; i++)
		mc_result_free(results.v[i]);
	VEC_FREE(results);
	return status;
}

/* One translation unit to analyze. */
struct job {
	const char *file;
	const char *dir;		/* chdir here first (compile_commands), or NULL */
	const char *const *args;
	int nargs;
};

/* Everything the workers of one step share, read-only after the fork. */
struct job_set {
	struct cli *c;
	struct mc_options opt;		/* attach_run: the run of this invocation */
	VEC(struct job) jobs;
	VEC(struct mc_result *) keep;	/* --format json: results (one slot only) */
	FILE *diag;			/* where findings are printed */
	struct mc_session *shared;	/* one slot: the caller's session, reused */
	char cwd[PATH_MAX];
};

struct worker {
	struct job_set *set;
	struct mc_session *s;
};

/* Keep r for the JSON report, in place of an earlier result for the same
 * file (a file analyzed again because a callee changed). */
static void keep_result(struct job_set *set, struct mc_result *r)
{
	for (size_t i = 0; i < set->keep.n; i++)
		if (!strcmp(set->keep.v[i]->path, r->path)) {
			mc_result_free(set->keep.v[i]);
			set->keep.v[i] = r;
			return;
		}
	VEC_PUSH(set->keep, r);
}

/*
 * Analyze one job with session s: the findings as text (or kept for
 * JSON), messages about parse errors and dropped flags on stderr, the
 * outcome in rep.  Kbuild mode and the -j pool both come through here.
 */
static void analyze_one(struct job_set *set, struct mc_session *s, const struct job *j,
			struct strbuf *out, struct pool_reply *rep)
{
	char *err = NULL;
	struct mc_result *r = mc_analyze_file(s, j->file, j->args, j->nargs, &err);

	struct cli *c = set->c;

	rep->status = MC_EXIT_CLEAN;
	if (!r) {
		mc_error("%s", err);
		free(err);
		rep->status = MC_EXIT_ERROR;
		rep->failed = true;
		rep->fatal = mc_session_store_failed(s);
		return;
	}
	rep->status = report_result_notes(c, r);
	analyze_hooks_result(&c->hooks, j->file, r, c->format == OUT_TEXT);	/* issue 5 hook */
	rep->nfindings = count_failures(r, &rep->status);
	rep->nerrors = (unsigned)r->nerrors;
	rep->reused = r->reused;
	if (c->kbuild) {
		report_text(stderr, r);	/* Kbuild: diagnostics on stderr, like sparse */
	} else if (c->format == OUT_TEXT) {
		char *buf = NULL;
		size_t len = 0;
		FILE *mem = open_memstream(&buf, &len);
		if (mem) {
			report_text(mem, r);	/* parse errors included, gcc-style */
			fclose(mem);
			strbuf_add(out, buf, len);
		}
		free(buf);
	} else {
		keep_result(set, r);	/* JSON: one slot, printed at the end */
		return;
	}
	rep->status = analyze_hooks_flush(&c->hooks, s, set->opt.db_path, rep->status);	/* issue 5 hook */
	mc_result_free(r);
}

static void *job_init(void *arg)
{
	struct worker *w = xcalloc(1, sizeof(*w));
	char *err = NULL;

	w->set = arg;
	if (w->set->shared) {
		w->s = w->set->shared;
		return w;
	}
	w->s = mc_session_open(&w->set->opt, &err);
	if (!w->s) {
		mc_error("%s", err);
		free(err);
		free(w);
		return NULL;
	}
	return w;
}

static void job_fini(void *state)
{
	struct worker *w = state;

	if (w->s != w->set->shared)
		mc_session_close(w->s);
	free(w);
}

static const char *job_name(void *arg, size_t i)
{
	const struct job_set *set = arg;

	return set->jobs.v[i].file;
}

static void job_work(void *state, size_t i, struct strbuf *out, struct pool_reply *rep)
{
	struct worker *w = state;
	const struct job *j = &w->set->jobs.v[i];

	if (j->dir && chdir(j->dir) < 0) {
		mc_error("%s: cannot enter its directory %s", j->file, j->dir);
		rep->status = MC_EXIT_ERROR;
		rep->failed = true;
		return;
	}
	analyze_one(w->set, w->s, j, out, rep);
	if (j->dir && chdir(w->set->cwd) < 0)
		mc_error("cannot return to %s", w->set->cwd);
}

/* Print the JSON report of the kept results (one slot only). */
static void print_json(struct job_set *set, struct mc_session *s)
{
	struct report_meta meta;

	meta.tool_version = MMIOCHECK_VERSION;
	meta.run_id = mc_session_run_id(s);
	meta.nmodels = mc_session_models(s, &meta.models);
	report_json(stdout, (const struct mc_result *const *)set->keep.v, set->keep.n, &meta);
	fflush(stdout);
}

/* The run's last word: status in the database, JSON, the summary line.
 * Uses (and closes) the shared session, or opens one on the run. */
static int finish_run(struct job_set *set, const struct pool_totals *t, size_t rechecked)
{
	char *err = NULL;
	struct mc_session *s = set->shared ? set->shared : mc_session_open(&set->opt, &err);
	int status = t->interrupted ? MC_EXIT_INTERRUPTED : t->status;

	if (!s) {
		mc_error("%s", err);
		free(err);
		return MC_EXIT_ERROR;
	}
	if (t->interrupted)
		mc_session_mark_interrupted(s);
	if (t->parse_errors || t->failed)
		mc_session_mark_errors(s);
	if (set->c->format == OUT_JSON) {
		print_json(set, s);
		status = analyze_hooks_finish(&set->c->hooks, s, set->opt.db_path, status);	/* issue 5 hook */
	}
	if (mc_session_finish(s, &err) < 0) {
		mc_error("%s", err);
		free(err);
		status = MC_EXIT_ERROR;
	}
	mc_session_close(s);
	if (set->c->compdb || (set->c->jobs && !set->c->kbuild))
		mc_error("%zu file%s analyzed (%zu reused), %zu with parse errors, %zu failed, "
			 "%zu finding%s%s", t->done, t->done == 1 ? "" : "s", t->reused, t->parse_errors,
			 t->failed, t->findings, t->findings == 1 ? "" : "s",
			 t->interrupted ? "; interrupted" : t->stopped ? "; stopped" : "");
	if (rechecked)
		mc_error("analyzed %zu file%s again whose callees' summaries changed", rechecked,
			 rechecked == 1 ? "" : "s");
	return status;
}

typedef VEC(char *) name_vec;

/* Is the shown path one of paths[0..n)? */
static bool among(const char *shown, char **paths, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(paths[i], shown))
			return true;
	return false;
}

/* The jobs of `set` whose files are stale callers and not in `done` (and
 * add them there); NULL session or no database: none. */
static void stale_jobs(struct job_set *set, name_vec *done, struct job_set *sub)
{
	struct mc_session *s = set->shared;
	char **stale = NULL, *err = NULL;
	size_t n = 0;

	if (!set->opt.db_path)
		return;
	if (!s && !(s = mc_session_open(&set->opt, &err))) {
		mc_error("%s", err);
		free(err);
		return;
	}
	if (mc_session_stale_files(s, &stale, &n, &err) < 0) {
		mc_error("%s", err);
		free(err);
	}
	for (size_t i = 0; i < set->jobs.n; i++) {
		const char *shown = mc_display_path(s, set->jobs.v[i].file);
		if (among(shown, stale, n) && !among(shown, done->v, done->n)) {
			VEC_PUSH(sub->jobs, set->jobs.v[i]);
			VEC_PUSH(*done, xstrdup(shown));
		}
	}
	for (size_t i = 0; i < n; i++)
		free(stale[i]);
	free(stale);
	if (s != set->shared)
		mc_session_close(s);
}

/*
 * -p: workers analyze each file alone, with the callee summaries stored so
 * far; a file analyzed before its callees' files is stale then.  Analyze
 * the stale files again, each with its own flags and never reused: each
 * file at most once, in at most 3 rounds (a re-check can change the file's
 * own summaries, so its callers').  Returns how many were analyzed again.
 */
static size_t recheck_stale(struct job_set *set, int slots, struct pool_totals *t)
{
	name_vec done = VEC_INIT;
	size_t total = 0;

	for (int round = 0; round < 3 && !t->interrupted && !t->stopped; round++) {
		struct job_set sub = *set;
		struct pool_totals t2;
		memset(&sub.jobs, 0, sizeof(sub.jobs));
		stale_jobs(set, &done, &sub);
		if (!sub.jobs.n)
			break;
		sub.opt.force_parse = true;
		if (set->shared)
			mc_session_force_parse(set->shared, true);
		struct pool_ops ops = { job_init, job_work, job_fini, &sub, job_name, false };
		pool_run(&ops, sub.jobs.n, slots, &t2);
		if (set->shared)
			mc_session_force_parse(set->shared, false);
		set->keep = sub.keep;	/* JSON: replaced results */
		total += sub.jobs.n;
		t->failed += t2.failed;
		t->status = t2.status > t->status ? t2.status : t->status;
		t->interrupted |= t2.interrupted;
		t->stopped |= t2.stopped;
		VEC_FREE(sub.jobs);
	}
	for (size_t i = 0; i < done.n; i++)
		free(done.v[i]);
	VEC_FREE(done);
	return total;
}

/* FILEs in one process: one program (run_files), in a session of its own. */
static int run_program(struct cli *c, struct job_set *set)
{
	char *err = NULL;
	struct mc_session *s = mc_session_open(&set->opt, &err);
	int status;

	if (!s) {
		mc_error("%s", err);
		free(err);
		return MC_EXIT_ERROR;
	}
	status = run_files(c, s);
	mc_session_close(s);
	return status;
}

/*
 * Analyze every job: create the run, run the parallel step (workers attach
 * to the run), analyze stale callers again (-p), finish the run.  No
 * database connection is open across a fork.  FILEs without -j N are one
 * program analyzed in this process.
 */
static int run_jobs(struct cli *c, struct job_set *set)
{
	struct pool_ops ops = { job_init, job_work, job_fini, set, job_name,
				c->compdb || (c->jobs && !c->kbuild) };
	struct pool_totals t;
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	int slots = c->format == OUT_JSON ? 1 : c->jobs ? c->jobs : !c->compdb ? 1 : cpus > 0 ? (int)cpus : 1;
	char *err = NULL;

	set->c = c;
	set->diag = stdout;
	if (!c->compdb && !c->kbuild && slots == 1)
		return run_program(c, set);
	if (!getcwd(set->cwd, sizeof(set->cwd)))
		set->cwd[0] = '\0';
	if (set->opt.db_path || slots == 1) {
		struct mc_session *s0 = mc_session_open(&set->opt, &err);
		if (!s0) {
			mc_error("%s", err);
			free(err);
			c->failed = set->jobs.n;
			return MC_EXIT_ERROR;
		}
		set->opt.attach_run = mc_session_run_id(s0);
		/* Workers are forked: no database connection may cross the fork. */
		if (slots == 1 || set->jobs.n <= 1)
			set->shared = s0;
		else
			mc_session_close(s0);
	}
	pool_run(&ops, set->jobs.n, slots, &t);
	size_t rechecked = c->compdb ? recheck_stale(set, slots, &t) : 0;
	c->failed = t.failed;
	c->findings = t.findings;
	int status = finish_run(set, &t, rechecked);
	for (size_t i = 0; i < set->keep.n; i++)
		mc_result_free(set->keep.v[i]);
	VEC_FREE(set->keep);
	return status;
}

/* -1 if arg is not one of our long options, else how many values it takes. */
static int our_long_option(const char *arg)
{
	const char *name = arg + 2, *eq = strchr(name, '=');
	size_t n = eq ? (size_t)(eq - name) : strlen(name);

	for (const struct option *o = long_options; o->name; o++)
		if (strlen(o->name) == n && !strncmp(o->name, name, n))
			return o->has_arg == required_argument;
	return -1;
}

/* Jobs for -p: the compilation database's C files (only FILEs if given),
 * their flags through the table; inputs checked before anything is written. */
typedef VEC(strvec) strvec_vec;

static int compdb_jobs(struct cli *c, compdb *db, struct job_set *set, struct flag_table *ft,
		       strvec_vec *owned)
{
	struct strbuf err = STRBUF_INIT;
	char *msg = NULL;

	strbuf_init(&err);
	if (compdb_load(c->compdb, db, &err) < 0) {
		mc_error("%s", err.buf);
		strbuf_release(&err);
		return -1;
	}
	strbuf_release(&err);
	VEC_GROW(*owned, db->n);
	for (size_t i = 0; i < db->n; i++) {
		const struct compdb_entry *e = &db->v[i];
		bool wanted = !c->files.n;
		for (size_t k = 0; k < c->files.n && !wanted; k++) {
			char real[PATH_MAX];
			wanted = realpath(c->files.v[k], real) && !strcmp(real, e->file);
		}
		if (!wanted)
			continue;
		if (mc_check_input(e->file, &msg) < 0) {
			mc_error("%s (in %s)", msg, c->compdb);
			free(msg);
			return -1;
		}
		strvec *args = &owned->v[owned->n++];
		memset(args, 0, sizeof(*args));
		flag_table_filter(ft, (const char *const *)e->args.v, (int)e->args.n, args);
		struct job j = { e->file, e->directory, (const char *const *)args->v, (int)args->n };
		VEC_PUSH(set->jobs, j);
	}
	if (!set->jobs.n) {
		mc_error("%s: no C files to analyze%s", c->compdb, c->files.n ? " among those given" : "");
		return -1;
	}
	return 0;
}

/* Append s to sb quoted for /bin/sh. */
static void add_shell_quoted(struct strbuf *sb, const char *s)
{
	strbuf_addch(sb, '\'');
	for (; *s; s++)
		if (*s == '\'')
			strbuf_adds(sb, "'\\''");
		else
			strbuf_addch(sb, *s);
	strbuf_addch(sb, '\'');
}

/* --print-clang-args: one shell line per job, runnable as is. */
static int print_clang_commands(const struct job_set *set)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_init(&sb);
	for (size_t i = 0; i < set->jobs.n; i++) {
		const struct job *j = &set->jobs.v[i];
		strbuf_reset(&sb);
		strbuf_adds(&sb, "cd ");
		add_shell_quoted(&sb, j->dir ? j->dir : ".");
		strbuf_adds(&sb, " && clang-19 -fsyntax-only");
		for (int k = 0; k < j->nargs; k++) {
			strbuf_addch(&sb, ' ');
			add_shell_quoted(&sb, j->args[k]);
		}
		strbuf_addch(&sb, ' ');
		add_shell_quoted(&sb, j->file);
		puts(sb.buf);
	}
	strbuf_release(&sb);
	return MC_EXIT_CLEAN;
}

/* An absolute form of a path that may be relative to the current directory. */
static char *absolute_path(const char *path)
{
	char cwd[PATH_MAX];

	if (path[0] == '/' || !getcwd(cwd, sizeof(cwd)))
		return xstrdup(path);
	return xasprintf("%s/%s", cwd, path);
}

/* The analysis proper: FILEs or -p, in parallel; the run around it. */
static int analyze(struct cli *c, char *argv_text)
{
	struct job_set set;
	struct flag_table *ft = NULL;
	compdb db = VEC_INIT;
	strvec_vec owned = VEC_INIT;
	struct strbuf err = STRBUF_INIT;
	char *db_abs = NULL, *root_abs = NULL;
	int status = MC_EXIT_ERROR;

	memset(&set, 0, sizeof(set));
	set.opt = c->opt;
	set.opt.argv_text = argv_text;
	set.opt.incremental = !c->no_incremental;
	set.opt.defer_recheck = c->compdb != NULL;	/* recheck_stale, with each file's flags */
	if (c->compdb) {
		strbuf_init(&err);
		ft = flag_table_load(mc_rules_dir(&c->opt), &err);
		if (!ft) {
			mc_error("%s", err.buf);
			goto out;
		}
		if (compdb_jobs(c, &db, &set, ft, &owned) < 0)
			goto out;
		if (c->print_clang_args) {
			status = print_clang_commands(&set);
			goto out;
		}
		/* Workers chdir to each entry's directory. */
		if (set.opt.db_path)
			set.opt.db_path = db_abs = absolute_path(set.opt.db_path);
		if (set.opt.source_root)
			set.opt.source_root = root_abs = absolute_path(set.opt.source_root);
	} else {
		for (size_t i = 0; i < c->files.n; i++) {
			struct job j = { c->files.v[i], NULL, c->clang_args, c->nclang };
			VEC_PUSH(set.jobs, j);
		}
	}
	status = run_jobs(c, &set);
out:
	strbuf_release(&err);
	for (size_t i = 0; i < owned.n; i++)
		strvec_free(&owned.v[i]);
	VEC_FREE(owned);
	compdb_free(&db);
	flag_table_free(ft);
	VEC_FREE(set.jobs);
	free(db_abs);
	free(root_abs);
	return status;
}

/*
 * Kbuild checker mode: one file per process, gcc's flags through the
 * table, diagnostics on stderr, one shared named run in MMIOCHECK_DB.
 * Findings do not fail the build (unless MMIOCHECK_WERROR=1); a flag never
 * does; a file that cannot be stored (database locked too long, disk full)
 * does, with a message.
 */
static int run_kbuild(int argc, char **argv)
{
	strvec ours = VEC_INIT, flags = VEC_INIT, clang = VEC_INIT;
	VEC(char *) args = VEC_INIT;
	struct strbuf err = STRBUF_INIT;
	struct flag_table *ft = NULL;
	char *source = NULL, *dbpath = NULL, *argv_text = joined_argv(argc, argv);
	const char *werror = getenv("MMIOCHECK_WERROR"), *run = getenv("MMIOCHECK_RUN");
	struct cli c;
	int status = MC_EXIT_ERROR;

	memset(&c, 0, sizeof(c));
	mc_options_init(&c.opt);
	if (kbuild_split(argc, argv, our_long_option, &ours, &flags, &source) < 0) {
		usage_error("%s", "Kbuild mode: the last argument must be the C file");
		goto out;
	}
	VEC_PUSH(args, argv[0]);
	for (size_t i = 0; i < ours.n; i++)
		VEC_PUSH(args, ours.v[i]);
	VEC_PUSH(args, source);
	VEC_PUSH(args, NULL);
	status = parse_args(&c, (int)args.n - 1, args.v);
	if (status >= 0)
		goto out;
	status = MC_EXIT_ERROR;
	c.opt.extra_rules = c.rules.v;
	c.opt.nextra_rules = (int)c.rules.n;
	strbuf_init(&err);
	if (!(ft = flag_table_load(mc_rules_dir(&c.opt), &err))) {
		mc_error("%s", err.buf);
		goto out;
	}
	flag_table_filter(ft, (const char *const *)flags.v, (int)flags.n, &clang);
	c.clang_args = (const char *const *)clang.v;
	c.nclang = (int)clang.n;
	if (!c.no_db)
		c.opt.db_path = c.opt.db_path ? c.opt.db_path : (dbpath = kbuild_default_db());
	c.opt.run_name = run && *run ? run : "kbuild";
	c.jobs = 1;
	c.kbuild = true;
	status = analyze(&c, argv_text);
	if (status == MC_EXIT_FINDINGS && !(werror && !strcmp(werror, "1")))
		status = MC_EXIT_CLEAN;
	/* Parse errors are clang's, not the build's: reported, not fatal. */
	if (status == MC_EXIT_ERROR && !c.failed)
		status = werror && !strcmp(werror, "1") && c.findings ? MC_EXIT_FINDINGS : MC_EXIT_CLEAN;
out:
	strbuf_release(&err);
	flag_table_free(ft);
	strvec_free(&ours);
	strvec_free(&flags);
	strvec_free(&clang);
	VEC_FREE(args);
	analyze_hooks_release(&c.hooks);
	VEC_FREE(c.rules);
	VEC_FREE(c.files);
	free(source);
	free(dbpath);
	free(argv_text);
	return status;
}

/* The analyze verb; argv[0] is the program or verb name. */
int cmd_analyze(int argc, char **argv)
{
	struct cli c;
	char *err = NULL;
	int status;

	if (kbuild_is_checker_call(argc, argv))
		return run_kbuild(argc, argv);
	memset(&c, 0, sizeof(c));
	mc_options_init(&c.opt);
	status = parse_args(&c, argc, argv);
	if (status >= 0)
		goto out;
	c.opt.extra_rules = c.rules.v;
	c.opt.nextra_rules = (int)c.rules.n;
	bool listing = c.list_models || c.list_checks;
	if (!listing && !c.files.n && !c.compdb) {
		status = usage_error("%s", "no input files");
		goto out;
	}
	/* Check every input before anything is written. */
	for (size_t i = 0; i < c.files.n && !listing; i++)
		if (mc_check_input(c.files.v[i], &err) < 0) {
			mc_error("%s", err);
			free(err);
			status = MC_EXIT_ERROR;
			goto out;
		}
	if (c.no_db || listing || c.dump_ir)
		c.opt.db_path = NULL;
	else if (!c.opt.db_path)
		c.opt.db_path = "mmiocheck.db";
	char *argv_text = joined_argv(argc, argv);
	if (!listing && !c.dump_ir) {
		status = analyze(&c, argv_text);
		free(argv_text);
		goto out;
	}
	c.opt.argv_text = argv_text;
	struct mc_session *s = mc_session_open(&c.opt, &err);
	if (!s) {
		mc_error("%s", err);
		free(err);
		free(argv_text);
		status = MC_EXIT_ERROR;
		goto out;
	}
	if (listing) {
		if (c.list_models)
			mc_list_models(s, stdout);
		if (c.list_checks)
			mc_list_checks(s, stdout);
		status = MC_EXIT_CLEAN;
	} else {
		status = MC_EXIT_CLEAN;
		for (size_t i = 0; i < c.files.n; i++)
			if (mc_dump_ir(s, c.files.v[i], c.clang_args, c.nclang, stdout, &err) < 0) {
				mc_error("%s", err);
				free(err);
				status = MC_EXIT_ERROR;
			}
	}
	mc_session_close(s);
	free(argv_text);
out:
	analyze_hooks_release(&c.hooks);	/* issue 5 hook */
	VEC_FREE(c.rules);
	VEC_FREE(c.files);
	return status;
}
