/*
 * session.c - the public API (include/mmiocheck/mmiocheck.h): ties rules,
 * frontend, engine + checks and the store together for one run.
 */
#include "session_int.h"
#include "util/defects.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define DEFAULT_MODELS "contract,ppc64-legacy"

void mc_options_init(struct mc_options *opt)
{
	memset(opt, 0, sizeof(*opt));
}

static char *take_err(struct strbuf *sb)
{
	return strbuf_detach(sb);
}

/* Load the rules, turn the requested checks on or off and configure the
 * engine for the requested models: everything a run judges by.  0, or -1
 * with the reason in sb. */
static int session_rules(struct mc_session *s, const struct mc_options *opt, struct strbuf *sb)
{
	s->rules = rules_load(mc_rules_dir(opt), opt->extra_rules, opt->nextra_rules, sb);
	if (!s->rules || checks_bind(s->rules, sb) < 0)
		return -1;
	if (opt->pedantic)
		rules_set_pedantic(s->rules);
	if (opt->checks && rules_set_checks(s->rules, opt->checks, sb) < 0)
		return -1;
	s->cfg.rules = s->rules;
	s->cfg.preempt_rt = opt->preempt_rt;
	_Static_assert(MC_DEFAULT_MAX_STATES == ENG_DEFAULT_MAX_STATES, "one default state bound");
	s->cfg.max_states = opt->max_states ? opt->max_states : MC_DEFAULT_MAX_STATES;
	/* an eighth: the pool's array doubles, and the old one is live meanwhile */
	s->cfg.max_state_bytes = opt->max_memory / 8;
	if (engine_config_models(&s->cfg, s->rules, opt->models ? opt->models : DEFAULT_MODELS, sb) < 0)
		return -1;
	for (int i = 0; i < s->cfg.nmodels; i++)
		if (s->cfg.requested & (1u << i))
			s->model_names[s->nmodel_names++] = s->rules->models.v[s->cfg.models[i]].name;
	checks_configure(&s->cfg, s->rules);
	return 0;
}

/* --source-root without its trailing slashes ("/" stays "/"), so shown
 * paths are cut at a directory boundary. */
static char *trimmed_root(const char *root)
{
	size_t n = strlen(root);

	while (n > 1 && root[n - 1] == '/')
		n--;
	return xstrndup(root, n);
}

/*
 * Open the database and the run the findings go to: a new run, or in
 * Kbuild mode a shared one, named (every process of a build) or attached
 * (by id); with --incremental the reuse index too.  0, or -1 with the
 * reason in sb.
 */
static int session_open_run(struct mc_session *s, const struct mc_options *opt, struct strbuf *sb)
{
	struct strbuf models = STRBUF_INIT;
	char cwd[4096];

	s->store = store_open(opt->db_path, sb);
	if (!s->store)
		return -1;
	for (size_t i = 0; i < s->nmodel_names; i++)
		strbuf_addf(&models, "%s%s", i ? "," : "", s->model_names[i]);
	s->named_run = opt->run_name != NULL;
	s->attached_run = !s->named_run && opt->attach_run > 0;
	if (s->named_run)
		s->run_id = store_named_run(s->store, opt->run_name, MMIOCHECK_VERSION, models.buf,
					    opt->argv_text, getcwd(cwd, sizeof(cwd)) ? cwd : "", sb);
	else if (s->attached_run)
		s->run_id = opt->attach_run;
	else
		s->run_id = store_begin_run(s->store, MMIOCHECK_VERSION, models.buf, opt->argv_text,
					    getcwd(cwd, sizeof(cwd)) ? cwd : "", sb);
	if (opt->incremental)
		s->incr = incr_new(opt, mc_rules_dir(opt), models.buf);
	strbuf_release(&models);
	return s->run_id < 0 ? -1 : 0;
}

/* Kernel headers are parsed from copies without function bodies kept in
 * .mmiocheck-headers beside the database, as the Kconfig cache is (a
 * database is where a run may write). */
static void use_header_cache(struct mc_session *s, const char *db_path)
{
	const char *slash = strrchr(db_path, '/');
	char *dir = slash ? xasprintf("%.*s/.mmiocheck-headers", (int)(slash - db_path), db_path)
			  : xstrdup(".mmiocheck-headers");

	frontend_use_header_cache(s->fe, dir);
	free(dir);
}

