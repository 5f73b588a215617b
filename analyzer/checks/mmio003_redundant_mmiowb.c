/*
 * MMIO003 redundant-mmiowb: an explicit mmiowb() inside a spinlock section
 * that, under the model, orders nothing the release would not order anyway.
 *
 * The engine follows each mmiowb() as a ghost: writes it ordered stay
 * tracked as if it were absent and the engine tells us (on_mmiowb_needed)
 * when one of them would have escaped.  An mmiowb() reached in a hooked
 * section and never needed, on any path, is redundant; its fix-it deletes
 * the statement, as the 2019 series did.  Only the function's own mmiowb()
 * calls are judged; one inside a helper is judged when the helper is.
 */
#include "checks.h"

#include <stdlib.h>

struct mb_seen {
	uint32_t node;
	uint32_t in_section;	/* model bits: reached with a spinlock held */
	uint32_t needed;	/* model bits: some write needed it */
	struct eng_lock lock;	/* innermost hooked lock when reached */
};

struct mmio003_state {
	VEC(struct mb_seen) seen;
};

static struct mb_seen *seen_entry(struct mmio003_state *st, uint32_t node)
{
	for (size_t i = 0; i < st->seen.n; i++)
		if (st->seen.v[i].node == node)
			return &st->seen.v[i];
	struct mb_seen e = { node, 0, 0, { 0 } };
	VEC_PUSH(st->seen, e);
	return &st->seen.v[st->seen.n - 1];
}

static void *mmio003_begin(struct check_ctx *ctx)
{
	(void)ctx;
	return xcalloc(1, sizeof(struct mmio003_state));
}

static void mmio003_mmiowb(struct check_ctx *ctx, void *scratch, const struct eng_mmiowb *mb)
{
	struct mmio003_state *st = scratch;

	if (check_is_spliced(ctx, mb->node))
		return;		/* a helper's mmiowb(): its fix-it belongs to the helper */
	for (int i = mb->nheld - 1; i >= 0; i--) {
		if (!mb->held[i].hooked)
			continue;
		struct mb_seen *e = seen_entry(st, mb->node);
		if (!e->in_section)
			e->lock = mb->held[i];
		e->in_section |= ctx->cfg->requested;
		return;
	}
}

static void mmio003_needed(struct check_ctx *ctx, void *scratch, uint32_t node, int model)
{
	(void)ctx;
	seen_entry(scratch, node)->needed |= 1u << model;
}

static void mmio003_end(struct check_ctx *ctx, void *scratch)
{
	struct mmio003_state *st = scratch;

	for (size_t i = 0; i < st->seen.n; i++) {
		const struct mb_seen *e = &st->seen.v[i];
		for (int m = 0; m < ctx->cfg->nmodels; m++) {
			if (!(e->in_section & (1u << m)) || (e->needed & (1u << m)))
				continue;
			struct finding_draft *d = check_draft(ctx, "MMIO003", m, e->node);
			const struct ir_node *n = check_node(ctx, e->node);
			struct strbuf rel = STRBUF_INIT;

			d->has_lock = true;
			d->lock = e->lock;
			check_describe_call(ctx, e->lock.acquire_node, &rel);
			draft_step(ctx, d, "acquire", e->lock.acquire_node, "%s taken here", rel.buf);
			draft_step(ctx, d, "barrier", e->node, "mmiowb() orders nothing the unlock of %s does not",
				   check_str(ctx, e->lock.lock));
			d->message = xasprintf("mmiowb() is redundant under the %s model: the release of %s already "
					       "orders every MMIO write of the section (since Linux 5.2 spin_unlock() "
					       "does it for the driver); remove it",
					       check_model_name(ctx, m), check_str(ctx, e->lock.lock));
			d->fixit_first = n->stmt_first_line ? n->stmt_first_line : n->loc.line;
			d->fixit_last = n->stmt_last_line ? n->stmt_last_line : n->loc.line;
			strbuf_release(&rel);
			check_report(ctx, d);
		}
	}
	VEC_FREE(st->seen);
	free(st);
}

const struct check check_mmio003 = {
	.id = "MMIO003",
	.begin_function = mmio003_begin,
	.on_mmiowb = mmio003_mmiowb,
	.on_mmiowb_needed = mmio003_needed,
	.end_function = mmio003_end,
};
