/*
 * analyze_jobs.c - running the analysis of the analyze verb: the FILEs as
 * one program in this process (run_files), or jobs in the worker pool
 * (driver/pool.c): with -p the files of each source directory as one
 * program, with -j N and in Kbuild mode every file alone; then the
 * stale-caller re-checks (-p) and the run's summary line (its notes:
 * analyze_notes.c).
 */
#include "analyze_int.h"
#include "cli.h"
#include "report/report.h"
#include "util/guard.h"
#include "util/util.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/*
 * Say which limit stopped a file's analysis: --max-seconds or the state
 * memory (true: an error for the exit status; its findings are
 * incomplete).  The run goes on with the next file.  Functions that hit
 * --max-states are notes of the summary line (note_result).
 */
static bool report_limits(const struct cli *c, const struct mc_result *r)
{
	if (r->timed_out) {
		mc_error("%s: analysis stopped after %d s (--max-seconds); its findings are incomplete",
			 r->path, c->opt.max_seconds);
		return true;
	}
	if (r->over_budget) {
		mc_error("%s: a function's path states outgrew an eighth of --max-memory (%zu MiB); it was stopped, "
			 "degraded: its findings are incomplete", r->path, c->opt.max_memory >> 20);
		return true;
	}
	return false;
}

/* The messages about one result on stderr: flags clang rejected, clang's
 * errors (gcc-style, then how many), limits; its notes are counted for the
 * summary line.  Returns the exit status they mean. */
static int report_result_notes(const struct cli *c, const struct mc_result *r)
{
	int status = MC_EXIT_CLEAN;

	for (size_t i = 0; i < r->ndropped_args; i++)
		mc_error("%s: clang does not accept '%s'; dropped it (add it to rules/compiler-flags.json)",
			 r->path, r->dropped_args[i]);
	if (r->nerrors) {
		report_text_errors(stderr, r);
		mc_error("%s: %zu parse error%s; analyzed what parsed", r->path, r->nerrors,
			 r->nerrors == 1 ? "" : "s");
		status = MC_EXIT_ERROR;
	}
	if (report_limits(c, r))
		status = MC_EXIT_ERROR;
	note_result(c, r);
	return status;
}

/* Raise *status to MC_EXIT_FINDINGS when r has a warning-level finding;
 * the number of them. */
static unsigned count_failures(const struct mc_result *r, int *status)
{
	unsigned n = 0;

	for (size_t k = 0; k < r->nfindings; k++)
		if (cli_finding_fails(&r->findings[k]))
			n++;
	if (n && *status == MC_EXIT_CLEAN)
		*status = MC_EXIT_FINDINGS;
	return n;
}

/* --stats: one line per session (per worker process with -j) on stderr. */
static void print_stats(const struct cli *c, const struct mc_session *s)
{
	struct mc_stats st;

	if (!c->stats)
		return;
	mc_session_stats(s, &st);
	fprintf(stderr, "mmiocheck: stats: %zu file%s, %zu function%s, CPU time: parse %.2f s "
		"(kernel headers: %zu without bodies, %zu copied, %zu parses redone), lowering %.2f s "
		"(header functions %.2f s), summaries %.2f s (header functions: %zu solved, %zu reused), "
		"engine %.2f s (%d model%s in one walk: %zu visits, %zu states; "
		"%zu at the state bound, %zu summaries capped), store %.2f s\n",
		st.files, st.files == 1 ? "" : "s", st.functions, st.functions == 1 ? "" : "s", st.parse,
		st.headers_stripped, st.headers_copied, st.reparsed, st.lower,
		st.lower_headers, st.summaries, st.headers_solved, st.headers_reused,
		st.engine, st.nmodels, st.nmodels == 1 ? "" : "s", st.visits, st.states, st.bounded,
		st.capped, st.store);
}

/* Analyze the files of set's jobs as one program in this process
 * (summaries flow between them), then print each file's results in order. */
