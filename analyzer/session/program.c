/*
 * program.c - one analysis over a set of files: reuse (unit_reuse.c) or
 * parse them, summarize them together (interproc/), check each unit
 * (check_unit.c), store it with the summaries it defines and uses, then
 * analyze again the stale callers: files whose callees' summaries changed
 * since they were stored (docs/analysis.md, "Several files, several runs").
 */
#include "session_int.h"
#include "../store/summaries.h"
#include "util/defects.h"
#include "util/guard.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The database as the interprocedural pass's source of summaries that are
 * defined outside the files being analyzed. */
static struct ir_function *lookup_stored(void *ctx, const char *key, const char *name, struct strpool *pool,
				       char **found_key)
{
	struct mc_session *s = ctx;
	char *text = s->store ? store_find_summary(s->store, key, name, found_key) : NULL;
	struct ir_function *fn = text ? ipa_summary_from_text(text, pool, s->rules) : NULL;

	free(text);
	return fn;
}

/* The column value a header function's summary is stored and found with:
 * what it depends on in the program, and the rules and options (the tool
 * key of incremental runs); NULL when runs are not incremental. */
static char *header_deps_text(const struct mc_session *s, uint64_t deps)
{
	if (!s->incr || !deps)
		return NULL;
	return xasprintf("%016llx/%s", (unsigned long long)deps, incr_tool_key(s->incr));
}

/* The database as the source of a driver header's function summary solved
 * by an earlier process from the same function, callees and rules. */
static struct ir_function *reuse_stored(void *ctx, const char *key, uint64_t deps, struct strpool *pool,
					bool *capped)
{
	struct mc_session *s = ctx;
	char *want = s->store ? header_deps_text(s, deps) : NULL;
	char *text = want ? store_find_header_summary(s->store, key, want, capped) : NULL;
	struct ir_function *fn = text ? ipa_summary_from_text(text, pool, s->rules) : NULL;

	free(want);
	free(text);
	return fn;
}

/* Hand the program-wide chains to the rows of their files' results. */
static void distribute(struct finding_vec *extra, result_vec *out, size_t first, struct finding_vec *rows)
{
	for (size_t i = 0; i < extra->n; i++) {
		size_t target = out->n;
		for (size_t k = first; k < out->n && target == out->n; k++)
			if (!strcmp(out->v[k]->path, extra->v[i].file))
				target = k;
		if (target == out->n) {
			chain_free(&extra->v[i]);
			continue;
		}
		VEC_PUSH(rows[target - first], extra->v[i]);
	}
	VEC_FREE(*extra);
}

typedef VEC(struct store_summary) summary_vec;

static char *hex16(uint64_t h)
{
	return xasprintf("%016llx", (unsigned long long)h);
}

/* Record a summary the unit used (once per key); takes `hash`. */
static void add_use(summary_vec *used, const char *key, const char *name, char *hash, bool capped)
{
	for (size_t j = 0; j < used->n; j++)
		if (!strcmp(used->v[j].key, key)) {
			free(hash);
			return;
		}
	struct store_summary us = { key, name, hash, NULL, capped, NULL };
	VEC_PUSH(*used, us);
}

/*
 * Can another unit ever use function fi's summary?  A global function's,
 * by its key; a driver header's static function's, by key and deps; a
 * static function's only when it is stored into a slot or passed as a
 * pointer (another file may call it through the slot).  The summaries of
 * the other static functions are never read back: storing them made half
 * of tg3.c's database (7 MB of summary text).
 */
static bool summary_used_elsewhere(struct ipa_program *p, uint32_t fi)
{
	const struct ir_function *fn = p->fns.v[fi].fn;

	return !fn || !fn->is_static || fn->def_file || ipa_stored_as_pointer(p, fi);
}

/* The summaries the k-th unit defines that another unit can use, and
 * those of other files it used. */
