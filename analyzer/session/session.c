/*
 * session.c - the public API (include/mmiocheck/mmiocheck.h): ties rules,
 * frontend, engine + checks and the store together for one run.
 */
#include "mmiocheck/mmiocheck.h"
#include "../checks/checks.h"
#include "../frontend/frontend.h"
#include "../interproc/interproc.h"
#include "../rules/frameworks.h"
#include "../store/store.h"
#include "../store/summaries.h"
#include "incremental.h"

#include <errno.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef MMIOCHECK_RULES_DIR
#define MMIOCHECK_RULES_DIR "rules"
#endif
#define DEFAULT_MODELS "contract,ppc64-legacy"

struct mc_session {
	struct rules *rules;
	struct engine_config cfg;
	struct frontend *fe;
	struct store *store;
	long long run_id;
	char *source_root;
	const char *model_names[ENG_MAX_MODELS];
	size_t nmodel_names;
	bool any_errors;
	struct strpool *strings;	/* shared by every unit of the session */
	bool strict;			/* MMIO005 in setup paths too */
	int max_seconds;		/* DEADLINE-HOOK: per unit, 0 = none */
	size_t rechecked;		/* stale callers analyzed again */
	/* KBUILD-HOOK */
	struct incr *incr;	/* NULL: no incremental reuse */
	bool named_run, attached_run, interrupted;
	bool store_failed;	/* a unit could not be written (disk full, locked) */
	bool defer_recheck;	/* the caller re-runs stale callers (-p workers) */
	bool force_parse;	/* no reuse: re-checking stale callers */
};

typedef VEC(struct mc_result *) result_vec;
static void free_finding(struct mc_finding *f);
typedef VEC(char *) path_vec;

void mc_options_init(struct mc_options *opt)
{
	memset(opt, 0, sizeof(*opt));
}

static char *take_err(struct strbuf *sb)
{
	return strbuf_detach(sb);
}

static const char *default_rules_dir(const struct mc_options *opt)
{
	const char *env = getenv("MMIOCHECK_RULES");

	if (opt->rules_dir)
		return opt->rules_dir;
	return env && *env ? env : MMIOCHECK_RULES_DIR;
}

struct mc_session *mc_session_open(const struct mc_options *opt, char **err)
{
	struct mc_session *s = xcalloc(1, sizeof(*s));
	struct strbuf sb = STRBUF_INIT;
	char cwd[4096];