static int run_files(struct cli *c, struct job_set *set, struct mc_session *s)
{
	VEC(struct mc_result *) results = VEC_INIT;
	VEC(const char *) files = VEC_INIT;
	int status = MC_EXIT_CLEAN;
	char *err = NULL;

	for (size_t i = 0; i < set->jobs.n; i++)
		VEC_PUSH(files, set->jobs.v[i].file);
	int rc = mc_analyze_files(s, files.v, files.n, c->clang_args, c->nclang, &results.v, &results.n, &err);
	for (size_t i = 0; i < set->jobs.n; i++)
		mark_job(set, &set->jobs.v[i], rc == 0);
	if (rc < 0) {
		mc_error("%s", err);
		free(err);
		err = NULL;
		status = MC_EXIT_ERROR;
	}
	struct guard_totals tot = { 0, mc_session_reused(s), 0, 0, false };
	for (size_t i = 0; i < results.n; i++) {
		struct mc_result *r = results.v[i];
		int st = report_result_notes(c, r);
		if (st > status)
			status = st;
		mc_triage_unit(c->triage, i < files.n ? files.v[i] : NULL, r);
		unsigned nfail = count_failures(r, &status);
		if (i < files.n) {	/* after them: stale callers analyzed again */
			tot.done++;
			tot.parse_errors += r->nerrors > 0;
			tot.findings += nfail;
		} else {
			note_rechecked(c, r->path);
		}
		if (c->format == OUT_TEXT)
			report_text_findings(stdout, r);
	}
	if (c->format == OUT_JSON) {
		struct report_meta meta;
		meta.tool_version = MMIOCHECK_VERSION;
		meta.run_id = mc_session_run_id(s);
		meta.nmodels = mc_session_models(s, &meta.models);
		report_json(stdout, (const struct mc_result *const *)results.v, results.n, &meta);
	}
	status = analyze_triage_finish(c, s, c->opt.db_path, status);
	fflush(stdout);
	print_stats(c, s);
	if (c->prior_errors)
		mc_session_mark_errors(s);
	if (mc_session_finish(s, &err) < 0) {
		mc_error("%s", err);
		free(err);
		status = MC_EXIT_ERROR;
	}
	if (guard_active())
		guard_add_totals(&tot);	/* the parent prints the summary */
	else if (summary_wanted(c))
		print_summary(c, tot.done, tot.reused, tot.parse_errors, files.n - tot.done, tot.findings, "");
	for (size_t i = 0; i < results.n; i++)
		mc_result_free(results.v[i]);
	VEC_FREE(results);
	VEC_FREE(files);
	return status;
}

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
 * The outcome of one analyzed file: findings as text (or kept for JSON),
 * messages about parse errors and dropped flags on stderr, the file's
 * line in rep.  Takes r.
 */
static void emit_result(struct job_set *set, struct mc_session *s, const char *file, struct mc_result *r,
			struct strbuf *out, struct pool_reply *rep)
{
	struct cli *c = set->c;
	int status = report_result_notes(c, r);

	mc_triage_unit(c->triage, file, r);
	unsigned nfindings = count_failures(r, &status);
	pool_reply_file(rep, mc_display_path(s, r->path), nfindings, (unsigned)r->nerrors, r->reused, false);
	if (c->kbuild) {
		report_text_findings(stderr, r);	/* Kbuild: diagnostics on stderr, like sparse */
	} else if (c->format == OUT_TEXT) {
		char *buf = NULL;
		size_t len = 0;
		FILE *mem = open_memstream(&buf, &len);
		if (mem) {
			report_text_findings(mem, r);
			fclose(mem);
			strbuf_add(out, buf, len);
		}
		free(buf);
	} else {
		keep_result(set, r);	/* JSON: one slot, printed at the end */
		r = NULL;
	}
	if (r)
		status = analyze_triage_flush(c, s, set->opt.db_path, status);
	if (status > rep->status)
		rep->status = status;
	mc_result_free(r);
}

/* A file or a group that could not be analyzed: each file failed. */
static void fail_files(struct mc_session *s, const struct job *j, size_t n, const size_t *idx,
		       struct pool_reply *rep)
{
	for (size_t k = 0; k < n; k++)
		pool_reply_file(rep, mc_display_path(s, j[idx ? idx[k] : k].file), 0, 0, false, true);
	rep->status = MC_EXIT_ERROR;
	rep->fatal = mc_session_store_failed(s);
}

/* Analyze one file alone with session s.  Kbuild mode, the -j pool and the
 * re-checks come through here.  The stale callers the session analyzed
 * again after it (not with -p: recheck_stale) are noted, not shown: their
 * findings are stored, and shown by their own file's run. */
static void analyze_one(struct job_set *set, struct mc_session *s, const struct job *j,
			struct strbuf *out, struct pool_reply *rep)
{
	char *err = NULL;
	struct mc_result **all = NULL;
	size_t n = 0;
	const char *path = j->file;
	int rc = mc_analyze_files(s, &path, 1, j->args, j->nargs, &all, &n, &err);

	mark_job(set, j, rc == 0 && n > 0);
	if (rc < 0 || !n) {
		mc_error("%s", err ? err : "no result");
		free(err);
		free(all);
		fail_files(s, j, 1, NULL, rep);
		return;
	}
	for (size_t i = 1; i < n; i++) {
		note_rechecked(set->c, all[i]->path);
		mc_result_free(all[i]);
	}
	emit_result(set, s, j->file, all[0], out, rep);
	free(all);
}