static void unit_summaries(const struct mc_session *s, struct ipa_program *p, size_t k, summary_vec *def,
			   summary_vec *used)
{
	const struct ir_unit *u = p->units.v[k];

	for (size_t i = 0; i < u->functions.n; i++) {
		struct ipa_fn *f = &p->fns.v[ipa_unit_fn(p, k, i)];
		if (f->summary && summary_used_elsewhere(p, ipa_unit_fn(p, k, i))) {
			struct store_summary ss = { strpool_str(p->strings, f->key), strpool_str(p->strings, f->name),
						    hex16(f->hash), ipa_summary_to_text(p, f), f->capped,
						    header_deps_text(s, f->deps) };
			VEC_PUSH(*def, ss);
		}
		for (size_t c = 0; c < f->callees.n; c++) {
			struct ipa_fn *callee = &p->fns.v[f->callees.v[c]];
			/* another file's summary (stored, or analyzed in this
			 * run): a later change to it must re-check u */
			if (!callee->external && (callee->unit == u || !callee->summary))
				continue;
			add_use(used, strpool_str(p->strings, callee->key), strpool_str(p->strings, callee->name),
				hex16(callee->hash), callee->capped);
		}
	}
}

/* Record that a function of `file` called `name` and found no summary for
 * it ("none", under the caller's module key), so that a later run defining
 * it, in that module or in exactly one other, re-checks the file. */
static void add_missing_use(struct ipa_program *p, summary_vec *used, str_id file, str_id name)
{
	const char *key = strpool_str(p->strings, ipa_module_key(p, file, name));

	add_use(used, key, strpool_str(p->strings, name), xstrdup("none"), false);
}

static void missing_uses(struct ipa_program *p, size_t k, summary_vec *used)
{
	const struct ir_unit *u = p->units.v[k];

	for (size_t i = 0; i < u->functions.n; i++) {
		const struct ir_function *fn = u->functions.v[i];
		uint32_t fi = ipa_unit_fn(p, k, i);
		for (size_t j = 0; j < fn->nodes.n; j++) {
			const struct ir_node *n = &fn->nodes.v[j];
			uint32_t t[IPA_MAX_TARGETS];
			bool unknown;
			if (n->op != IR_CALL || n->indirect || !n->callee)
				continue;
			if (!ipa_call_targets(p, p->fns.v[fi].file, n, t, &unknown))
				add_missing_use(p, used, p->fns.v[fi].file, n->callee);
		}
	}
}

static void free_summaries(summary_vec *v)
{
	for (size_t i = 0; i < v->n; i++) {
		free((char *)v->v[i].hash);
		free((char *)v->v[i].body);
		free((char *)v->v[i].deps);
	}
	VEC_FREE(*v);
}

/* One file of a pass: its parsed unit, or the stored result it reuses. */
struct pass_file {
	const char *path;
	const char *const *args;	/* its clang arguments */
	int nargs;
	struct ir_unit *unit;		/* NULL when reused */
	struct mc_result *reused;	/* incremental: the stored result */
	struct incr_unit *iu;		/* incremental bookkeeping, or NULL */
};

/* A unit could not be stored: mark the run failed now, while the space the
 * rolled-back unit took in the WAL can still hold it (the run's final
 * status, written later, may find the disk full); best effort.  A full
 * disk may leave no room at all (Kbuild's processes share the run, and
 * the last one's log may have filled it): then the status cannot be
 * written, and mc_session_finish() says so. */
static void mark_run_failed(struct mc_session *s)
{
	struct strbuf ignored = STRBUF_INIT;

	if (s->named_run ? store_touch_run(s->store, s->run_id, "failed", &ignored) == 0
			 : store_finish_run(s->store, s->run_id, "failed", &ignored) == 0)
		s->marked_failed = true;
	strbuf_release(&ignored);
}

/* Store the k-th unit with the summaries it defines and uses; then what it
 * read, so that a later run can reuse it. */
static int store_unit(struct mc_session *s, struct ipa_program *p, size_t k,
		      struct mc_result *res, struct incr_unit *iu, char **err)
{
	summary_vec def = VEC_INIT, used = VEC_INIT;
	struct strbuf sb = STRBUF_INIT;
	struct ir_unit *u = p->units.v[k];
	int rc = 0;

