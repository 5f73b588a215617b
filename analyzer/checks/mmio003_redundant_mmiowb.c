/*
 * MMIO003 redundant-mmiowb: an explicit mmiowb() inside a spinlock section
 * that, under the model, orders nothing the release would not order anyway.
 *
 * The engine follows each mmiowb() as a ghost: writes it ordered stay
 * tracked as if it were absent and the engine tells us (on_mmiowb_needed)
 * when one of them would have escaped.  An mmiowb() reached in a hooked
 * section and never needed, on any path, is redundant; its fix-it deletes
 * the statement, as the 2019 series did.  The function's own mmiowb()
 * calls are judged in its sections.  One inside a static helper of the
 * file, reached in a caller's section, is judged once at its own line over
 * every root context that reaches it (helper_mmiowb.h): redundant when
 * every caller holds a hooked spinlock there and no write needed it; its
 * fix-it deletes it in the helper.  One inside a helper defined elsewhere,
 * or under a lock the helper takes itself, is the helper's to judge.
 */
#include "checks.h"
#include "helper_mmiowb.h"

#include <stdlib.h>
#include <string.h>

struct mb_seen {
	uint32_t node;
	uint32_t in_section;	/* model bits: reached with a spinlock held */
	uint32_t needed;	/* model bits: some write needed it */
	struct eng_lock lock;	/* innermost hooked lock when reached */
};

struct mmio003_state {
	VEC(struct mb_seen) seen;
	hmb_run run;		/* static helpers' mmiowb() reached here */
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

/* Was the lock taken inside the function that holds the mmiowb() (the
 * helper's own section, which the helper's own check judges)? */
static bool taken_in_helper(const struct check_ctx *ctx, const struct eng_lock *l, uint32_t mb_node)
{
	uint32_t helper_call = check_node(ctx, mb_node)->call_site;

	for (uint32_t c = check_node(ctx, l->acquire_node)->call_site; c != IR_NONE; c = check_node(ctx, c)->call_site)
		if (c == helper_call)
			return true;
	return false;
}

/* A static helper's mmiowb() reached in a root context: record the
 * caller's section (or its absence) for the program-wide verdict. */
static void record_helper(struct check_ctx *ctx, struct mmio003_state *st, const struct eng_mmiowb *mb)
{
	struct hmb_table *t = ctx->program_scratch[ctx->current];
	const struct eng_lock *hooked = NULL;

	for (int i = mb->nheld - 1; i >= 0 && !hooked; i--)
		if (mb->held[i].hooked)
			hooked = &mb->held[i];
	if (hooked && taken_in_helper(ctx, hooked, mb->node))
		return;
	struct hmb_context *c = hmb_context_for(t, &st->run, ctx, mb->node);
	if (!hooked) {
		c->unlocked = true;
		return;
	}
	c->in_section |= ctx->cfg->requested;
	if (!c->lock) {
		struct strbuf rel = STRBUF_INIT;
		check_describe_call(ctx, hooked->acquire_node, &rel);
		c->lock = xstrdup(check_str(ctx, hooked->lock));
		const struct ir_node *top = check_node(ctx, check_top_node(ctx, mb->node));
		struct mc_trace_step acq = { xstrdup("acquire"), xstrdup(ctx->display_path), top->loc.line,
					     top->loc.col, xasprintf("%s holds %s here (%s)",
								     check_str(ctx, ctx->fn->name),
								     c->lock, rel.buf) };
		VEC_PUSH(c->steps, acq);
		/* the acquire explains the first call: show it before the chain */
		struct mc_trace_step tmp = c->steps.v[c->steps.n - 1];
		memmove(&c->steps.v[1], &c->steps.v[0], (c->steps.n - 1) * sizeof(tmp));
		c->steps.v[0] = tmp;
		strbuf_release(&rel);
	}
}

static void mmio003_mmiowb(struct check_ctx *ctx, void *scratch, const struct eng_mmiowb *mb)
{
	struct mmio003_state *st = scratch;

	if (check_is_spliced(ctx, mb->node)) {
		if (ctx->info->is_root && ctx->program_scratch[ctx->current] && hmb_in_static_helper(ctx, mb->node))
			record_helper(ctx, st, mb);
		return;		/* else a helper's mmiowb(): its fix-it belongs to the helper */
	}
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
	struct mmio003_state *st = scratch;
	struct hmb_context *c;

	if (!check_is_spliced(ctx, node)) {
		seen_entry(st, node)->needed |= 1u << model;
	} else if (ctx->program_scratch[ctx->current] &&
		   (c = hmb_lookup(ctx->program_scratch[ctx->current], &st->run, node))) {
		c->needed |= 1u << model;
	}
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
	VEC_FREE(st->run);
	free(st);
}

static void *mmio003_begin_program(const struct engine_config *cfg, const struct check_run_flags *flags)
{
	(void)cfg;
	(void)flags;
	return xcalloc(1, sizeof(struct hmb_table));
}

static bool redundant_in(const struct hmb_context *c, int model)
{
	return (c->in_section & (1u << model)) && !(c->needed & (1u << model));
}

/* Redundant under `model` in every context that reached it, and reached
 * with a caller's lock held in every one. */
static bool redundant_everywhere(const struct hmb_site *s, int model)
{
	for (size_t k = 0; k < s->contexts.n; k++)
		if (s->contexts.v[k].unlocked || !redundant_in(&s->contexts.v[k], model))
			return false;
	return s->contexts.n > 0;
}

/* One finding per static helper's mmiowb() that every caller reaches
 * with a hooked spinlock held and no write needs, at the mmiowb() line. */
static void mmio003_end_program(const struct engine_config *cfg, void *scratch, struct finding_vec *out)
{
	struct hmb_table *t = scratch;

	for (size_t i = 0; i < t->sites.n; i++) {
		const struct hmb_site *s = &t->sites.v[i];
		for (int m = 0; m < cfg->nmodels; m++) {
			if (!(cfg->requested & (1u << m)) || !redundant_everywhere(s, m))
				continue;
			const char *lock = s->contexts.v[0].lock;
			struct mc_chain f;
			if (!hmb_finding(cfg, s, "MMIO003", m, redundant_in,
					 xasprintf("mmiowb() orders nothing the callers' unlock does not"), &f))
				continue;
			f.lock_name = xstrdup(lock);
			f.message = xasprintf("mmiowb() in %s() is redundant under the %s model: every caller (%zu, in "
					      "the trace) holds a spinlock here (%s%s) whose release already orders "
					      "every MMIO write of the section (since Linux 5.2 spin_unlock() does it "
					      "for the driver); remove it",
					      s->function, cfg->rules->models.v[cfg->models[m]].name, s->contexts.n,
					      lock, s->contexts.n > 1 ? ", ..." : "");
			f.fixit_first_line = s->stmt_first;
			f.fixit_last_line = s->stmt_last;
			checks_fingerprint_one(&f, s->line_text, strlen(s->line_text), 0);
			VEC_PUSH(*out, f);
		}
	}
	hmb_table_free(t);
	free(t);
}

const struct check check_mmio003 = {
	.id = "MMIO003",
	.name = "redundant-mmiowb",
	.severity = "note",
	.summary = "an explicit mmiowb() inside a spinlock section that the unlock makes redundant "
		   "since Linux 5.2",
	.program_wide = true,
	.begin_function = mmio003_begin,
	.on_mmiowb = mmio003_mmiowb,
	.on_mmiowb_needed = mmio003_needed,
	.end_function = mmio003_end,
	.begin_program = mmio003_begin_program,
	.end_program = mmio003_end_program,
};