/*
 * Analyze the files of a group (one directory of the compilation database)
 * as one program, each with its own flags: summaries flow between them, so
 * none of them is stale because of another.  If the program cannot be
 * analyzed (a file libclang cannot parse at all), the files are analyzed
 * one by one so that the others still are; a database that cannot be
 * written fails them all.
 */
static void analyze_group(struct job_set *set, struct mc_session *s, const struct job_group *g,
			  struct strbuf *out, struct pool_reply *rep)
{
	struct mc_input *in = xcalloc(g->n, sizeof(*in));
	struct mc_result **results = NULL;
	size_t nresults = 0;
	char *err = NULL;

	for (size_t k = 0; k < g->n; k++) {
		const struct job *j = &set->jobs.v[g->idx[k]];
		in[k] = (struct mc_input){ j->file, j->args, j->nargs };
	}
	if (mc_analyze_inputs(s, in, g->n, &results, &nresults, &err) < 0) {
		mc_error("%s", err);
		free(err);
		if (mc_session_store_failed(s)) {
			for (size_t k = 0; k < g->n; k++)
				mark_job(set, &set->jobs.v[g->idx[k]], false);
			fail_files(s, set->jobs.v, g->n, g->idx, rep);
		} else {
			mc_error("%s: analyzing its %zu files one by one", g->name, g->n);
			for (size_t k = 0; k < g->n; k++)
				analyze_one(set, s, &set->jobs.v[g->idx[k]], out, rep);
		}
		free(in);
		return;
	}
	for (size_t k = 0; k < g->n; k++)
		mark_job(set, &set->jobs.v[g->idx[k]], true);
	for (size_t k = 0; k < nresults; k++)
		emit_result(set, s, k < g->n ? in[k].path : results[k]->path, results[k], out, rep);
	free(results);
	free(in);
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

	if (w->s != w->set->shared) {
		print_stats(w->set->c, w->s);
		mc_session_close(w->s);
	}
	free(w);
}

static const char *job_name(void *arg, size_t i)
{
	const struct job_set *set = arg;

	return set->groups.v[i].name;
}

static size_t job_nfiles(void *arg, size_t i)
{
	const struct job_set *set = arg;

	return set->groups.v[i].n;
}

/* A worker died on `file` of group i: it is given up, to be recorded in
 * the run; the group's other files are analyzed again (run_guarded). */
static void job_lost(void *arg, size_t i, const char *file, const char *reason)
{
	struct job_set *set = arg;
	const struct job_group *g = &set->groups.v[i];

	for (size_t k = 0; k < g->n; k++)
		if (!strcmp(set->jobs.v[g->idx[k]].file, file))
			mark_job(set, &set->jobs.v[g->idx[k]], false);
	guard_count_death();
	if (set->culprits) {
		struct culprit cu = { xstrdup(file), xstrdup(reason) };
		VEC_PUSH(*set->culprits, cu);
	}
}

static void job_work(void *state, size_t i, struct strbuf *out, struct pool_reply *rep)
{
	struct worker *w = state;
	const struct job_group *g = &w->set->groups.v[i];
	const struct job *j = &w->set->jobs.v[g->idx[0]];	/* a group shares its directory */

	if (j->dir && chdir(j->dir) < 0) {
		mc_error("%s: cannot enter its directory %s", g->name, j->dir);
		fail_files(w->s, w->set->jobs.v, g->n, g->idx, rep);
		return;
	}
	if (g->n == 1)
		analyze_one(w->set, w->s, j, out, rep);
	else
		analyze_group(w->set, w->s, g, out, rep);
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
static int finish_run(struct job_set *set, const struct pool_totals *t)
{
	char *err = NULL;
	struct mc_session *s = set->shared ? set->shared : mc_session_open(&set->opt, &err);
	int status = t->interrupted ? MC_EXIT_INTERRUPTED : t->status;

	if (!s) {
		mc_error("%s", err);
		free(err);
		return MC_EXIT_ERROR;
	}
	if (s == set->shared)
		print_stats(set->c, s);
	record_culprits(set, s);
	if (t->stopped)
		mc_session_mark_store_failed(s);
	if (t->interrupted)
		mc_session_mark_interrupted(s);
	if (t->parse_errors || t->failed || set->c->prior_errors)
		mc_session_mark_errors(s);
	if (set->c->format == OUT_JSON) {
		print_json(set, s);
		status = analyze_triage_finish(set->c, s, set->opt.db_path, status);
	}
	if (mc_session_finish(s, &err) < 0) {
		mc_error("%s", err);
		free(err);
		status = MC_EXIT_ERROR;
	}
	mc_session_close(s);
	if (guard_active()) {	/* the parent sums the processes up */
		struct guard_totals gt = { t->done, t->reused, t->parse_errors, t->findings, t->stopped };
		guard_add_totals(&gt);
	} else if (summary_wanted(set->c)) {
		print_summary(set->c, t->done, t->reused, t->parse_errors, t->failed, t->findings,
			      t->interrupted ? "; interrupted" : t->stopped ? "; stopped" : "");
	}
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
			note_rechecked(set->c, shown);
		}
	}
	for (size_t i = 0; i < n; i++)
		free(stale[i]);
	free(stale);
	if (s != set->shared)
		mc_session_close(s);
}