	if (!s->store)
		return 0;
	strbuf_init(&sb);
	unit_summaries(s, p, k, &def, &used);
	missing_uses(p, k, &used);
	if (store_add_unit(s->store, s->run_id, res, def.v, def.n, used.v, used.n, &sb) < 0) {
		*err = xasprintf("%s: could not store the results: %s", u->path, sb.buf);
		s->any_errors = true;
		s->store_failed = true;
		rc = -1;
		mark_run_failed(s);
	} else if (iu) {
		char *ierr = NULL;
		if (incr_end_unit(s->incr, iu, s->store, s->run_id, res->path, &ierr) < 0) {
			mc_error("%s (it will be analyzed again next time)", ierr);
			free(ierr);
		}
	}
	free_summaries(&def);
	free_summaries(&used);
	strbuf_release(&sb);
	return rc;
}

/*
 * Incremental runs: look up every file's stored result.  The files are
 * reused only all together (true): the summaries flowing between them and
 * the program-wide MMIO005 depend on every file of the program.  A file
 * with parse errors is parsed again: which of its functions were not
 * checked is not stored, and the run must say it again.
 */
static int probe_reuse(struct mc_session *s, struct pass_file *files, size_t n, bool allow_reuse, bool *all,
		       char **err)
{
	*all = s->incr && allow_reuse && !s->force_parse && n > 0;
	for (size_t i = 0; i < n && s->incr; i++) {
		const struct mc_placement *pl = session_placement(s, files[i].path);
		files[i].iu = incr_begin_unit(s->incr, s->store, files[i].path, session_display_path(s, files[i].path),
					      files[i].args, files[i].nargs, pl ? pl->key : NULL, &files[i].reused, err);
		if (!files[i].iu)
			return -1;
		*all &= files[i].reused != NULL && !files[i].reused->nerrors;
	}
	for (size_t i = 0; i < n && !*all; i++) {
		mc_result_free(files[i].reused);
		files[i].reused = NULL;
	}
	return 0;
}

/* Carry every (reusable) file over into this run. */
static int adopt_all(struct mc_session *s, struct pass_file *files, size_t n, result_vec *out, char **err)
{
	for (size_t i = 0; i < n; i++) {
		struct mc_result *r = files[i].reused;
		files[i].reused = NULL;
		VEC_PUSH(*out, r);
		s->any_errors |= r->nerrors > 0;
		if (incr_adopt(s->incr, files[i].iu, s->store, s->run_id, r, r->path, err) < 0) {
			s->any_errors = s->store_failed = true;
			return -1;
		}
	}
	return 0;
}

/* Parse every file into units sharing the session's strings. */
static int parse_all(struct mc_session *s, struct pass_file *files, size_t n, char **err)
{
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; i < n; i++) {
		strbuf_reset(&sb);
		uint64_t start = util_cpu_ns();
		guard_note_file(files[i].path, GUARD_PARSING);
		files[i].unit = frontend_parse(s->fe, files[i].path, files[i].args, files[i].nargs, &sb);
		guard_clear_file();
		if (files[i].unit) {
			uint64_t parse = files[i].unit->parse_ns, all = util_cpu_ns() - start;
			s->stats.parse += parse / 1e9;
			s->stats.lower += (all > parse ? all - parse : 0) / 1e9;
			s->stats.lower_headers += files[i].unit->header_lower_ns / 1e9;
			s->stats.files++;
		}
		if (!files[i].unit) {
			*err = xasprintf("%s: %s", files[i].path, sb.len ? sb.buf : "libclang could not parse it");
			strbuf_release(&sb);
			return -1;
		}
		if (files[i].iu)
			incr_note_inputs(files[i].iu, files[i].unit);
	}
	strbuf_release(&sb);
	return 0;
}

/*
 * Store each unit; one that cannot be stored (a full disk, an I/O error)
 * is named on stderr and the others are still tried: a smaller unit may
 * fit, and none is left out silently.  -1 with a count in *err when any
 * failed.
 */
static int store_units(struct mc_session *s, struct ipa_program *p, struct pass_file *files,
		       struct mc_result **res, size_t n, char **err)
{
	size_t failed = 0;

	for (size_t i = 0; i < n; i++) {
		char *e = NULL;
		if (store_unit(s, p, i, res[i], files[i].iu, &e) == 0)
			continue;
		mc_error("%s", e);
		free(e);
		failed++;
	}
	if (!failed)
		return 0;
	*err = xasprintf("%zu of %zu file%s not stored%s", failed, n, n == 1 ? "" : "s",
			 s->marked_failed ? "; the run is marked failed" : "");
	return -1;
}