/* Open a session for one run: rules, engine, frontend and, with a
 * database path, the store and its run.  NULL with *err set on failure. */
struct mc_session *mc_session_open(const struct mc_options *opt, char **err)
{
	struct mc_session *s = xcalloc(1, sizeof(*s));
	struct strbuf sb = STRBUF_INIT;

	strbuf_init(&sb);
	s->max_seconds = opt->max_seconds;
	s->strict = opt->strict;
	s->pedantic = opt->pedantic;
	s->defer_recheck = opt->defer_recheck;
	s->force_parse = opt->force_parse;
	s->place = opt->place;
	s->place_arg = opt->place_arg;
	s->run_id = -1;
	if (session_rules(s, opt, &sb) < 0)
		goto fail;
	s->fe = frontend_new(s->rules);
	if (opt->header_cache && !opt->no_header_cache)
		frontend_use_header_cache(s->fe, opt->header_cache);
	else if (opt->db_path && !opt->no_header_cache)
		use_header_cache(s, opt->db_path);
	s->strings = strpool_new();
	frontend_use_strings(s->fe, s->strings);
	if (opt->source_root)
		s->source_root = trimmed_root(opt->source_root);
	if (opt->db_path && session_open_run(s, opt, &sb) < 0)
		goto fail;
	strbuf_release(&sb);
	return s;
fail:
	*err = take_err(&sb);
	mc_session_close(s);
	return NULL;
}

int mc_check_input(const char *path, char **err)
{
	struct stat st;
	struct strbuf text = STRBUF_INIT, why = STRBUF_INIT;

	if (stat(path, &st) < 0) {
		*err = xasprintf("%s: %s", path, strerror(errno));
		return -1;
	}
	if (S_ISDIR(st.st_mode)) {
		*err = xasprintf("%s: is a directory, not a C source file", path);
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		*err = xasprintf("%s: not a regular file", path);
		return -1;
	}
	if (read_regular_file(&text, path, READ_FILE_DEFAULT_CAP, "a source file", &why) < 0) {
		*err = xasprintf("%s: %s", path, why.buf);
		strbuf_release(&why);
		strbuf_release(&text);
		return -1;
	}
	const char *nul = memchr(text.buf, '\0', text.len);
	if (nul) {
		*err = xasprintf("%s: binary file (NUL byte at offset %zu), not C source", path,
				 (size_t)(nul - text.buf));
		strbuf_release(&text);
		return -1;
	}
	strbuf_release(&text);
	return 0;
}

/* The file name findings show: relative to --source-root when under it. */
const char *session_display_path(const struct mc_session *s, const char *path)
{
	size_t n = s->source_root ? strlen(s->source_root) : 0;

	if (n && !strncmp(path, s->source_root, n) && path[n] == '/')
		return path + n + 1;
	return path;
}

int mc_dump_ir(struct mc_session *s, const char *path, const char *const *clang_args,
	       int nargs, FILE *out, char **err)
{
	struct strbuf sb = STRBUF_INIT;
	struct ir_unit *u;

	if (mc_check_input(path, err) < 0)
		return -1;
	strbuf_init(&sb);
	u = frontend_parse(s->fe, path, clang_args, nargs, &sb);
	if (!u) {
		*err = xasprintf("%s: %s", path, sb.buf);
		strbuf_release(&sb);
		return -1;
	}
	for (size_t i = 0; i < u->functions.n; i++) {
		strbuf_reset(&sb);
		ir_dump_function(u, u->functions.v[i], &sb);
		fputs(sb.buf, out);
	}
	strbuf_release(&sb);
	ir_unit_free(u);
	return 0;
}

void mc_list_models(const struct mc_session *s, FILE *out)
{
	for (size_t i = 0; i < s->rules->models.n; i++) {
		const struct model *m = &s->rules->models.v[i];
		fprintf(out, "%-14s %s\n", m->name, m->summary ? m->summary : "");
	}
}

void mc_list_checks(const struct mc_session *s, FILE *out)
{
	for (size_t i = 0; i < s->rules->checks.n; i++) {
		const struct check_info *c = &s->rules->checks.v[i];
		fprintf(out, "%s %-20s %-8s %s\n", c->id, c->name, c->enabled ? c->severity : "off",
			c->summary ? c->summary : "");
	}
}

