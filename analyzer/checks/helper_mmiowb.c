/*
 * helper_mmiowb.c - an mmiowb() inside a static helper, judged once at its
 * own line over the contexts that reach it (helper_mmiowb.h).
 */
#include "helper_mmiowb.h"

#include <stdlib.h>
#include <string.h>

typedef VEC(uint32_t) u32_vec;

/* The innermost call a spliced node came in through: the call of the
 * function whose body holds it. */
static uint32_t innermost_call(const struct check_ctx *ctx, uint32_t node)
{
	return check_node(ctx, node)->call_site;
}

bool hmb_in_static_helper(const struct check_ctx *ctx, uint32_t node)
{
	const struct ir_node *n = check_node(ctx, node);
	uint32_t call = innermost_call(ctx, node);

	if (call == IR_NONE || !n->loc.file || !n->loc.line)
		return false;
	const char *file = strpool_str(ctx->unit->strings, n->loc.file);
	str_id callee = check_node(ctx, call)->callee;
	if (!file || strcmp(file, ctx->unit->path) || !callee || check_node(ctx, call)->indirect)
		return false;
	for (size_t i = 0; i < ctx->unit->functions.n; i++) {
		const struct ir_function *fn = ctx->unit->functions.v[i];
		if (fn->name == callee)
			return fn->is_static;
	}
	return false;
}

static struct hmb_site *site_for(struct hmb_table *t, const struct check_ctx *ctx, uint32_t node, size_t *index)
{
	const struct ir_node *n = check_node(ctx, node);

	for (size_t i = 0; i < t->sites.n; i++)
		if (t->sites.v[i].line == n->loc.line && t->sites.v[i].col == n->loc.col &&
		    !strcmp(t->sites.v[i].file, ctx->display_path)) {
			*index = i;
			return &t->sites.v[i];
		}
	struct hmb_site s;
	size_t len;
	const char *text = ir_unit_line(ctx->unit, n->loc.line, &len);
	memset(&s, 0, sizeof(s));
	s.file = xstrdup(ctx->display_path);
	s.function = xstrdup(check_str(ctx, check_node(ctx, innermost_call(ctx, node))->callee));
	s.line_text = xstrndup(text ? text : "", text ? len : 0);
	s.line = n->loc.line;
	s.col = n->loc.col;
	s.end_line = n->loc.end_line ? n->loc.end_line : n->loc.line;
	s.end_col = n->loc.end_col;
	s.stmt_first = n->stmt_first_line ? n->stmt_first_line : n->loc.line;
	s.stmt_last = n->stmt_last_line ? n->stmt_last_line : n->loc.line;
	VEC_PUSH(t->sites, s);
	*index = t->sites.n - 1;
	return &t->sites.v[*index];
}

/* Steps for the chain of calls from the root's body down to the helper. */
static void chain_steps(const struct check_ctx *ctx, struct hmb_context *c, uint32_t node)
{
	u32_vec chain = VEC_INIT;

	for (uint32_t k = check_node(ctx, node)->call_site; k != IR_NONE; k = check_node(ctx, k)->call_site)
		VEC_PUSH(chain, k);
	for (size_t i = chain.n; i-- > 0;) {
		const struct ir_node *call = check_node(ctx, chain.v[i]);
		const char *callee = call->callee ? check_str(ctx, call->callee) : "an indirect call";
		struct mc_trace_step st = { xstrdup("call"), xstrdup(ctx->display_path), call->loc.line, call->loc.col,
					    i + 1 < chain.n ? xasprintf("calls %s()", callee)
					    : ctx->info->entry
						    ? xasprintf("%s(), %s, calls %s()", check_str(ctx, ctx->fn->name),
								ctx->info->entry, callee)
						    : xasprintf("%s() calls %s()", check_str(ctx, ctx->fn->name), callee) };
		VEC_PUSH(c->steps, st);
	}
	VEC_FREE(chain);
}

struct hmb_context *hmb_context_for(struct hmb_table *t, hmb_run *run, const struct check_ctx *ctx, uint32_t node)
{
	struct hmb_context *c = hmb_lookup(t, run, node);
	size_t si;

	if (c)
		return c;
	struct hmb_site *s = site_for(t, ctx, node, &si);
	struct hmb_context nc;
	memset(&nc, 0, sizeof(nc));
	nc.top_line = check_node(ctx, check_top_node(ctx, node))->loc.line;
	VEC_PUSH(s->contexts, nc);
	c = &s->contexts.v[s->contexts.n - 1];
	chain_steps(ctx, c, node);
	struct hmb_run_entry e = { node, si, s->contexts.n - 1 };
	VEC_PUSH(*run, e);
	return c;
}

struct hmb_context *hmb_lookup(struct hmb_table *t, const hmb_run *run, uint32_t node)
{
	for (size_t i = 0; i < run->n; i++)
		if (run->v[i].node == node)
			return &t->sites.v[run->v[i].site].contexts.v[run->v[i].context];
	return NULL;
}

static void copy_step(hmb_steps *out, const struct mc_trace_step *st)
{
	struct mc_trace_step c = { xstrdup(st->kind), xstrdup(st->file), st->line, st->col, xstrdup(st->message) };
	VEC_PUSH(*out, c);
}

bool hmb_finding(const struct engine_config *cfg, const struct hmb_site *s, const char *rule, int model,
		 bool (*pick)(const struct hmb_context *c, int model), char *barrier_msg, struct mc_chain *out)
{
	hmb_steps steps = VEC_INIT;
	struct mc_chain f;

	if (!check_program_finding(cfg, rule, model, &f)) {
		free(barrier_msg);
		return false;
	}
	f.file = xstrdup(s->file);
	f.line = s->line;
	f.col = s->col;
	f.end_line = s->end_line;
	f.end_col = s->end_col;
	f.function = xstrdup(s->function);
	f.accessor = xstrdup("mmiowb");
	f.site_file = xstrdup(s->file);	/* the mmiowb() is where the fix goes */
	f.site_line = s->line;
	f.site_col = s->col;
	f.site_function = xstrdup(s->function);
	for (size_t i = 0; i < s->contexts.n; i++)
		if (pick(&s->contexts.v[i], model))
			for (size_t k = 0; k < s->contexts.v[i].steps.n; k++)
				copy_step(&steps, &s->contexts.v[i].steps.v[k]);
	struct mc_trace_step b = { xstrdup("barrier"), xstrdup(s->file), s->line, s->col, barrier_msg };
	VEC_PUSH(steps, b);
	f.trace = steps.v;
	f.ntrace = steps.n;
	*out = f;
	return true;
}

void hmb_table_free(struct hmb_table *t)
{
	for (size_t i = 0; i < t->sites.n; i++) {
		struct hmb_site *s = &t->sites.v[i];
		for (size_t k = 0; k < s->contexts.n; k++) {
			struct hmb_context *c = &s->contexts.v[k];
			for (size_t j = 0; j < c->steps.n; j++) {
				free(c->steps.v[j].kind);
				free(c->steps.v[j].file);
				free(c->steps.v[j].message);
			}
			VEC_FREE(c->steps);
			free(c->lock);
		}
		VEC_FREE(s->contexts);
		free(s->file);
		free(s->function);
		free(s->line_text);
	}
	VEC_FREE(t->sites);
}