	strbuf_init(&sb);
	s->rules = rules_load(default_rules_dir(opt), opt->extra_rules, opt->nextra_rules, &sb);
	if (!s->rules)
		goto fail;
	s->cfg.rules = s->rules;
	s->cfg.preempt_rt = opt->preempt_rt;
	s->cfg.max_states = opt->max_states;
	s->max_seconds = opt->max_seconds;	/* DEADLINE-HOOK */
	s->strict = opt->strict;
	s->defer_recheck = opt->defer_recheck;
	s->force_parse = opt->force_parse;
	if (engine_config_models(&s->cfg, s->rules, opt->models ? opt->models : DEFAULT_MODELS, &sb) < 0)
		goto fail;
	for (int i = 0; i < s->cfg.nmodels; i++)
		if (s->cfg.requested & (1u << i))
			s->model_names[s->nmodel_names++] = s->rules->models.v[s->cfg.models[i]].name;
	checks_configure(&s->cfg, s->rules);
	s->fe = frontend_new(s->rules);
	s->strings = strpool_new();
	frontend_use_strings(s->fe, s->strings);
	if (opt->source_root) {
		size_t n = strlen(opt->source_root);
		while (n > 1 && opt->source_root[n - 1] == '/')
			n--;
		s->source_root = xstrndup(opt->source_root, n);
	}
	s->run_id = -1;
	if (opt->db_path) {
		s->store = store_open(opt->db_path, &sb);
		if (!s->store)
			goto fail;
		struct strbuf models = STRBUF_INIT;
		for (size_t i = 0; i < s->nmodel_names; i++)
			strbuf_addf(&models, "%s%s", i ? "," : "", s->model_names[i]);
		/* KBUILD-HOOK: shared (named or attached) runs, incremental reuse */
		s->named_run = opt->run_name != NULL;
		s->attached_run = !s->named_run && opt->attach_run > 0;
		if (s->named_run)
			s->run_id = store_named_run(s->store, opt->run_name, MMIOCHECK_VERSION, models.buf,
						    opt->argv_text, getcwd(cwd, sizeof(cwd)) ? cwd : "", &sb);
		else if (s->attached_run)
			s->run_id = opt->attach_run;
		else
			s->run_id = store_begin_run(s->store, MMIOCHECK_VERSION, models.buf, opt->argv_text,
						    getcwd(cwd, sizeof(cwd)) ? cwd : "", &sb);
		if (opt->incremental)
			s->incr = incr_new(opt, default_rules_dir(opt), models.buf);
		strbuf_release(&models);
		if (s->run_id < 0)
			goto fail;
	}
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
	struct strbuf text = STRBUF_INIT;

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
	if (strbuf_read_file(&text, path) < 0) {
		*err = xasprintf("%s: %s", path, strerror(errno));
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
static const char *display_path(const struct mc_session *s, const char *path)
{
	size_t n = s->source_root ? strlen(s->source_root) : 0;

	if (n && !strncmp(path, s->source_root, n) && path[n] == '/')
		return path + n + 1;
	return path;
}

static void fill_errors(struct mc_result *res, const struct ir_unit *u)
{
	res->nerrors = u->errors.n;
	res->errors = xcalloc(u->errors.n ? u->errors.n : 1, sizeof(*res->errors));
	for (size_t i = 0; i < u->errors.n; i++) {
		const struct ir_diag *d = &u->errors.v[i];
		const char *file = strpool_str(u->strings, d->file);
		res->errors[i].file = xstrdup(file ? file : u->path);
		res->errors[i].line = d->line;
		res->errors[i].col = d->col;
		res->errors[i].message = xstrdup(d->message);
	}
}

/* The database as the interprocedural pass's source of summaries that are
 * defined outside the files being analyzed. */
static struct ir_function *lookup_stored(void *ctx, const char *key, struct strpool *pool)
{
	struct mc_session *s = ctx;
	char *text = s->store ? store_find_summary(s->store, key) : NULL;
	struct ir_function *fn = text ? ipa_summary_from_text(text, pool, s->rules) : NULL;

	free(text);
	return fn;
}

/* check_fn_info.callee_has_contract: a function of the program named
 * `name` is annotated __must_hold / __releases. */
static bool callee_has_contract(void *ctx, str_id name)
{
	const struct ipa_program *p = ctx;

	for (size_t i = 0; i < p->fns.n; i++) {
		const struct ir_function *fn = p->fns.v[i].fn;
		if (!fn || p->fns.v[i].name != name)
			continue;
		for (size_t k = 0; k < fn->contracts.n; k++)
			if (fn->contracts.v[k].kind != IR_ACQUIRES)
				return true;
	}
	return false;
}

/* Trace steps in other files: shown relative to the source root too. */
static void show_trace_files(const struct mc_session *s, struct finding_vec *findings)
{
	for (size_t i = 0; i < findings->n; i++)
		for (size_t k = 0; k < findings->v[i].ntrace; k++) {
			struct mc_trace_step *t = &findings->v[i].trace[k];
			const char *d = display_path(s, t->file);
			if (d != t->file) {
				char *copy = xstrdup(d);
				free(t->file);
				t->file = copy;
			}
		}
}

/* Hand the program-wide findings to the results of their files. */
static void distribute(struct finding_vec *extra, result_vec *out, size_t first)
{
	for (size_t i = 0; i < extra->n; i++) {
		struct mc_result *target = NULL;
		for (size_t k = first; k < out->n && !target; k++)
			if (!strcmp(out->v[k]->path, extra->v[i].file))
				target = out->v[k];
		if (!target) {
			free_finding(&extra->v[i]);
			continue;
		}
		target->findings = xrealloc(target->findings, (target->nfindings + 1) * sizeof(*target->findings));
		target->findings[target->nfindings++] = extra->v[i];
	}
	VEC_FREE(*extra);
}

/* Does the function run before the device is shared (probe, init,
 * remove: rules/checks.json MMIO005 setup_functions, or __init)? */
static bool setup_function(const struct mc_session *s, const struct ir_function *fn, const char *name)
{
	const struct check_info *ci = rules_find_check(s->rules, "MMIO005");

	if (fn->is_init)
		return true;
	if (!ci || !ci->setup_functions)
		return false;
	char *list = xstrdup(ci->setup_functions), *save = NULL;
	bool hit = false;
	for (char *g = strtok_r(list, ",", &save); g && !hit; g = strtok_r(NULL, ",", &save))
		hit = fnmatch(g, name, 0) == 0;
	free(list);
	return hit;
}

/* ---- framework lock contexts (rules/frameworks, docs/frameworks.md) ---- */

#define MAX_CONTEXTS 4
#define FW_MAX_CONTEXT_LOCKS 4

/* One framework slot the function was stored into, as context locks. */
struct fw_context {
	struct ipa_context_lock locks[FW_MAX_CONTEXT_LOCKS];
	size_t n;
	const struct framework_entry *entry;
};

/* framework_lock_held's question: does the driver set `flag` (e.g.
 * NETIF_F_LLTX) anywhere?  Answered from the program's source text: a
 * driver that names the flag sets it, as LLTX drivers do in probe. */
static bool program_sets_flag(void *ctx, const char *flag, const char *field)
{
	const struct ipa_program *p = ctx;

	(void)field;
	for (size_t i = 0; i < p->units.n; i++)
		if (p->units.v[i]->source && strstr(p->units.v[i]->source, flag))
			return true;
	return false;
}

/* The rules api that takes (op) a lock of `kind` with `irq`, or -1. */
static int api_for(const struct rules *r, enum lock_op op, int kind, enum irq_mode irq)
{
	int any = -1;

	for (size_t i = 0; i < r->apis.n; i++) {
		const struct lock_api *a = &r->apis.v[i];
		if (a->op != op || a->kind != kind || a->shared)
			continue;
		if (a->irq == irq)
			return (int)i;
		if (any < 0)
			any = (int)i;
	}
	return any;
}

/* The framework's lock as the callback names it: "port->lock" when it
 * hangs off a parameter, else as the framework spells it. */
static str_id context_lock_name(struct mc_session *s, const struct ir_function *fn, const struct framework_lock *l)
{
	if (l->arg >= 0 && (size_t)l->arg < fn->params.n && fn->params.v[l->arg] && l->arg_path) {
		char *t = xasprintf("%s->%s", strpool_str(s->strings, fn->params.v[l->arg]), l->arg_path);
		str_id id = strpool_intern(s->strings, t);
		free(t);
		return id;
	}
	return strpool_intern(s->strings, l->name);
}

/* Build the context of one slot; false when no lock of it is held. */
static bool slot_context(struct mc_session *s, struct ipa_program *p, const struct ir_function *fn,
			 const struct framework_slot *slot, struct fw_context *c)
{
	c->n = 0;
	c->entry = slot->entry;
	for (size_t i = 0; i < slot->nlocks && c->n < FW_MAX_CONTEXT_LOCKS; i++) {
		const struct framework_lock *l = &slot->locks[i];
		if (!framework_lock_held(l, program_sets_flag, p))
			continue;
		struct ipa_context_lock *cl = &c->locks[c->n];
		cl->lock = context_lock_name(s, fn, l);
		cl->lock_type = l->type_path ? strpool_intern(s->strings, l->type_path) : 0;
		cl->acquire_api = api_for(s->rules, LOCK_ACQUIRE, l->kind, l->irq);
		/* a coarse mutex (RTNL, prepare_lock) is context, not protection:
		 * it stays held past the return, so it judges nothing (--strict:
		 * it is released and judged like any lock) */
		cl->release_api = l->coarse && !s->strict ? -1 : api_for(s->rules, LOCK_RELEASE, l->kind, l->irq);
		const char *rf = strrchr(slot->entry->file, '/') ? strrchr(slot->entry->file, '/') + 1 : slot->entry->file;
		char *label = xasprintf("the %s core takes %s before calling %s.%s (rules %s, %s:%d)",
					slot->entry->framework, l->name, slot->struct_type, slot->field,
					slot->entry->name, rf, slot->entry->line);
		char *rlabel = xasprintf("the %s core's release of %s after %s() returns (rules %s, %s:%d)",
					 slot->entry->framework, l->name, slot->field, slot->entry->name, rf,
					 slot->entry->line);
		cl->label = strpool_intern(s->strings, label);
		cl->release_label = strpool_intern(s->strings, rlabel);
		free(label);
		free(rlabel);
		if (cl->acquire_api >= 0)
			c->n++;
	}
	return c->n > 0;
}

/* The framework contexts function fi is called in: one per slot it is
 * stored into (designated initializers, assignments). */
static size_t framework_contexts(struct mc_session *s, struct ipa_program *p, int fi, struct fw_context *out)
{
	const struct ipa_fn *f = &p->fns.v[fi];
	size_t n = 0;

	for (size_t i = 0; i < p->fnptrs.n && n < MAX_CONTEXTS; i++) {
		const struct ir_fnptr *fp = &p->fnptrs.v[i];
		const char *slot = strpool_str(s->strings, fp->slot), *sep = slot ? strstr(slot, "::") : NULL;
		if (fp->function != f->name || !sep || strchr(sep + 2, '.'))
			continue;
		if (f->fn->is_static && fp->loc.file != f->file)
			continue;	/* another file's static of the same name */
		char *type = xstrndup(slot, (size_t)(sep - slot));
		const struct framework_slot *fs = rules_framework_slot(s->rules, type, sep + 2);
		free(type);
		bool dup = false;
		for (size_t k = 0; k < n && fs; k++)
			dup |= out[k].entry == fs->entry;
		if (fs && !dup && slot_context(s, p, f->fn, fs, &out[n]))
			n++;
	}
	return n;
}

/* Same rule, model and place: the second context found it again. */
static void drop_repeats(struct finding_vec *v, size_t first)
{
	size_t keep = first;

	for (size_t i = first; i < v->n; i++) {
		bool dup = false;
		for (size_t k = first; k < keep && !dup; k++)
			dup = !strcmp(v->v[k].rule, v->v[i].rule) && !strcmp(v->v[k].model, v->v[i].model) &&
			      v->v[k].line == v->v[i].line && v->v[k].col == v->v[i].col;
		if (dup)
			free_finding(&v->v[i]);
		else
			v->v[keep++] = v->v[i];
	}
	v->n = keep;
}

/* Run the checks on every function of unit `u` (already solved in p). */
static struct mc_result *check_unit(struct mc_session *s, struct ipa_program *p, size_t k,
				    struct check_program *prog)
{
	struct ir_unit *u = p->units.v[k];
	struct finding_vec findings = { NULL, 0, 0 };
	struct mc_result *res = xcalloc(1, sizeof(*res));
	const char *shown = display_path(s, u->path);

	res->path = xstrdup(shown);
	res->parsed = true;
	snprintf(res->content_hash, sizeof(res->content_hash), "%016llx",
		 (unsigned long long)hash_bytes(u->source ? u->source : "", u->source_len, HASH_SEED));
	fill_errors(res, u);
	res->nfunctions = u->functions.n;
	res->functions = xcalloc(u->functions.n ? u->functions.n : 1, sizeof(*res->functions));
	/* DEADLINE-HOOK: the unit's analysis time starts now */
	s->cfg.deadline_ns = s->max_seconds ? engine_now_ns() + (uint64_t)s->max_seconds * 1000000000u : 0;
	for (size_t i = 0; i < u->functions.n; i++) {
		const struct ir_function *fn = u->functions.v[i];
		int fi = (int)ipa_unit_fn(p, k, i);
		struct check_fn_info info = { prog, setup_function(s, fn, strpool_str(u->strings, fn->name)),
					      p->fns.v[fi].has_callers, p->fns.v[fi].unknown_calls,
					      callee_has_contract, p };
		struct fw_context ctx[MAX_CONTEXTS];
		size_t nctx = framework_contexts(s, p, fi, ctx);
		struct ir_function *x = ipa_expand_for_checks(p, (uint32_t)fi);
		struct engine_stats st;
		size_t first = findings.n;
		if (!nctx)
			checks_run_function(&s->cfg, u, x, &info, shown, &findings, &st);
		for (size_t c = 0; c < nctx; c++) {
			/* called by the framework: judged with its locks held */
			struct ir_function *cx = ipa_splice_context(p, (uint32_t)fi, true, ctx[c].locks, ctx[c].n);
			checks_run_function(&s->cfg, u, cx, &info, shown, &findings, &st);
			ir_fn_free(cx);
		}
		drop_repeats(&findings, first);
		res->functions[i].name = xstrdup(strpool_str(u->strings, fn->name));
		res->functions[i].line = fn->loc.line;
		res->functions[i].nodes = x->nodes.n;
		res->functions[i].states = st.states;
		res->functions[i].truncated = st.truncated;
		res->truncated |= st.truncated;
		res->ncapped += p->fns.v[fi].capped;
		res->unknown_calls += (size_t)p->fns.v[fi].unknown_calls;
		res->timed_out |= st.timed_out;	/* DEADLINE-HOOK */
		ir_fn_free(x);
	}
	s->cfg.deadline_ns = 0;
	show_trace_files(s, &findings);
	res->findings = findings.v;
	res->nfindings = findings.n;
	res->ndropped_args = u->dropped_args.n;	/* flags clang rejected */
	res->dropped_args = xcalloc(u->dropped_args.n + 1, sizeof(char *));
	for (size_t i = 0; i < u->dropped_args.n; i++)
		res->dropped_args[i] = xstrdup(u->dropped_args.v[i]);
	if (res->nerrors)
		s->any_errors = true;
	return res;
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
	struct store_summary us = { key, name, hash, NULL, capped };
	VEC_PUSH(*used, us);
}

/* The summaries the k-th unit defines, and those of other files it used. */
static void unit_summaries(struct ipa_program *p, size_t k, summary_vec *def, summary_vec *used)
{
	const struct ir_unit *u = p->units.v[k];

	for (size_t i = 0; i < u->functions.n; i++) {
		struct ipa_fn *f = &p->fns.v[ipa_unit_fn(p, k, i)];
		if (f->summary) {
			struct store_summary ss = { strpool_str(p->strings, f->key), strpool_str(p->strings, f->name),
						    hex16(f->hash), ipa_summary_to_text(p, f), f->capped };
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

/* Record that u called `name` and found no summary for it ("none"), so
 * that a later run defining it re-checks u. */
static void add_missing_use(struct ipa_program *p, summary_vec *used, str_id name)
{
	const char *key = strpool_str(p->strings, name);

	add_use(used, key, key, xstrdup("none"), false);
}

static void missing_uses(struct ipa_program *p, size_t k, summary_vec *used)
{
	const struct ir_unit *u = p->units.v[k];

	for (size_t i = 0; i < u->functions.n; i++) {
		const struct ir_function *fn = u->functions.v[i];
		uint32_t fi = ipa_unit_fn(p, k, i);
		for (size_t k = 0; k < fn->nodes.n; k++) {
			const struct ir_node *n = &fn->nodes.v[k];
			uint32_t t[IPA_MAX_TARGETS];
			bool unknown;
			if (n->op != IR_CALL || n->indirect || !n->callee)
				continue;
			if (!ipa_call_targets(p, p->fns.v[fi].file, n, t, &unknown))
				add_missing_use(p, used, n->callee);
		}
	}
}

static void free_summaries(summary_vec *v)
{
	for (size_t i = 0; i < v->n; i++) {
		free((char *)v->v[i].hash);
		free((char *)v->v[i].body);
	}
	VEC_FREE(*v);
}

/* One file of a pass: its parsed unit, or the stored result it reuses. */
struct pass_file {
	const char *path;
	struct ir_unit *unit;		/* NULL when reused */
	struct mc_result *reused;	/* incremental: the stored result */
	struct incr_unit *iu;		/* incremental bookkeeping, or NULL */
};

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
	unit_summaries(p, k, &def, &used);
	missing_uses(p, k, &used);
	if (store_add_unit(s->store, s->run_id, res, def.v, def.n, used.v, used.n, &sb) < 0) {
		*err = xasprintf("%s: could not store the results: %s", u->path, sb.buf);
		s->any_errors = true;
		s->store_failed = true;
		rc = -1;
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
 * the program-wide MMIO005 depend on every file of the program.
 */
static int probe_reuse(struct mc_session *s, struct pass_file *files, size_t n,
		       const char *const *clang_args, int nargs, bool allow_reuse, bool *all, char **err)
{
	*all = s->incr && allow_reuse && !s->force_parse && n > 0;
	for (size_t i = 0; i < n && s->incr; i++) {
		files[i].iu = incr_begin_unit(s->incr, s->store, files[i].path, display_path(s, files[i].path),
					      clang_args, nargs, &files[i].reused, err);
		if (!files[i].iu)
			return -1;
		*all &= files[i].reused != NULL;
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
static int parse_all(struct mc_session *s, struct pass_file *files, size_t n, const char *const *clang_args,
		     int nargs, char **err)
{
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; i < n; i++) {
		strbuf_reset(&sb);
		files[i].unit = frontend_parse(s->fe, files[i].path, clang_args, nargs, &sb);
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

/* Summarize the parsed files together, check and store each. */
static int analyze_program(struct mc_session *s, struct pass_file *files, size_t n, result_vec *out,
			   char **err)
{
	struct ipa_program p;
	int rc = 0;

	ipa_init(&p, s->strings, s->rules);
	p.lookup = lookup_stored;
	p.lookup_ctx = s;
	for (size_t i = 0; i < n; i++)
		ipa_add_unit(&p, files[i].unit, display_path(s, files[i].unit->path));
	ipa_solve(&p);
	size_t first = out->n;
	struct check_program *prog = checks_program_new(&s->cfg, s->strict);
	for (size_t i = 0; i < n; i++)
		VEC_PUSH(*out, check_unit(s, &p, i, prog));
	struct finding_vec extra = { NULL, 0, 0 };
	checks_program_end(prog, &extra);
	checks_program_free(prog);
	distribute(&extra, out, first);
	for (size_t i = 0; i < n && rc == 0; i++)
		rc = store_unit(s, &p, i, out->v[first + i], files[i].iu, err);
	ipa_free(&p);
	return rc;
}

/* One pass over paths: reused whole, or parsed, summarized together,
 * checked and stored unit by unit. */
static int analyze_pass(struct mc_session *s, const char *const *paths, size_t n, const char *const *clang_args,
			int nargs, bool allow_reuse, result_vec *out, char **err)
{
	struct pass_file *files = xcalloc(n ? n : 1, sizeof(*files));
	bool all_reused = false;
	int rc = 0;

	for (size_t i = 0; i < n && rc == 0; i++) {
		files[i].path = paths[i];
		rc = mc_check_input(paths[i], err);
	}
	if (rc == 0)
		rc = probe_reuse(s, files, n, clang_args, nargs, allow_reuse, &all_reused, err);
	if (rc == 0 && all_reused)
		rc = adopt_all(s, files, n, out, err);
	else if (rc == 0 && (rc = parse_all(s, files, n, clang_args, nargs, err)) == 0)
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
 * (analyzed in an earlier run, or by another process of this one), that
 * still exist and were not analyzed again by this call yet. */
static void stale_callers(struct mc_session *s, path_vec *done, path_vec *out)
{
	struct strbuf sb = STRBUF_INIT;
	char **stale = NULL;
	size_t nstale = 0;

	if (!s->store || store_stale_callers(s->store, &stale, &nstale, &sb) < 0) {
		strbuf_release(&sb);
		return;
	}
	for (size_t i = 0; i < nstale; i++) {
		bool seen = false;
		for (size_t k = 0; k < done->n && !seen; k++)
			seen = !strcmp(done->v[k], stale[i]);
		char *path = seen ? NULL : readable_path(s, stale[i]);
		if (path) {
			VEC_PUSH(*out, path);
			VEC_PUSH(*done, stale[i]);
		} else {
			free(stale[i]);
		}
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
 * callees' summaries changed since they were stored.  Each is analyzed
 * again at most once per call, in at most MAX_RECHECK_ROUNDS rounds (a
 * re-check can change the file's own summaries, and so its callers').
 */
#define MAX_RECHECK_ROUNDS 3

int mc_analyze_files(struct mc_session *s, const char *const *paths, size_t n, const char *const *clang_args,
		     int nargs, struct mc_result ***results, size_t *nresults, char **err)
{
	result_vec out = VEC_INIT;
	path_vec done = VEC_INIT;
	int rc = analyze_pass(s, paths, n, clang_args, nargs, true, &out, err);

	for (int round = 0; rc == 0 && !s->defer_recheck && round < MAX_RECHECK_ROUNDS; round++) {
		path_vec again = VEC_INIT;
		stale_callers(s, &done, &again);
		if (again.n) {
			s->rechecked += again.n;
			rc = analyze_pass(s, (const char *const *)again.v, again.n, clang_args, nargs, false, &out,
					  err);
		}
		bool any = again.n > 0;
		free_paths(&again);
		if (!any)
			break;
	}
	free_paths(&done);
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
		*err = take_err(&sb);
		return -1;
	}
	strbuf_release(&sb);
	return 0;
}

const char *mc_display_path(const struct mc_session *s, const char *path)
{
	return display_path(s, path);
}

void mc_session_force_parse(struct mc_session *s, bool on)
{
	s->force_parse = on;
}

size_t mc_session_rechecked(const struct mc_session *s)
{
	return s->rechecked;
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
		fprintf(out, "%s %-20s %-8s %s\n", c->id, c->name, c->severity, c->summary ? c->summary : "");
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
	/* KBUILD-HOOK: a named run is shared; its status only ever worsens */
	const char *status = s->interrupted ? "interrupted" : s->any_errors ? "errors" : "ok";
	if (s->named_run ? store_touch_run(s->store, s->run_id, status, &sb) < 0
			 : store_finish_run(s->store, s->run_id, status, &sb) < 0) {
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

static void free_finding(struct mc_finding *f)
{
	free(f->rule);
	free(f->rule_name);
	free(f->severity);
	free(f->model);
	free(f->file);
	free(f->function);
	free(f->lock_name);
	free(f->lock_type);
	free(f->lock_kind);
	free(f->accessor);
	free(f->message);
	for (size_t i = 0; i < f->ntrace; i++) {
		free(f->trace[i].kind);
		free(f->trace[i].file);
		free(f->trace[i].message);
	}
	free(f->trace);
}

void mc_result_free(struct mc_result *r)
{
	if (!r)
		return;
	for (size_t i = 0; i < r->nfindings; i++)
		free_finding(&r->findings[i]);
	free(r->findings);
	for (size_t i = 0; i < r->nerrors; i++) {
		free(r->errors[i].file);
		free(r->errors[i].message);
	}
	free(r->errors);
	for (size_t i = 0; i < r->nfunctions; i++)
		free(r->functions[i].name);
	free(r->functions);
	for (size_t i = 0; i < r->ndropped_args; i++)	/* KBUILD-HOOK */
		free(r->dropped_args[i]);
	free(r->dropped_args);
	free(r->path);
	free(r);
}

/* KBUILD-HOOK */
void mc_session_mark_interrupted(struct mc_session *s)
{
	s->interrupted = true;
}

bool mc_session_store_failed(const struct mc_session *s)
{
	return s->store_failed;
}

void mc_session_mark_errors(struct mc_session *s)
{
	s->any_errors = true;
}

const char *mc_rules_dir(const struct mc_options *opt)
{
	return default_rules_dir(opt);
}

size_t mc_session_reused(const struct mc_session *s)
{
	return incr_reused(s->incr);
}
