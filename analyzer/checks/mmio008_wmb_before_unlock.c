/*
 * MMIO008 wmb-before-unlock (note): a full barrier (wmb(), mb(): a barrier
 * of the rules that orders MMIO and is not mmiowb()) right before the
 * release of a hooked spinlock, after an MMIO write of the section, that
 * orders nothing the release does not order itself under the model.  Since
 * Linux 5.2 spin_unlock() orders the section's MMIO writes (the mmiowb
 * hook), so a wmb() kept for that is a leftover.  mmiowb() itself is
 * MMIO003's: the two never report the same barrier.
 *
 * "Right before": every path from the barrier reaches the release with no
 * MMIO access, barrier, lock operation, return or unknown call between
 * (an unknown call may write the doorbell the wmb() orders memory for).
 * "After an MMIO write of the section": a write made with the released lock
 * held reaches the barrier; without one the barrier orders memory only,
 * which is not ours to judge.
 *
 * Whether the release orders what the barrier orders depends on the model
 * and on the writes (a writel_relaxed() is not ordered by the 5.2 unlock),
 * so the engine decides, the way it decides for mmiowb(): the check runs
 * it once more on a copy of the function in which each candidate barrier
 * is an mmiowb(), which the engine follows as a ghost and reports as
 * needed when a write it ordered would otherwise escape (MMIO003's
 * question).  A candidate reached with the lock held and never needed
 * under a model is redundant under it.  Only the function's own barriers
 * are judged (a helper's is the helper's).
 */
#include "checks.h"

#include <stdlib.h>
#include <string.h>

/* A write made with a hooked lock held (one entry per lock). */
struct locked_write {
	uint32_t node;
	str_id lock;
};

/* A barrier right before the release of `lock` at `release`. */
struct candidate {
	uint32_t node, release;
	str_id lock;
	uint32_t in_section;	/* model bits: reached with `lock` held */
	uint32_t needed;	/* model bits: a write needed it */
	struct eng_lock held;	/* `lock` as held there */
};

struct mmio008_state {
	VEC(struct locked_write) writes;
	VEC(struct candidate) candidates;
};

static void *mmio008_begin(struct check_ctx *ctx)
{
	(void)ctx;
	return xcalloc(1, sizeof(struct mmio008_state));
}

static void mmio008_write(struct check_ctx *ctx, void *scratch, uint32_t node, int nheld,
			  const struct eng_lock *held)
{
	struct mmio008_state *st = scratch;

	(void)ctx;
	for (int i = 0; i < nheld; i++) {
		bool known = false;
		for (size_t k = 0; k < st->writes.n && !known; k++)
			known = st->writes.v[k].node == node && st->writes.v[k].lock == held[i].lock;
		if (held[i].hooked && !known) {
			struct locked_write w = { node, held[i].lock };
			VEC_PUSH(st->writes, w);
		}
	}
}

/* A barrier this check judges: orders MMIO, and is not mmiowb(). */
static bool full_barrier(const struct check_ctx *ctx, const struct ir_node *n)
{
	const struct rules *r = ctx->rules;

	return n->op == IR_BARRIER && n->rule >= 0 && (size_t)n->rule < r->barriers.n &&
	       r->barriers.v[n->rule].orders_mmio && !r->barriers.v[n->rule].is_mmiowb;
}

static bool hooked_release(const struct check_ctx *ctx, const struct ir_node *n)
{
	return n->op == IR_RELEASE && n->rule >= 0 &&
	       rules_kind_hooked(ctx->rules, ctx->rules->apis.v[n->rule].kind, ctx->cfg->preempt_rt);
}

/*
 * The release every path from barrier `from` reaches with nothing in
 * between but joins, branches and assignments; IR_NONE if some path meets
 * anything else, or two paths reach different releases.
 */
