/*
 * escape_common.c - shared drafting of "a write left the section" findings.
 */
#include "escape_common.h"

#include <assert.h>
#include <stdlib.h>

/*
 * The callee reports this escape itself, so the caller does not repeat it:
 * the whole section (acquire, writes, release) came in through one call,
 * or the writes and the release did and that callee is annotated
 * (__must_hold / __releases), so it is judged with the lock held on entry.
 */
static bool section_inside_callee(struct check_ctx *ctx, const struct eng_escape *esc,
				  bool (*select)(const struct check_ctx *ctx, const struct eng_write *w))
{
	uint32_t top = check_top_node(ctx, esc->release_node);

	if (!check_is_spliced(ctx, esc->release_node))
		return false;
	for (int i = 0; i < esc->nwrites; i++)
		if (select(ctx, &esc->writes[i]) && check_top_node(ctx, esc->writes[i].node) != top)
			return false;
	if (check_is_spliced(ctx, esc->lock.acquire_node) && check_top_node(ctx, esc->lock.acquire_node) == top)
		return true;
	const struct ir_node *call = check_node(ctx, top);
	return ctx->info->callee_has_contract && call->callee && !call->indirect &&
	       ctx->info->callee_has_contract(ctx->info->callee_ctx, call->callee);
}

/*
 * The acquire and the release came in through two different calls of one
 * function F (each call splices its own copy of F's summary), so F both
 * takes and releases the lock, under conditions the analysis did not
 * correlate: bnxt's __hwrm_send() takes hwrm_cmd_lock when
 * __hwrm_acquire_token() returns a token and releases it `if (token)`, and
 * the path "the first call took it, the second released it" is one no CPU
 * runs.  F's own section is judged in F; the caller does not pair two of
 * its calls.  (A helper that takes the lock in one call and drops it in the
 * next on purpose, foo_ctl(dev, ON) ... foo_ctl(dev, OFF), is missed here.)
 */
static bool section_split_across_calls(struct check_ctx *ctx, const struct eng_escape *esc)
{
	uint32_t acq = esc->lock.acquire_node, rel = esc->release_node;

	if (!check_is_spliced(ctx, acq) || !check_is_spliced(ctx, rel))
		return false;
	for (uint32_t a = check_node(ctx, acq)->call_site; a != IR_NONE; a = check_node(ctx, a)->call_site) {
		const struct ir_node *ca = check_node(ctx, a);
		if (!ca->callee || ca->indirect)
			continue;
		for (uint32_t r = check_node(ctx, rel)->call_site; r != IR_NONE; r = check_node(ctx, r)->call_site) {
			const struct ir_node *cr = check_node(ctx, r);
			if (a != r && cr->callee == ca->callee && !cr->indirect)
				return true;
		}
	}
	return false;
}

/* Every write: for an escape whose writes drafted_writes() picked. */
static bool any_write(const struct check_ctx *ctx, const struct eng_write *w)
{
	(void)ctx;
	(void)w;
	return true;
}

/*
 * The writes a finding on esc rests on, into picked (in esc's order):
 * those `select` takes, less the ones a capped summary kept for their
 * ordering alone (ir_node.bounded_by) when others remain.  Such a write
 * may sit on a path the helper never takes with its caller's arguments (a
 * mode it tested, a table entry its caller's constant selects), and adds
 * nothing to a finding that holds without it.  When only such writes
 * remain, *bounded_by is the function whose summary kept the last of
 * them, and the finding is a note, shown with --pedantic: unsure, it says
 * less.  Else *bounded_by is 0.  Returns how many were picked.
 */
static int drafted_writes(const struct check_ctx *ctx, const struct eng_escape *esc,
			  bool (*select)(const struct check_ctx *ctx, const struct eng_write *w),
			  struct eng_write *picked, str_id *bounded_by)
{
	int n = 0, sure = 0;

