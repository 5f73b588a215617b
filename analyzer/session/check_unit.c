/*
 * check_unit.c - checking one unit of a solved program: every function,
 * alone or in each framework lock context it is called in
 * (rules/frameworks, docs/frameworks.md), with its callees' summaries
 * spliced in (interproc/).
 */
#include "session_int.h"
#include "../rules/frameworks.h"
#include "../rules/entry_points.h"
#include "util/defects.h"

#include <stdlib.h>
#include <string.h>

/* Copy clang's errors for the unit into its result (they outlive the IR). */
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
			const char *d = session_display_path(s, t->file);
			if (d != t->file) {
				char *copy = xstrdup(d);
				free(t->file);
				t->file = copy;
			}
		}
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

/* Does the C text name `word` outside comments and string literals? */
static bool names_in_code(const char *text, const char *word)
{
	size_t n = strlen(word);

	for (const char *c = text; *c; c++) {
		if (c[0] == '/' && c[1] == '*') {
			const char *end = strstr(c + 2, "*/");
			if (!end)
				return false;
			c = end + 1;
		} else if (c[0] == '/' && c[1] == '/') {
			while (c[1] && c[1] != '\n')
				c++;
		} else if (*c == '"') {
			while (c[1] && c[1] != '"')
				c += c[1] == '\\' && c[2] ? 2 : 1;
			if (c[1])
				c++;
		} else if (!strncmp(c, word, n)) {
			return true;
		}
	}
	return false;
}

/* Where a callback was stored into a framework slot. */
struct store_site {
	const struct ipa_program *p;
	const char *file;		/* the file of the ops table */
};

/*
 * framework_lock_held's question: does the driver set `flag` (e.g.
 * NETIF_F_LLTX) for the device whose ops table stores the callback?
 * Answered from the source text of the table's file: a driver names the
 * flag only to set it, in the probe that installs its ops.  A flag named
 * in another file is another device's: sfc's ef100_rep.c makes its
 * representors LLTX, not efx.c's netdev (every LLTX driver of Linux 6.1's
 * drivers/net/ethernet sets it in its ops table's file).
 */
