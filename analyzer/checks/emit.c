/*
 * emit.c - how checks report: drafts, de-duplication, conversion to the
 * public mc_finding, and fingerprints.
 *
 * A fingerprint must survive unrelated edits, so it hashes what the finding
 * is about, never where it is: rule, model, file (as displayed, relative to
 * the source root), function, lock, accessor, the text of the reported line
 * with whitespace removed, and the occurrence index among identical
 * findings in the same function.
 */
#include "checks.h"

#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef VEC(uint32_t) u32_vec_t;

static const struct check_info *info_of(const struct check_ctx *ctx, const char *id)
{
	return rules_find_check(ctx->rules, id);
}

struct finding_draft *check_draft(struct check_ctx *ctx, const char *id, int model, uint32_t node)
{
	struct finding_draft *d = xcalloc(1, sizeof(*d));

	d->info = info_of(ctx, id);
	d->model = model;
	d->node = node;
	return d;
}

void draft_step(struct check_ctx *ctx, struct finding_draft *d, const char *kind, uint32_t node,
		const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	struct draft_step st;
	va_list ap;

	(void)ctx;
	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	st.kind = kind;
	st.node = node;
	st.message = strbuf_detach(&sb);
	VEC_PUSH(d->trace, st);
}

static void draft_free(struct finding_draft *d)
{
	free(d->message);
	for (size_t i = 0; i < d->trace.n; i++)
		free(d->trace.v[i].message);
	VEC_FREE(d->trace);
}

static int severity_rank(const char *s)
{
	if (!s)
		return 0;
	if (!strcmp(s, "error"))
		return 3;
	if (!strcmp(s, "warning"))
		return 2;
	return 1;
}

static const char *draft_severity(const struct finding_draft *d)
{
	return d->severity ? d->severity : d->info ? d->info->severity : "warning";
}

/*
 * Order of two drafts of one finding: the more severe first, else the
 * shorter trace, else the trace that comes first by node, else by
 * message.  The engine may reach a finding's paths in any order; the
 * report must not depend on it.
 */
static int cmp_drafts(const struct finding_draft *d, const struct finding_draft *o)
{
	int sd = severity_rank(draft_severity(d)), so = severity_rank(draft_severity(o));

	if (sd != so)
		return sd > so ? -1 : 1;
	if (d->trace.n != o->trace.n)
		return d->trace.n < o->trace.n ? -1 : 1;
	for (size_t i = 0; i < d->trace.n; i++)
		if (d->trace.v[i].node != o->trace.v[i].node)
			return d->trace.v[i].node < o->trace.v[i].node ? -1 : 1;
	for (size_t i = 0; i < d->trace.n; i++) {
		int c = strcmp(d->trace.v[i].message, o->trace.v[i].message);
		if (c)
			return c;
	}
	return strcmp(d->message ? d->message : "", o->message ? o->message : "");
}

/* Of two drafts of one finding (same check, model and write), is d the
 * one to keep? */
static bool draft_preferred(const struct finding_draft *d, const struct finding_draft *o)
{
	return cmp_drafts(d, o) < 0;
}

/* A draft and the place it is reported at (its top node). */
struct placed_draft {
	struct finding_draft d;
	uint32_t line, col;
};

static int cmp_placed(const void *pa, const void *pb)
{
	const struct placed_draft *a = pa, *b = pb;
	int c = strcmp(a->d.info->id, b->d.info->id);

	if (c)
		return c;
	if (a->d.model != b->d.model)
		return a->d.model < b->d.model ? -1 : 1;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	if (a->col != b->col)
		return a->col < b->col ? -1 : 1;
	return cmp_drafts(&a->d, &b->d);
}

void checks_order_drafts(struct check_ctx *ctx)
{
	size_t n = ctx->drafts.n;
	struct placed_draft *p = xcalloc(n ? n : 1, sizeof(*p));

	for (size_t i = 0; i < n; i++) {
		const struct ir_node *top = check_node(ctx, check_top_node(ctx, ctx->drafts.v[i].node));
		p[i].d = ctx->drafts.v[i];
		p[i].line = top->loc.line;
		p[i].col = top->loc.col;
	}
	qsort(p, n, sizeof(*p), cmp_placed);
	for (size_t i = 0; i < n; i++)
		ctx->drafts.v[i] = p[i].d;
	free(p);
}

void check_report(struct check_ctx *ctx, struct finding_draft *d)
{
	if (!d->info || !d->info->enabled || !check_model_reported(ctx, d->model)) {
		draft_free(d);
		free(d);
		return;
	}
	for (size_t i = 0; i < ctx->drafts.n; i++) {
		struct finding_draft *o = &ctx->drafts.v[i];
		if (o->info != d->info || o->model != d->model || o->node != d->node)
			continue;
		if (draft_preferred(d, o)) {
			draft_free(o);
			*o = *d;
		} else {
			draft_free(d);
		}
		free(d);
		return;
	}
	VEC_PUSH(ctx->drafts, *d);
	free(d);
}

