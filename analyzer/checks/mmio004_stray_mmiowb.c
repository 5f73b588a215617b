/*
 * MMIO004 stray-mmiowb: mmiowb() on a path where no lock is held.  It only
 * orders writes against a following unlock, so there it orders nothing.
 * After an unlock on the same path this is a warning; in a function that
 * took no lock on the path it is a note (a caller may hold one).  When the
 * function has callers in the analysis, that note is left to them: the
 * helper's mmiowb() is spliced into each caller and judged there with the
 * caller's locks; a caller that is itself called leaves it to its callers.
 */
#include "checks.h"

static void mmio004_mmiowb(struct check_ctx *ctx, void *scratch, const struct eng_mmiowb *mb)
{
	(void)scratch;
	if (mb->nheld || (ctx->info->has_callers && !mb->released_before))
		return;
	for (int m = 0; m < ctx->cfg->nmodels; m++) {
		if (!check_model_reported(ctx, m))
			continue;
		struct finding_draft *d = check_draft(ctx, "MMIO004", m, mb->node);
		if (check_is_spliced(ctx, mb->node) && !mb->released_before) {
			/* a helper's mmiowb(), reached from a caller nobody calls
			 * with no lock held: stray on this path */
			const struct ir_node *call = check_node(ctx, check_top_node(ctx, mb->node));
			d->severity = "warning";
			d->message = xasprintf("mmiowb() in %s() is reached here with no lock held, so it orders "
					       "nothing: it only orders MMIO writes before a following spin_unlock(); "
					       "call it inside the section or remove it",
					       call->callee ? check_str(ctx, call->callee) : "the callee");
			draft_step(ctx, d, "barrier", mb->node, "no lock is held here on this path");
		} else if (mb->released_before) {
			d->severity = "warning";
			d->message = xstrdup("mmiowb() after the lock was released orders nothing: it only orders "
					     "MMIO writes before a following spin_unlock(); move it before the unlock "
					     "or remove it");
			draft_step(ctx, d, "barrier", mb->node, "no lock is held here on this path");
		} else {
			d->severity = "note";
			d->message = xstrdup("mmiowb() with no lock held in this function orders nothing unless "
					     "every caller holds a spinlock here; it only orders MMIO writes before a "
					     "following spin_unlock()");
			draft_step(ctx, d, "barrier", mb->node, "no lock is held here on this path");
		}
		check_report(ctx, d);
	}
}

const struct check check_mmio004 = {
	.id = "MMIO004",
	.on_mmiowb = mmio004_mmiowb,
};