	assert(esc->nwrites <= ENG_MAX_WRITES);
	for (int i = 0; i < esc->nwrites; i++)
		sure += select(ctx, &esc->writes[i]) && !check_node(ctx, esc->writes[i].node)->bounded_by;
	*bounded_by = 0;
	for (int i = 0; i < esc->nwrites; i++) {
		str_id by = check_node(ctx, esc->writes[i].node)->bounded_by;
		if (!select(ctx, &esc->writes[i]) || (sure && by))
			continue;
		picked[n++] = esc->writes[i];
		*bounded_by = sure ? 0 : by;
	}
	return n;
}

/* The trace steps of e's writes, and of the inner acquire that reset the
 * flag after the last one (MMIO002). */
static void add_write_steps(struct check_ctx *ctx, struct finding_draft *d, const struct eng_escape *e)
{
	struct strbuf sb = STRBUF_INIT;

	for (int i = 0; i < e->nwrites; i++) {
		const struct eng_write *w = &e->writes[i];
		strbuf_reset(&sb);
		check_describe_call(ctx, w->node, &sb);
		draft_step(ctx, d, "write", w->node, "MMIO write %s inside the section", sb.buf);
		if (w->flag_reset_node != IR_NONE && i == e->nwrites - 1) {
			strbuf_reset(&sb);
			check_describe_call(ctx, w->flag_reset_node, &sb);
			const struct model *m = &ctx->rules->models.v[ctx->cfg->models[e->model]];
			draft_step(ctx, d, "inner-acquire", w->flag_reset_node, "%s clears %s after the write", sb.buf,
				   m->flag_reg >= 0 ? m->regs[m->flag_reg] : "the flag");
		}
	}
	strbuf_release(&sb);
}

struct eng_escape escape_drafted(const struct check_ctx *ctx, const struct eng_escape *esc,
				 bool (*select)(const struct check_ctx *ctx, const struct eng_write *w),
				 struct eng_write *picked)
{
	struct eng_escape e = *esc;
	str_id bounded_by;

	e.writes = picked;
	e.nwrites = drafted_writes(ctx, esc, select, picked, &bounded_by);
	return e;
}

struct finding_draft *escape_draft(struct check_ctx *ctx, const char *id, const struct eng_escape *esc,
				   bool (*select)(const struct check_ctx *ctx, const struct eng_write *w), int *nselected)
{
	struct eng_write picked[ENG_MAX_WRITES];
	struct eng_escape e = *esc;
	struct strbuf sb = STRBUF_INIT;
	str_id bounded_by;

	e.writes = picked;
	e.nwrites = *nselected = drafted_writes(ctx, esc, select, picked, &bounded_by);
	if (!e.nwrites || section_inside_callee(ctx, &e, any_write) || section_split_across_calls(ctx, &e))
		return NULL;
	if (bounded_by && !check_pedantic(ctx))
		return NULL;

	int n = e.nwrites, last = n - 1;
	struct finding_draft *d = check_draft(ctx, id, e.model, e.writes[last].node);
	d->has_lock = true;
	d->lock = e.lock;
	if (bounded_by)
		d->severity = "note";

	check_describe_call(ctx, e.lock.acquire_node, &sb);
	draft_step(ctx, d, "acquire", e.lock.acquire_node, "%s %s taken here (%s)",
		   check_kind_name(ctx, e.lock.kind), check_str(ctx, e.lock.lock), sb.buf);
	add_write_steps(ctx, d, &e);
	if (bounded_by)
		draft_step(ctx, d, "bounded", e.writes[last].node,
			   "%s() is over the summary cap: its own tests around %s were not kept, so %s be on a "
			   "path this caller never takes", check_str(ctx, bounded_by), n > 1 ? "these writes" : "this write",
			   n > 1 ? "they may" : "it may");
	strbuf_reset(&sb);
	check_describe_call(ctx, e.release_node, &sb);
	draft_step(ctx, d, "release", e.release_node, "%s%s with the write%s unordered under %s",
		   sb.buf, check_node(ctx, e.release_node)->synthetic ? "," : " released here",
		   n > 1 ? "s" : "", check_model_name(ctx, e.model));
	strbuf_release(&sb);
	return d;
}