const struct check_info *check_own_info(const struct check_ctx *ctx)
{
	size_t n;
	const struct check *const *all = checks_all(&n);

	assert(ctx->current >= 0 && (size_t)ctx->current < n);
	return info_of(ctx, all[ctx->current]->id);
}

bool check_program_finding(const struct engine_config *cfg, const char *id, int model, struct mc_chain *f)
{
	const struct check_info *info = rules_find_check(cfg->rules, id);

	if (!info || !info->enabled || model < 0 || !(cfg->requested & (1u << model)))
		return false;
	memset(f, 0, sizeof(*f));
	f->rule = xstrdup(id);
	f->rule_name = xstrdup(info->name);
	f->severity = xstrdup(info->severity);
	f->model = xstrdup(cfg->rules->models.v[cfg->models[model]].name);
	return true;
}

bool check_model_reported(const struct check_ctx *ctx, int model)
{
	return model >= 0 && (ctx->cfg->requested & (1u << model));
}

const char *check_model_name(const struct check_ctx *ctx, int model)
{
	return ctx->rules->models.v[ctx->cfg->models[model]].name;
}

const char *check_model_explain(const struct check_ctx *ctx, int model)
{
	const char *e = ctx->rules->models.v[ctx->cfg->models[model]].explain;
	return e ? e : "";
}

const char *check_str(const struct check_ctx *ctx, str_id id)
{
	const char *s = strpool_str(ctx->unit->strings, id);
	return s ? s : "?";
}

const struct ir_node *check_node(const struct check_ctx *ctx, uint32_t node)
{
	return &ctx->fn->nodes.v[node];
}

const char *check_kind_name(const struct check_ctx *ctx, int kind)
{
	return ctx->rules->kinds.v[kind].name;
}

uint32_t check_top_node(const struct check_ctx *ctx, uint32_t node)
{
	while (ctx->fn->nodes.v[node].call_site != IR_NONE)
		node = ctx->fn->nodes.v[node].call_site;
	return node;
}

/* "foo_write()" for the call a spliced node came in through. */
static const char *callee_of(const struct check_ctx *ctx, uint32_t call)
{
	const struct ir_node *c = check_node(ctx, call);
	return c->callee ? check_str(ctx, c->callee) : "an indirect call";
}

void check_describe_call(const struct check_ctx *ctx, uint32_t node, struct strbuf *out)
{
	const struct ir_node *n = check_node(ctx, node);
	const char *name = n->spelled ? check_str(ctx, n->spelled) : ir_op_name(n->op);

	if (n->synthetic)
		strbuf_adds(out, name);
	else if (n->lock)
		strbuf_addf(out, "%s(&%s)", name, check_str(ctx, n->lock));
	else if (n->device)	/* a local pointer as the driver wrote it */
		strbuf_addf(out, "%s(%s)", name, check_str(ctx, n->device) +
			    (check_str(ctx, n->device)[0] == IR_DEVICE_UNKNOWN));
	else
		strbuf_addf(out, "%s()", name);
	if (n->call_site != IR_NONE)
		strbuf_addf(out, " in %s()", callee_of(ctx, n->call_site));
}

/* File of a node as findings show it: the unit's display path for the
 * main file, else the name the defining unit used. */
static const char *node_file(const struct check_ctx *ctx, const struct ir_node *n)
{
	const char *f = n->loc.file ? strpool_str(ctx->unit->strings, n->loc.file) : NULL;

	if (!f || n->call_site == IR_NONE || !strcmp(f, ctx->unit->path))
		return ctx->display_path;
	return f;
}

const char *check_node_file(const struct check_ctx *ctx, uint32_t node)
{
	return node_file(ctx, check_node(ctx, node));
}

const char *check_node_function(const struct check_ctx *ctx, uint32_t node)
{
	uint32_t call = check_node(ctx, node)->call_site;

	return call == IR_NONE ? check_str(ctx, ctx->fn->name) : callee_of(ctx, call);
}

/* The place the fix of draft d goes (mc_chain.site_*): its node, the
 * innermost write or mmiowb() or return, or the function itself when the
 * check's defects are functions (MMIO007). */
static void set_site(const struct check_ctx *ctx, const struct finding_draft *d, struct mc_chain *f)
{
	const struct ir_node *n = check_node(ctx, d->node);

	if (d->info->defect_is_function) {
		f->site_file = xstrdup(ctx->display_path);
		f->site_line = ctx->fn->loc.line;
		f->site_col = ctx->fn->loc.col;
		f->site_function = xstrdup(check_str(ctx, ctx->fn->name));
		return;
	}
	f->site_file = xstrdup(node_file(ctx, n));
	f->site_line = n->loc.line;
	f->site_col = n->loc.col;
	f->site_function = xstrdup(check_node_function(ctx, d->node));
}

typedef VEC(struct mc_trace_step) step_vec;

static void push_step(step_vec *v, const char *kind, const char *file, const struct ir_node *n, char *msg)
{
	struct mc_trace_step st;

	st.kind = xstrdup(kind);
	st.file = xstrdup(file);
	st.line = n->loc.line;
	st.col = n->loc.col;
	st.message = msg;
	VEC_PUSH(*v, st);
}

