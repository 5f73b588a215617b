/*
 * MMIO004 stray-mmiowb: mmiowb() on a path where no lock is held.  It only
 * orders writes against a following unlock, so there it orders nothing.
 * After an unlock on the same path this is a warning; in a function that
 * took no lock on the path it is a note (a caller may hold one), and a
 * warning when the kernel runs the function with no driver lock (an
 * interrupt handler, NAPI poll, tasklet, timer or work item:
 * rules/frameworks/entry-points.json).
 *
 * An mmiowb() in a static helper of the file is judged once, at its own
 * line, over every root context that reaches it (helper_mmiowb.h): one
 * finding when some caller reaches it with no lock held, naming those
 * callers.  A helper defined elsewhere is judged in each caller, on the
 * call line.  A function with callers leaves its own unlocked mmiowb() to
 * them, unless the kernel also calls it as an entry point.
 */
#include "checks.h"
#include "helper_mmiowb.h"

#include <stdlib.h>
#include <string.h>

static void *mmio004_begin_program(const struct engine_config *cfg, const struct check_run_flags *flags)
{
	(void)cfg;
	(void)flags;
	return xcalloc(1, sizeof(struct hmb_table));
}

static void *mmio004_begin(struct check_ctx *ctx)
{
	(void)ctx;
	return xcalloc(1, sizeof(hmb_run));
}

/* A static helper's mmiowb() reached from a root context: record it. */
static bool record_helper(struct check_ctx *ctx, hmb_run *run, const struct eng_mmiowb *mb)
{
	struct hmb_table *t = ctx->program_scratch[ctx->current];

	if (!t || !check_is_spliced(ctx, mb->node) || !hmb_in_static_helper(ctx, mb->node))
		return false;
	if (ctx->info->is_root) {
		struct hmb_context *c = hmb_context_for(t, run, ctx, mb->node);
		if (mb->nheld)
			c->locked = true;
		else
			c->unlocked = true;
	}
	return true;
}

/* The function's own (or an outside helper's) mmiowb() with no lock held. */
static void report_here(struct check_ctx *ctx, const struct eng_mmiowb *mb, int m)
{
	struct finding_draft *d = check_draft(ctx, "MMIO004", m, mb->node);

	d->severity = "warning";
	if (check_is_spliced(ctx, mb->node) && !mb->released_before) {
		/* a helper's mmiowb(), reached from a caller nobody calls
		 * with no lock held: stray on this path */
		const struct ir_node *call = check_node(ctx, check_top_node(ctx, mb->node));
		d->message = xasprintf("mmiowb() in %s() is reached here with no lock held, so it orders "
				       "nothing: it only orders MMIO writes before a following spin_unlock(); "
				       "call it inside the section or remove it",
				       call->callee ? check_str(ctx, call->callee) : "the callee");
	} else if (mb->released_before) {
		d->message = xstrdup("mmiowb() after the lock was released orders nothing: it only orders "
				     "MMIO writes before a following spin_unlock(); move it before the unlock "
				     "or remove it");
	} else if (ctx->info->entry) {
		d->message = xasprintf("mmiowb() in %s(), %s, which the kernel runs with no driver lock held: "
				       "it orders nothing (it only orders MMIO writes before a following "
				       "spin_unlock()); remove it", check_str(ctx, ctx->fn->name), ctx->info->entry);
	} else {
		d->severity = "note";
		d->message = xstrdup("mmiowb() with no lock held in this function orders nothing unless "
				     "every caller holds a spinlock here; it only orders MMIO writes before a "
				     "following spin_unlock()");
	}
	draft_step(ctx, d, "barrier", mb->node, "no lock is held here on this path");
	check_report(ctx, d);
}

static void mmio004_mmiowb(struct check_ctx *ctx, void *scratch, const struct eng_mmiowb *mb)
{
	if (record_helper(ctx, scratch, mb) || mb->nheld)
		return;
	if (ctx->info->has_callers && !mb->released_before && !(ctx->info->entry && !check_is_spliced(ctx, mb->node)))
		return;
	for (int m = 0; m < ctx->cfg->nmodels; m++)
		if (check_model_reported(ctx, m))
			report_here(ctx, mb, m);
}

static void mmio004_end(struct check_ctx *ctx, void *scratch)
{
	(void)ctx;
	VEC_FREE(*(hmb_run *)scratch);
	free(scratch);
}

static bool unlocked_context(const struct hmb_context *c, int model)
{
	(void)model;
	return c->unlocked;
}

/* One finding per static helper's mmiowb() that some caller reaches with
 * no lock held, at the mmiowb() line, with those callers in the trace. */
static void mmio004_end_program(const struct engine_config *cfg, void *scratch, struct finding_vec *out)
{
	struct hmb_table *t = scratch;

	for (size_t i = 0; i < t->sites.n; i++) {
		const struct hmb_site *s = &t->sites.v[i];
		size_t n = 0;
		for (size_t k = 0; k < s->contexts.n; k++)
			n += s->contexts.v[k].unlocked;
		for (int m = 0; n && m < cfg->nmodels; m++) {
			if (!(cfg->requested & (1u << m)))
				continue;
			struct mc_chain f;
			if (!hmb_finding(cfg, s, "MMIO004", m, unlocked_context,
					 xstrdup("no lock is held here on these paths"), &f))
				continue;
			free(f.severity);
			f.severity = xstrdup("warning");
			f.message = xasprintf("mmiowb() in %s() is reached with no lock held (from %zu call%s, in "
					      "the trace), so there it orders nothing: it only orders MMIO writes before "
					      "a following spin_unlock(); call it inside the section or remove it",
					      s->function, n, n == 1 ? "" : "s");
			checks_fingerprint_one(&f, s->line_text, strlen(s->line_text), 0);
			VEC_PUSH(*out, f);
		}
	}
	hmb_table_free(t);
	free(t);
}

const struct check check_mmio004 = {
	.id = "MMIO004",
	.name = "stray-mmiowb",
	.severity = "warning",
	.summary = "mmiowb() on a path where no lock is held: it orders nothing",
	.program_wide = true,
	.begin_function = mmio004_begin,
	.on_mmiowb = mmio004_mmiowb,
	.end_function = mmio004_end,
	.begin_program = mmio004_begin_program,
	.end_program = mmio004_end_program,
};