/* Summarize the parsed files together, check and store each. */
static int analyze_program(struct mc_session *s, struct pass_file *files, size_t n, result_vec *out,
			   char **err)
{
	struct ipa_program p;
	int rc = 0;
	uint64_t start = util_cpu_ns();

	ipa_init(&p, s->strings, s->rules);
	p.lookup = lookup_stored;
	p.lookup_ctx = s;
	p.reuse = reuse_stored;
	for (size_t i = 0; i < n; i++)
		ipa_add_unit(&p, files[i].unit, session_display_path(s, files[i].unit->path));
	bool in_lookups = s->store && store_lookups_begin(s->store);
	ipa_solve(&p);
	if (in_lookups)
		store_lookups_end(s->store);
	s->stats.summaries += (util_cpu_ns() - start) / 1e9;
	s->stats.headers_solved += p.headers_solved;
	s->stats.headers_reused += p.headers_reused;
	start = util_cpu_ns();
	size_t first = out->n;
	struct check_program *prog = checks_program_new(&s->cfg, &(struct check_run_flags){ s->strict, s->pedantic });
	struct finding_vec *rows = xcalloc(n ? n : 1, sizeof(*rows));
	for (size_t i = 0; i < n; i++) {
		guard_note_file(files[i].path, GUARD_ANALYZING);
		VEC_PUSH(*out, session_check_unit(s, &p, i, prog, &rows[i]));
	}
	guard_clear_file();
	struct finding_vec extra = { NULL, 0, 0 };
	checks_program_end(prog, &extra);
	checks_program_free(prog);
	distribute(&extra, out, first, rows);
	for (size_t i = 0; i < n; i++) {
		/* judged where each unit runs, then one finding per defect */
		session_place_rows(session_placement(s, files[i].path), &rows[i]);
		session_group_findings(s, &p, out->v[first + i], &rows[i]);
	}
	free(rows);
	s->stats.engine += (util_cpu_ns() - start) / 1e9;
	start = util_cpu_ns();
	rc = store_units(s, &p, files, out->v + first, n, err);
	s->stats.store += (util_cpu_ns() - start) / 1e9;
	ipa_free(&p);
	return rc;
}

/* One pass over the inputs: reused whole, or parsed, summarized together,
 * checked and stored unit by unit. */
static int analyze_pass(struct mc_session *s, const struct mc_input *in, size_t n, bool allow_reuse,
			result_vec *out, char **err)
{
	struct pass_file *files = xcalloc(n ? n : 1, sizeof(*files));
	bool all_reused = false;
	int rc = 0;

	for (size_t i = 0; i < n && rc == 0; i++) {
		files[i].path = in[i].path;
		files[i].args = in[i].args;
		files[i].nargs = in[i].nargs;
		rc = mc_check_input(in[i].path, err);
	}
	if (rc == 0)
		rc = probe_reuse(s, files, n, allow_reuse, &all_reused, err);
	if (rc == 0 && all_reused)
		rc = adopt_all(s, files, n, out, err);
	else if (rc == 0 && (rc = parse_all(s, files, n, err)) == 0)
		rc = analyze_program(s, files, n, out, err);
	for (size_t i = 0; i < n; i++) {
		ir_unit_free(files[i].unit);
		mc_result_free(files[i].reused);
		incr_unit_free(files[i].iu);
	}
	free(files);
	return rc;
}

/* The path to read a stored (shown) path from, or NULL if unreadable. */
static char *readable_path(const struct mc_session *s, const char *shown)
{
	char *p = shown[0] != '/' && s->source_root ? xasprintf("%s/%s", s->source_root, shown) : xstrdup(shown);

	if (access(p, R_OK) == 0)
		return p;
	free(p);
	return access(shown, R_OK) == 0 ? xstrdup(shown) : NULL;
}

/* Files whose stored analysis used a callee summary that has changed since
 * (analyzed in an earlier run, by another process of this one, or by the
 * round before) and that still exist (the query lists each once). */
static void stale_callers(struct mc_session *s, path_vec *out)
{
	struct strbuf sb = STRBUF_INIT;
	char **stale = NULL;
	size_t nstale = 0;

	if (!s->store || store_stale_callers(s->store, &stale, &nstale, &sb) < 0) {
		strbuf_release(&sb);
		return;
	}
	for (size_t i = 0; i < nstale; i++) {
		char *path = readable_path(s, stale[i]);
		if (path)
			VEC_PUSH(*out, path);
		free(stale[i]);
	}
	free(stale);
	strbuf_release(&sb);
}