static uint32_t release_right_after(const struct check_ctx *ctx, uint32_t from)
{
	const struct ir_function *fn = ctx->fn;
	uint8_t *seen = xcalloc(fn->nodes.n, 1);
	VEC(uint32_t) work = VEC_INIT;
	uint32_t found = IR_NONE;
	bool ok = true;

	VEC_PUSH(work, from);
	seen[from] = 1;
	while (work.n && ok) {
		uint32_t k = work.v[--work.n], ns;
		const struct ir_edge *e = ir_succs(fn, k, &ns);
		ok = ns > 0;
		for (uint32_t j = 0; j < ns && ok; j++) {
			const struct ir_node *n = &fn->nodes.v[e[j].to];
			if (seen[e[j].to])
				continue;
			seen[e[j].to] = 1;
			if (hooked_release(ctx, n)) {
				ok = found == IR_NONE || ctx->fn->nodes.v[found].lock == n->lock;
				found = e[j].to;
			} else if (n->op == IR_NOP || n->op == IR_BRANCH || n->op == IR_ASSIGN) {
				VEC_PUSH(work, e[j].to);
			} else {
				ok = false;
			}
		}
	}
	VEC_FREE(work);
	free(seen);
	return ok ? found : IR_NONE;
}

/* Does write `from` reach `to` without releasing `lock` on the way? */
static bool precedes_in_section(const struct check_ctx *ctx, uint32_t from, uint32_t to, str_id lock)
{
	const struct ir_function *fn = ctx->fn;
	uint8_t *seen = xcalloc(fn->nodes.n, 1);
	VEC(uint32_t) work = VEC_INIT;
	bool hit = false;

	VEC_PUSH(work, from);
	seen[from] = 1;
	while (work.n && !hit) {
		uint32_t k = work.v[--work.n], ns;
		const struct ir_edge *e = ir_succs(fn, k, &ns);
		for (uint32_t j = 0; j < ns && !hit; j++) {
			const struct ir_node *n = &fn->nodes.v[e[j].to];
			hit = e[j].to == to;
			if (seen[e[j].to] || (n->op == IR_RELEASE && n->lock == lock))
				continue;
			seen[e[j].to] = 1;
			VEC_PUSH(work, e[j].to);
		}
	}
	VEC_FREE(work);
	free(seen);
	return hit;
}

/* The function's own full barriers right before a hooked release, after a
 * write of that section. */
static void find_candidates(const struct check_ctx *ctx, struct mmio008_state *st)
{
	for (uint32_t i = 0; i < ctx->fn->nodes.n; i++) {
		const struct ir_node *n = check_node(ctx, i);
		if (!full_barrier(ctx, n) || check_is_spliced(ctx, i))
			continue;
		uint32_t rel = release_right_after(ctx, i);
		if (rel == IR_NONE)
			continue;
		str_id lock = check_node(ctx, rel)->lock;
		bool wrote = false;
		for (size_t k = 0; k < st->writes.n && !wrote; k++)
			wrote = st->writes.v[k].lock == lock && precedes_in_section(ctx, st->writes.v[k].node, i, lock);
		if (wrote) {
			struct candidate c = { i, rel, lock, 0, 0, { 0 } };
			VEC_PUSH(st->candidates, c);
		}
	}
}

static struct candidate *candidate_at(struct mmio008_state *st, uint32_t node)
{
	for (size_t i = 0; i < st->candidates.n; i++)
		if (st->candidates.v[i].node == node)
			return &st->candidates.v[i];
	return NULL;
}

/* Ghost run: a candidate reached with its lock held. */
static void ghost_reached(void *p, const struct eng_mmiowb *mb)
{
	struct check_ctx *ctx = p;
	struct candidate *c = candidate_at(ctx->scratch[ctx->current], mb->node);

	for (int i = 0; c && i < mb->nheld; i++)
		if (mb->held[i].hooked && mb->held[i].lock == c->lock) {
			if (!c->in_section)
				c->held = mb->held[i];
			c->in_section |= ctx->cfg->requested;
		}
}

/* Ghost run: a write the candidate ordered would have escaped. */
static void ghost_needed(void *p, uint32_t node, int model)
{
	struct check_ctx *ctx = p;
	struct candidate *c = candidate_at(ctx->scratch[ctx->current], node);

	if (c)
		c->needed |= 1u << model;
}