/*
 * Steps for the calls a spliced node came in through, outermost first,
 * skipping the ones the previous step already showed (*shown is the chain
 * of the last step, innermost first).
 */
static void push_call_chain(const struct check_ctx *ctx, step_vec *v, uint32_t node, u32_vec_t *shown)
{
	u32_vec_t chain = VEC_INIT;

	for (uint32_t c = check_node(ctx, node)->call_site; c != IR_NONE; c = check_node(ctx, c)->call_site)
		VEC_PUSH(chain, c);
	for (size_t i = chain.n; i-- > 0;) {
		bool seen = false;
		for (size_t k = 0; k < shown->n && !seen; k++)
			seen = shown->v[k] == chain.v[i];
		if (seen)
			continue;
		const struct ir_node *c = check_node(ctx, chain.v[i]);
		push_step(v, "call", node_file(ctx, c), c, xasprintf("calls %s()", callee_of(ctx, chain.v[i])));
	}
	VEC_FREE(*shown);
	*shown = chain;
}

void draft_to_finding(struct check_ctx *ctx, struct finding_draft *d, struct mc_chain *f)
{
	const struct ir_node *n = check_node(ctx, check_top_node(ctx, d->node));
	const struct ir_node *inner = check_node(ctx, d->node);

	memset(f, 0, sizeof(*f));
	f->rule = xstrdup(d->info->id);
	f->rule_name = xstrdup(d->info->name);
	f->severity = xstrdup(draft_severity(d));
	f->model = xstrdup(check_model_name(ctx, d->model));
	f->file = xstrdup(ctx->display_path);
	f->line = n->loc.line;
	f->col = n->loc.col;
	f->end_line = n->loc.end_line ? n->loc.end_line : n->loc.line;
	f->end_col = n->loc.end_col;
	f->function = xstrdup(check_str(ctx, ctx->fn->name));
	if (d->has_lock) {
		f->lock_name = xstrdup(check_str(ctx, d->lock.lock));
		f->lock_type = d->lock.lock_type ? xstrdup(check_str(ctx, d->lock.lock_type)) : NULL;
		f->lock_kind = xstrdup(check_kind_name(ctx, d->lock.kind));
	}
	f->accessor = inner->spelled ? xstrdup(check_str(ctx, inner->spelled)) : NULL;
	f->message = d->message ? d->message : xstrdup("");
	d->message = NULL;
	f->fixit_first_line = d->fixit_first;
	f->fixit_last_line = d->fixit_last;
	set_site(ctx, d, f);
	step_vec steps = VEC_INIT;
	u32_vec_t shown = VEC_INIT;
	for (size_t i = 0; i < d->trace.n; i++) {
		const struct ir_node *sn = check_node(ctx, d->trace.v[i].node);
		push_call_chain(ctx, &steps, d->trace.v[i].node, &shown);
		push_step(&steps, d->trace.v[i].kind, node_file(ctx, sn), sn, d->trace.v[i].message);
	}
	VEC_FREE(shown);
	VEC_FREE(d->trace);
	f->ntrace = steps.n;
	f->trace = steps.n ? steps.v : xcalloc(1, sizeof(*f->trace));
}

/* Hash of everything a finding is about, excluding its position. */
static uint64_t identity_hash(const struct mc_chain *f, const char *line, size_t len)
{
	const char *parts[] = { f->rule, f->model, f->file, f->function,
				f->lock_type ? f->lock_type : f->lock_name, f->accessor };
	uint64_t h = HASH_SEED;

	for (size_t i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) {
		const char *p = parts[i] ? parts[i] : "";
		h = hash_bytes(p, strlen(p) + 1, h);
	}
	for (size_t i = 0; i < len; i++)
		if (!isspace((unsigned char)line[i]))
			h = hash_bytes(&line[i], 1, h);
	return h;
}

/* The fingerprint of an identity and its occurrence among equal ones. */
static void set_fingerprint(struct mc_chain *f, uint64_t identity, uint64_t occurrence)
{
	uint64_t h = hash_bytes(&occurrence, sizeof(occurrence), identity);

	snprintf(f->fingerprint, sizeof(f->fingerprint), "%016llx", (unsigned long long)h);
}

void checks_fingerprint_one(struct mc_chain *f, const char *line, size_t len, uint64_t occurrence)
{
	set_fingerprint(f, identity_hash(f, line, len), occurrence);
}

void checks_fingerprint(struct check_ctx *ctx, struct mc_chain *f, size_t n)
{
	uint64_t *ids = xcalloc(n ? n : 1, sizeof(*ids));

	for (size_t i = 0; i < n; i++) {
		size_t len;
		const char *line = ir_unit_line(ctx->unit, f[i].line, &len);
		ids[i] = identity_hash(&f[i], line, len);
	}
	for (size_t i = 0; i < n; i++) {
		uint64_t occurrence = 0;
		for (size_t j = 0; j < n; j++)
			if (j != i && ids[j] == ids[i] &&
			    (f[j].line < f[i].line || (f[j].line == f[i].line && f[j].col < f[i].col)))
				occurrence++;
		set_fingerprint(&f[i], ids[i], occurrence);
	}
	free(ids);
}
