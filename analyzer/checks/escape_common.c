/*
 * escape_common.c - shared drafting of "a write left the section" findings.
 */
#include "escape_common.h"

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

/*
 * The function whose capped summary kept every selected write only for its
 * ordering (ir_node.bounded_by), or 0 when some write was seen on paths
 * the analysis told apart.  Such writes may sit on a path the helper
 * never takes with its caller's arguments (a mode it tested, a table
 * entry its caller's constant selects), so a finding on them alone is a
 * note, shown with --pedantic: unsure, it says less.
 */
static str_id bounded_only(const struct check_ctx *ctx, const struct eng_escape *esc,
			   bool (*select)(const struct check_ctx *ctx, const struct eng_write *w))
{
	str_id by = 0;

	for (int i = 0; i < esc->nwrites; i++) {
		if (!select(ctx, &esc->writes[i]))
			continue;
		str_id b = check_node(ctx, esc->writes[i].node)->bounded_by;
		if (!b)
			return 0;
		by = by ? by : b;
	}
	return by;
}

struct finding_draft *escape_draft(struct check_ctx *ctx, const char *id, const struct eng_escape *esc,
				   bool (*select)(const struct check_ctx *ctx, const struct eng_write *w), int *nselected)
{
	int last = -1, n = 0;
	struct strbuf sb = STRBUF_INIT;

	for (int i = 0; i < esc->nwrites; i++)
		if (select(ctx, &esc->writes[i])) {
			last = i;
			n++;
		}
	*nselected = n;
	if (last < 0 || section_inside_callee(ctx, esc, select) || section_split_across_calls(ctx, esc))
		return NULL;
	str_id bounded_by = bounded_only(ctx, esc, select);
	if (bounded_by && !check_pedantic(ctx))
		return NULL;

	struct finding_draft *d = check_draft(ctx, id, esc->model, esc->writes[last].node);
	d->has_lock = true;
	d->lock = esc->lock;
	if (bounded_by)
		d->severity = "note";

	check_describe_call(ctx, esc->lock.acquire_node, &sb);
	draft_step(ctx, d, "acquire", esc->lock.acquire_node, "%s %s taken here (%s)",
		   check_kind_name(ctx, esc->lock.kind), check_str(ctx, esc->lock.lock), sb.buf);
	for (int i = 0; i < esc->nwrites; i++) {
		const struct eng_write *w = &esc->writes[i];
		if (!select(ctx, w))
			continue;
		strbuf_reset(&sb);
		check_describe_call(ctx, w->node, &sb);
		draft_step(ctx, d, "write", w->node, "MMIO write %s inside the section", sb.buf);
		if (w->flag_reset_node != IR_NONE && i == last) {
			strbuf_reset(&sb);
			check_describe_call(ctx, w->flag_reset_node, &sb);
			const struct model *m = &ctx->rules->models.v[ctx->cfg->models[esc->model]];
			draft_step(ctx, d, "inner-acquire", w->flag_reset_node,
				   "%s clears %s after the write", sb.buf,
				   m->flag_reg >= 0 ? m->regs[m->flag_reg] : "the flag");
		}
	}
	if (bounded_by)
		draft_step(ctx, d, "bounded", esc->writes[last].node,
			   "%s() is over the summary cap: its own tests around %s were not kept, so %s be on a "
			   "path this caller never takes", check_str(ctx, bounded_by), n > 1 ? "these writes" : "this write",
			   n > 1 ? "they may" : "it may");
	strbuf_reset(&sb);
	check_describe_call(ctx, esc->release_node, &sb);
	draft_step(ctx, d, "release", esc->release_node, "%s%s with the write%s unordered under %s",
		   sb.buf, check_node(ctx, esc->release_node)->synthetic ? "," : " released here",
		   n > 1 ? "s" : "", check_model_name(ctx, esc->model));
	strbuf_release(&sb);
	return d;
}