bool mc_finding_is_failure(const struct mc_finding *f)
{
	return f->severity && (!strcmp(f->severity, "warning") || !strcmp(f->severity, "error"));
}

int mc_session_finish(struct mc_session *s, char **err)
{
	struct strbuf sb = STRBUF_INIT;

	if (!s->store)
		return 0;
	strbuf_init(&sb);
	/* Kbuild mode: a named run is shared; its status only ever worsens */
	const char *status = s->interrupted ? "interrupted" : s->store_failed ? "failed"
			   : s->any_errors ? "errors" : "ok";
	/* a unit that could not be stored marked the run failed already, and
	 * on a full disk that write may have taken the last room there was:
	 * then only the finishing time is lost */
	bool already_failed = s->marked_failed && !strcmp(status, "failed");
	if ((s->named_run ? store_touch_run(s->store, s->run_id, status, &sb) < 0
			  : store_finish_run(s->store, s->run_id, status, &sb) < 0) && !already_failed) {
		*err = take_err(&sb);
		return -1;
	}
	strbuf_release(&sb);
	return 0;
}

void mc_session_close(struct mc_session *s)
{
	if (!s)
		return;
	if (s->store)
		store_close(s->store);
	if (s->fe)
		frontend_free(s->fe);
	rules_free(s->rules);
	if (s->strings)
		strpool_free(s->strings);
	incr_free(s->incr);
	free(s->source_root);
	free(s);
}

size_t mc_session_models(const struct mc_session *s, const char *const **names)
{
	*names = s->model_names;
	return s->nmodel_names;
}

long long mc_session_run_id(const struct mc_session *s)
{
	return s->run_id;
}

void mc_result_free(struct mc_result *r)
{
	if (!r)
		return;
	for (size_t i = 0; i < r->nfindings; i++)
		finding_free(&r->findings[i]);
	free(r->findings);
	for (size_t i = 0; i < r->nerrors; i++) {
		free(r->errors[i].file);
		free(r->errors[i].message);
	}
	free(r->errors);
	for (size_t i = 0; i < r->nfunctions; i++)
		free(r->functions[i].name);
	free(r->functions);
	for (size_t i = 0; i < r->ndropped_args; i++)
		free(r->dropped_args[i]);
	free(r->dropped_args);
	free(r->path);
	free(r);
}

void mc_session_mark_interrupted(struct mc_session *s)
{
	s->interrupted = true;
}

bool mc_session_store_failed(const struct mc_session *s)
{
	return s->store_failed;
}

void mc_session_mark_store_failed(struct mc_session *s)
{
	s->any_errors = s->store_failed = true;
}

void mc_session_mark_errors(struct mc_session *s)
{
	s->any_errors = true;
}

void mc_session_stats(const struct mc_session *s, struct mc_stats *out)
{
	const struct header_cache_stats *hc = frontend_header_cache_stats(s->fe);

	*out = s->stats;
	out->nmodels = s->cfg.nmodels;
	if (hc) {
		out->headers_stripped = hc->used;
		out->headers_copied = hc->written;
		out->reparsed = hc->reparsed_stale + hc->reparsed_whole;
	}
}

size_t mc_session_reused(const struct mc_session *s)
{
	return incr_reused(s->incr);
}

int mc_session_store_unanalyzed(struct mc_session *s, const char *path, const char *reason, char **err)
{
	struct mc_result res;
	struct mc_file_diag diag;
	struct strbuf sb = STRBUF_INIT;
	int rc = 0;

	s->any_errors = true;
	if (!s->store)
		return 0;
	memset(&res, 0, sizeof(res));
	diag.file = (char *)session_display_path(s, path);
	diag.line = diag.col = 0;
	diag.message = xasprintf("not analyzed: %s", reason);
	res.path = diag.file;
	res.nerrors = 1;
	res.errors = &diag;
	strbuf_init(&sb);
	if (store_add_result(s->store, s->run_id, &res, &sb) < 0) {
		*err = take_err(&sb);
		s->store_failed = true;
		rc = -1;
	}
	strbuf_release(&sb);
	free(diag.message);
	return rc;
}