/* Run the engine on a copy of the function whose candidates are mmiowb()
 * (the copy shares everything but its nodes); false if --max-seconds cut
 * it short.  A run that hit the state bound joined paths, as the main run
 * did: it is judged as MMIO003 judges mmiowb() there. */
static bool run_ghosts(struct check_ctx *ctx, struct mmio008_state *st, int mmiowb_rule)
{
	struct ir_function copy = *ctx->fn;
	struct eng_hooks hooks = { .ctx = ctx, .on_mmiowb = ghost_reached, .on_mmiowb_needed = ghost_needed };
	struct engine_stats stats;

	copy.nodes.v = xmalloc(ctx->fn->nodes.n * sizeof(copy.nodes.v[0]));
	memcpy(copy.nodes.v, ctx->fn->nodes.v, ctx->fn->nodes.n * sizeof(copy.nodes.v[0]));
	copy.nodes.cap = copy.nodes.n;
	for (size_t i = 0; i < st->candidates.n; i++)
		copy.nodes.v[st->candidates.v[i].node].rule = mmiowb_rule;
	memset(&stats, 0, sizeof(stats));
	engine_run(ctx->cfg, ctx->unit, &copy, &hooks, &stats);
	free(copy.nodes.v);
	return !stats.timed_out;
}

static void report(struct check_ctx *ctx, const struct candidate *c, int m)
{
	struct finding_draft *d = check_draft(ctx, "MMIO008", m, c->node);
	struct strbuf acq = STRBUF_INIT, bar = STRBUF_INIT, rel = STRBUF_INIT;

	d->has_lock = true;
	d->lock = c->held;
	check_describe_call(ctx, c->held.acquire_node, &acq);
	check_describe_call(ctx, c->node, &bar);
	check_describe_call(ctx, c->release, &rel);
	draft_step(ctx, d, "acquire", c->held.acquire_node, "%s taken here", acq.buf);
	draft_step(ctx, d, "barrier", c->node, "%s orders nothing the unlock of %s does not", bar.buf,
		   check_str(ctx, c->lock));
	draft_step(ctx, d, "release", c->release, "%s orders the section's MMIO writes itself", rel.buf);
	d->message = xasprintf("%s right before %s is redundant under the %s model: since Linux 5.2 the "
			       "unlock orders every MMIO write of the section (the mmiowb hook); remove it "
			       "unless it orders memory for a reader that takes no lock", bar.buf, rel.buf,
			       check_model_name(ctx, m));
	strbuf_release(&acq);
	strbuf_release(&bar);
	strbuf_release(&rel);
	check_report(ctx, d);
}

static int mmiowb_rule(const struct rules *r)
{
	for (size_t i = 0; i < r->barriers.n; i++)
		if (r->barriers.v[i].is_mmiowb)
			return (int)i;
	return -1;
}

static void mmio008_end(struct check_ctx *ctx, void *scratch)
{
	struct mmio008_state *st = scratch;
	int mb = mmiowb_rule(ctx->rules);

	if (st->writes.n && mb >= 0)
		find_candidates(ctx, st);
	if (st->candidates.n && run_ghosts(ctx, st, mb))
		for (size_t i = 0; i < st->candidates.n; i++)
			for (int m = 0; m < ctx->cfg->nmodels; m++) {
				const struct candidate *c = &st->candidates.v[i];
				if ((c->in_section & (1u << m)) && !(c->needed & (1u << m)))
					report(ctx, c, m);
			}
	VEC_FREE(st->writes);
	VEC_FREE(st->candidates);
	free(st);
}

const struct check check_mmio008 = {
	.id = "MMIO008",
	.name = "wmb-before-unlock",
	.severity = "note",
	.summary = "a wmb() right before a spin_unlock() that orders nothing the unlock does not: since "
		   "Linux 5.2 the unlock orders the section's MMIO writes",
	.begin_function = mmio008_begin,
	.on_write = mmio008_write,
	.end_function = mmio008_end,
};