static void free_paths(path_vec *v)
{
	for (size_t i = 0; i < v->n; i++)
		free(v->v[i]);
	VEC_FREE(*v);
}

/*
 * Analyze the files as one program, then the stale callers: files whose
 * callees' summaries changed since they were stored, in at most
 * MAX_RECHECK_ROUNDS rounds: a re-check can change the file's own
 * summaries, and so its callers', which the next round re-checks (a file
 * re-checked before included: the last of a chain of changes wins).
 */
#define MAX_RECHECK_ROUNDS 3

/* The arguments a stale caller is analyzed again with: those of the input
 * of the same path, else the first input's (FILEs share theirs). */
static struct mc_input recheck_input(const struct mc_session *s, const struct mc_input *in, size_t n,
				     const char *path)
{
	struct mc_input r = { path, n ? in[0].args : NULL, n ? in[0].nargs : 0 };

	for (size_t i = 0; i < n; i++)
		if (!strcmp(session_display_path(s, in[i].path), session_display_path(s, path))) {
			r.args = in[i].args;
			r.nargs = in[i].nargs;
			break;
		}
	return r;
}

int mc_analyze_inputs(struct mc_session *s, const struct mc_input *in, size_t n, struct mc_result ***results,
		      size_t *nresults, char **err)
{
	result_vec out = VEC_INIT;
	int rc = analyze_pass(s, in, n, true, &out, err);

	for (int round = 0; rc == 0 && !s->defer_recheck && round < MAX_RECHECK_ROUNDS; round++) {
		path_vec again = VEC_INIT;
		stale_callers(s, &again);
		struct mc_input *re = xcalloc(again.n ? again.n : 1, sizeof(*re));
		for (size_t i = 0; i < again.n; i++)
			re[i] = recheck_input(s, in, n, again.v[i]);
		if (again.n) {
			s->rechecked += again.n;
			rc = analyze_pass(s, re, again.n, false, &out, err);
		}
		bool any = again.n > 0;
		free(re);
		free_paths(&again);
		if (!any)
			break;
	}
	if (rc < 0) {
		for (size_t i = 0; i < out.n; i++)
			mc_result_free(out.v[i]);
		VEC_FREE(out);
		return -1;
	}
	*results = out.v;
	*nresults = out.n;
	return 0;
}

int mc_analyze_files(struct mc_session *s, const char *const *paths, size_t n, const char *const *clang_args,
		     int nargs, struct mc_result ***results, size_t *nresults, char **err)
{
	struct mc_input *in = xcalloc(n ? n : 1, sizeof(*in));

	for (size_t i = 0; i < n; i++)
		in[i] = (struct mc_input){ paths[i], clang_args, nargs };
	int rc = mc_analyze_inputs(s, in, n, results, nresults, err);
	free(in);
	return rc;
}

struct mc_result *mc_analyze_file(struct mc_session *s, const char *path,
				  const char *const *clang_args, int nargs, char **err)
{
	struct mc_result **all = NULL;
	size_t n = 0;

	if (mc_analyze_files(s, &path, 1, clang_args, nargs, &all, &n, err) < 0)
		return NULL;
	struct mc_result *first = all[0];
	for (size_t i = 1; i < n; i++)
		mc_result_free(all[i]);
	free(all);
	return first;
}

int mc_session_stale_files(struct mc_session *s, char ***paths, size_t *n, char **err)
{
	struct strbuf sb = STRBUF_INIT;

	*paths = NULL;
	*n = 0;
	if (!s->store)
		return 0;
	strbuf_init(&sb);
	if (store_stale_callers(s->store, paths, n, &sb) < 0) {
		*err = strbuf_detach(&sb);
		return -1;
	}
	strbuf_release(&sb);
	return 0;
}

const char *mc_display_path(const struct mc_session *s, const char *path)
{
	return session_display_path(s, path);
}

void mc_session_force_parse(struct mc_session *s, bool on)
{
	s->force_parse = on;
}

size_t mc_session_rechecked(const struct mc_session *s)
{
	return s->rechecked;
}