/*
 * -p: workers analyze each directory with the callee summaries stored so
 * far; a file that calls into a directory analyzed after it is stale then.
 * Analyze the stale files again, each alone with its own flags and never
 * reused, in at most 3 rounds: a re-check can change the file's own
 * summaries, so its callers', which the next round re-checks (a file
 * checked in an earlier round too); each is noted (note_rechecked).
 */
static void recheck_stale(struct job_set *set, int slots, struct pool_totals *t)
{

	for (int round = 0; round < 3 && !t->interrupted && !t->stopped; round++) {
		struct job_set sub = *set;
		struct pool_totals t2;
		name_vec done = VEC_INIT;	/* one job per file and round */
		memset(&sub.jobs, 0, sizeof(sub.jobs));
		memset(&sub.groups, 0, sizeof(sub.groups));
		sub.orig = NULL;	/* its jobs are copies, not the guard's files */
		stale_jobs(set, &done, &sub);
		if (!sub.jobs.n)
			break;
		group_each(&sub);
		name_groups(&sub);
		sub.opt.force_parse = true;
		if (set->shared)
			mc_session_force_parse(set->shared, true);
		struct pool_ops ops = { job_init, job_work, job_fini, &sub, job_name, false, job_nfiles, job_lost };
		pool_run(&ops, sub.groups.n, slots, &t2);
		if (set->shared)
			mc_session_force_parse(set->shared, false);
		set->keep = sub.keep;	/* JSON: replaced results */
		t->failed += t2.failed;
		t->status = t2.status > t->status ? t2.status : t->status;
		t->interrupted |= t2.interrupted;
		t->stopped |= t2.stopped;
		free_groups(&sub);
		VEC_FREE(sub.jobs);
		for (size_t i = 0; i < done.n; i++)
			free(done.v[i]);
		VEC_FREE(done);
	}
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
	guard_set_run(mc_session_run_id(s));
	status = run_files(c, set, s);
	mc_session_close(s);
	return status;
}

/*
 * Analyze every job: create the run, run the parallel step (workers attach
 * to the run), analyze stale callers again (-p), finish the run.  No
 * database connection is open across a fork.  FILEs without -j N are one
 * program analyzed in this process.
 */
int run_jobs(struct cli *c, struct job_set *set)
{
	struct pool_ops ops = { job_init, job_work, job_fini, set, job_name,
				c->compdb || (c->jobs && !c->kbuild), job_nfiles, job_lost };
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
	if (c->compdb)
		group_by_directory(set);
	else
		group_each(set);
	name_groups(set);
	if (set->opt.db_path || slots == 1) {
		struct mc_session *s0 = mc_session_open(&set->opt, &err);
		if (!s0) {
			mc_error("%s", err);
			free(err);
			c->failed = set->jobs.n;
			for (size_t i = 0; i < set->jobs.n; i++)
				mark_job(set, &set->jobs.v[i], false);
			free_groups(set);
			return MC_EXIT_ERROR;
		}
		set->opt.attach_run = mc_session_run_id(s0);
		guard_set_run(set->opt.attach_run);
		/* Workers are forked: no database connection may cross the fork. */
		if (slots == 1 || set->groups.n <= 1)
			set->shared = s0;
		else
			mc_session_close(s0);
	}
	pool_run(&ops, set->groups.n, slots, &t);
	if (c->compdb)
		recheck_stale(set, slots, &t);
	c->failed = t.failed;
	c->findings = t.findings;
	int status = finish_run(set, &t);
	for (size_t i = 0; i < set->keep.n; i++)
		mc_result_free(set->keep.v[i]);
	VEC_FREE(set->keep);
	free_groups(set);
	return status;
}