static bool table_file_sets_flag(void *ctx, const char *flag, const char *field)
{
	const struct store_site *site = ctx;
	const struct ipa_program *p = site->p;

	(void)field;
	for (size_t i = 0; i < p->units.n; i++) {
		const struct ir_unit *u = p->units.v[i];
		if (u->source && site->file && !strcmp(u->path, site->file) && names_in_code(u->source, flag))
			return true;
	}
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

/* The framework lock's type path: the rules' ("struct uart_port::lock"),
 * or, when the callback views the parameter it hangs off as a member of
 * its own container (`channel = container_of(port, struct jsm_channel,
 * uart_port)`), the container's, "struct jsm_channel::uart_port.lock",
 * which the function's own `port->lock` has (lockid.c). */
static str_id context_lock_type(struct mc_session *s, const struct ir_function *fn, const struct framework_lock *l)
{
	for (size_t i = 0; l->arg >= 0 && l->arg_path && !strstr(l->arg_path, "->") && i < fn->param_views.n; i++)
		if (fn->param_views.v[i].param == (uint32_t)l->arg) {
			char *t = xasprintf("%s.%s", strpool_str(s->strings, fn->param_views.v[i].member), l->arg_path);
			str_id id = strpool_intern(s->strings, t);
			free(t);
			return id;
		}
	return l->type_path ? strpool_intern(s->strings, l->type_path) : 0;
}

/* Build the context of one slot; false when no lock of it is held. */
static bool slot_context(struct mc_session *s, struct ipa_program *p, const struct ir_function *fn,
			 const struct framework_slot *slot, str_id store_file, struct fw_context *c)
{
	struct store_site site = { p, strpool_str(s->strings, store_file) };

	c->n = 0;
	c->entry = slot->entry;
	for (size_t i = 0; i < slot->nlocks && c->n < FW_MAX_CONTEXT_LOCKS; i++) {
		const struct framework_lock *l = &slot->locks[i];
		if (!framework_lock_held(l, table_file_sets_flag, &site))
			continue;
		struct ipa_context_lock *cl = &c->locks[c->n];
		cl->lock = context_lock_name(s, fn, l);
		cl->lock_type = context_lock_type(s, fn, l);
		cl->acquire_api = api_for(s->rules, LOCK_ACQUIRE, l->kind, l->irq);
		cl->coarse = l->coarse;
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

	for (uint32_t st = ipa_first_store(p, f->name); st && n < MAX_CONTEXTS; st = ipa_next_store(p, st)) {
		const struct ir_fnptr *fp = &p->fnptrs.v[st - 1];
		const char *slot = strpool_str(s->strings, fp->slot), *sep = slot ? strstr(slot, "::") : NULL;
		if (!sep || strchr(sep + 2, '.'))
			continue;
		if (f->fn->is_static && fp->loc.file != f->file)
			continue;	/* another file's static of the same name */
		char *type = xstrndup(slot, (size_t)(sep - slot));
		const struct framework_slot *fs = rules_framework_slot(s->rules, type, sep + 2);
		free(type);
		bool dup = false;
		for (size_t k = 0; k < n && fs; k++)
			dup |= out[k].entry == fs->entry;
		if (fs && !dup && slot_context(s, p, f->fn, fs, fp->loc.file, &out[n]))
			n++;
	}
	return n;
}

/* ---- entry points (rules/frameworks/entry-points.json) ---- */

/* What the kernel's registrations and the slots make of function fi. */
struct entry_info {
	char *entry;		/* unlocked entry point: why, for messages */
	bool setup;		/* a setup path (dev_pm_ops), or code the
				 * program never runs (ipa_unreached) */
	bool open;		/* an open path: setup until it requests an irq */
};

/* The entry point a registration or store of fi means, or NULL. */
static const struct entry_point *entry_of(struct mc_session *s, const struct ir_fnptr *fp)
{
	const char *slot = strpool_str(s->strings, fp->slot), *sep;

	if (!slot)
		return NULL;
	if (fp->registration)
		return rules_entry_call(s->rules, slot, fp->arg);
	if (!(sep = strstr(slot, "::")) || strchr(sep + 2, '.'))
		return NULL;
	char *type = xstrndup(slot, (size_t)(sep - slot));
	const struct entry_point *e = rules_entry_slot(s->rules, type, sep + 2);
	free(type);
	return e;
}

/* Why a function is the entry point e: stored by fp, into a slot the
 * kernel calls or one a registration passed on (via), or passed to a
 * registration itself.  For messages; the caller frees it. */
static char *entry_text(struct mc_session *s, const struct entry_point *e, const struct ir_fnptr *fp,
			const struct ir_fnptr *via)
{
	const char *slot = strpool_str(s->strings, fp->slot);

	if (via)
		return xasprintf("%s (stored into %s, passed to %s() at %s:%u, rules %s)", entry_kind_what(e->kind),
				 slot, strpool_str(s->strings, via->slot), strpool_str(s->strings, via->loc.file),
				 via->loc.line, e->name);
	return fp->registration
		? xasprintf("%s (passed to %s() at %s:%u, rules %s)", entry_kind_what(e->kind), slot,
			    strpool_str(s->strings, fp->loc.file), fp->loc.line, e->name)
		: xasprintf("%s (stored into %s at %s:%u, rules %s)", entry_kind_what(e->kind), slot,
			    strpool_str(s->strings, fp->loc.file), fp->loc.line, e->name);
}

static void entry_info_of(struct mc_session *s, struct ipa_program *p, int fi, struct entry_info *out)
{
	const struct ipa_fn *f = &p->fns.v[fi];

	memset(out, 0, sizeof(*out));
	for (uint32_t st = ipa_first_store(p, f->name); st; st = ipa_next_store(p, st)) {
		const struct ir_fnptr *fp = &p->fnptrs.v[st - 1], *via = NULL;
		if (f->fn->is_static && fp->loc.file != f->file)
			continue;
		const struct entry_point *e = entry_of(s, fp);
		if (!e && !fp->registration && (via = ipa_slot_registration(p, fp->slot)))
			e = entry_of(s, via);	/* the slot's value was registered */
		if (!e)
			continue;
		out->setup |= e->kind == ENTRY_SETUP;
		out->open |= e->kind == ENTRY_OPEN;
		if (!entry_kind_unlocked(e->kind) || out->entry)
			continue;
		out->entry = entry_text(s, e, fp, via);
	}
	out->setup |= !out->entry && ipa_unreached(p, (uint32_t)fi);
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
			chain_free(&v->v[i]);
		else
			v->v[keep++] = v->v[i];
	}
	v->n = keep;
}

/* How many of u's functions are the file's own: the driver-header
 * functions the unit called come last; they are summarized for their
 * callers, not checked (nor listed) as the file's own. */
static size_t own_functions(const struct ir_unit *u)
{
	size_t n = 0;

	while (n < u->functions.n && !u->functions.v[n]->def_file)
		n++;
	return n;
}

/*
 * Run the checks on program function fi, one of unit u's own functions:
 * alone, or, when a framework calls it, once per lock context it is
 * called in, with those locks held; not at all when it is unchecked (a
 * parse error in its body).  Returns the function as expanded
 * for the checks (the caller frees it); *st holds the last run's stats.
 */
static struct ir_function *check_function(struct mc_session *s, struct ipa_program *p, struct ir_unit *u,
					  int fi, bool unchecked, struct check_program *prog, const char *shown,
					  struct finding_vec *findings, struct engine_stats *st)
{
	const struct ipa_fn *pf = &p->fns.v[fi];
	struct entry_info ei;
	struct fw_context ctx[MAX_CONTEXTS];

	entry_info_of(s, p, fi, &ei);
	struct check_fn_info info = { .program = prog, .setup_entry = ei.setup, .has_callers = pf->has_callers,
				      .unknown_calls = pf->unknown_calls, .callee_has_contract = callee_has_contract,
				      .callee_ctx = p, .entry = ei.entry, .is_root = !pf->has_callers || ei.entry,
				      .open_until_irq = ei.open };
	size_t nctx = framework_contexts(s, p, fi, ctx);
	info.is_root |= nctx > 0;	/* the framework calls it */
	info.seen_by_callers = pf->has_callers && ipa_writes_reach_root(p, (uint32_t)fi);
	info.called_by_name_only = !ei.entry && !nctx && ipa_calls_all_seen(p, (uint32_t)fi);
	info.summary_keeps_writes = pf->summary && !pf->capped;
	bool observe = checks_observe_calls(&s->cfg);
	struct ir_function *x = ipa_expand_for_checks(p, (uint32_t)fi);
	ir_call_target_vec slot_calls = { 0 };
	if (observe)
		ipa_mark_observed_calls(p, (uint32_t)fi, x, &slot_calls);
	info.slot_calls = slot_calls.v;
	info.nslot_calls = slot_calls.n;
	size_t first = findings->n;
	memset(st, 0, sizeof(*st));
	if (unchecked)
		nctx = 0;	/* a function with a parse error is not checked */
	else if (!nctx)
		checks_run_function(&s->cfg, u, x, &info, shown, findings, st);
	for (size_t c = 0; c < nctx; c++) {
		/* called by the framework: judged with its locks held */
		struct ir_function *cx = ipa_splice_context(p, (uint32_t)fi, true, ctx[c].locks, ctx[c].n);
		if (observe)
			ipa_mark_observed_calls(p, (uint32_t)fi, cx, &slot_calls);
		info.slot_calls = slot_calls.v;
		info.nslot_calls = slot_calls.n;
		checks_run_function(&s->cfg, u, cx, &info, shown, findings, st);
		ir_fn_free(cx);
	}
	drop_repeats(findings, first);
	VEC_FREE(slot_calls);
	free(ei.entry);
	return x;
}

/* Record what checking a function gave in the unit's result (its row in
 * res->functions, the unit's bounds hit) and in the session's --stats. */
static void record_function(struct mc_session *s, struct mc_result *res, size_t i, const struct ir_unit *u,
			    const struct ir_function *x, const struct ipa_fn *pf, const struct engine_stats *st,
			    bool unchecked)
{
	const struct ir_function *fn = u->functions.v[i];

	res->functions[i].name = xstrdup(strpool_str(u->strings, fn->name));
	res->functions[i].line = fn->loc.line;
	res->functions[i].nodes = x->nodes.n;
	res->functions[i].states = st->states;
	res->functions[i].truncated = st->truncated;
	res->functions[i].capped = pf->capped;
	res->functions[i].not_checked = unchecked;
	res->nnot_checked += unchecked;
	res->truncated |= st->truncated;
	res->ncapped += pf->capped;
	res->unknown_calls += (size_t)pf->unknown_calls;
	res->timed_out |= st->timed_out;
	res->over_budget |= st->over_budget;
	s->stats.functions++;
	s->stats.visits += st->visits;
	s->stats.states += st->states;
	s->stats.bounded += st->truncated;
	s->stats.capped += pf->capped;
}

/* The unit's own part of its result: path, content hash, clang's errors
 * and the flags clang rejected. */
static struct mc_result *unit_result(const struct ir_unit *u, const char *shown)
{
	struct mc_result *res = xcalloc(1, sizeof(*res));

	res->path = xstrdup(shown);
	res->parsed = true;
	snprintf(res->content_hash, sizeof(res->content_hash), "%016llx",
		 (unsigned long long)hash_bytes(u->source ? u->source : "", u->source_len, HASH_SEED));
	fill_errors(res, u);
	res->ndropped_args = u->dropped_args.n;	/* flags clang rejected */
	res->dropped_args = xcalloc(u->dropped_args.n + 1, sizeof(char *));
	for (size_t i = 0; i < u->dropped_args.n; i++)
		res->dropped_args[i] = xstrdup(u->dropped_args.v[i]);
	return res;
}

/* Run the checks on every function of unit `u` (already solved in p). */
struct mc_result *session_check_unit(struct mc_session *s, struct ipa_program *p, size_t k,
				     struct check_program *prog, struct finding_vec *rows)
{
	struct ir_unit *u = p->units.v[k];
	struct finding_vec findings = { NULL, 0, 0 };
	const char *shown = session_display_path(s, u->path);
	struct mc_result *res = unit_result(u, shown);
	size_t nmain = own_functions(u);

	res->nfunctions = nmain;
	res->functions = xcalloc(nmain ? nmain : 1, sizeof(*res->functions));
	/* --max-seconds: the unit's analysis time starts now */
	s->cfg.deadline_ns = s->max_seconds ? engine_now_ns() + (uint64_t)s->max_seconds * 1000000000u : 0;
	for (size_t i = 0; i < nmain; i++) {
		int fi = (int)ipa_unit_fn(p, k, i);
		struct engine_stats st;
		bool unchecked = u->functions.v[i]->parse_errors > 0;	/* what clang dropped could be anything */
		struct ir_function *x = check_function(s, p, u, fi, unchecked, prog, shown, &findings, &st);
		record_function(s, res, i, u, x, &p->fns.v[fi], &st, unchecked);
		ir_fn_free(x);
	}
	s->cfg.deadline_ns = 0;
	show_trace_files(s, &findings);
	*rows = findings;
	if (res->nerrors)
		s->any_errors = true;
	return res;
}
