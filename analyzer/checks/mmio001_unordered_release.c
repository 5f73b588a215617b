/*
 * MMIO001 unordered-release: an MMIO write inside a spinlock section that
 * the model does not order before the unlock.  Escapes that MMIO002
 * explains (a nested lock reset the PowerPC flag) are left to it.
 */
#include "escape_common.h"

#include <assert.h>

static bool plain_escape(const struct check_ctx *ctx, const struct eng_write *w)
{
	(void)ctx;
	return !escape_is_flag_reset(ctx, w);
}

/* Is escaping write i of a class the model orders less than the contract
 * promises, or covered by such a write to its device after it (the
 * contract's outX() orders the device's earlier writes too)? */
static bool write_below_contract(const struct check_ctx *ctx, const struct model *m, const struct eng_escape *esc,
				 int i)
{
	for (int j = i; j < esc->nwrites; j++) {
		const struct ir_node *w = check_node(ctx, esc->writes[j].node);
		assert(w->op == IR_MMIO_WRITE && w->rule >= 0);
		if (j > i && (!esc->writes[i].device || esc->writes[j].device != esc->writes[i].device))
			continue;
		if (m->below_contract & (1u << ctx->rules->accessors.v[w->rule].klass))
			return true;
	}
	return false;
}

/*
 * Would the documented contract order every escaping write, and only the
 * model's architecture falls short of it (riscv's outX())?  Then the
 * driver follows the rules and the fix is the architecture's: the finding
 * is letter-only, shown with --pedantic.  The reason, or NULL.
 */
static const char *below_contract(const struct check_ctx *ctx, const struct eng_escape *esc)
{
	const struct model *m = &ctx->rules->models.v[ctx->cfg->models[esc->model]];
	int n = 0;

	if (!m->below_contract)
		return NULL;
	for (int i = 0; i < esc->nwrites; i++) {
		if (!plain_escape(ctx, &esc->writes[i]))
			continue;
		if (!write_below_contract(ctx, m, esc, i))
			return NULL;
		n++;
	}
	return n ? m->below_contract_why : NULL;
}

static void mmio001_escape(struct check_ctx *ctx, void *scratch, const struct eng_escape *esc)
{
	struct strbuf msg = STRBUF_INIT, wr = STRBUF_INIT, rel = STRBUF_INIT;
	int n;

	(void)scratch;
	if (!esc->lock.hooked || !check_model_reported(ctx, esc->model))
		return;
	/* judged on the writes the finding rests on */
	struct eng_write picked[ENG_MAX_WRITES];
	struct eng_escape e = escape_drafted(ctx, esc, plain_escape, picked);
	const char *arch_only = below_contract(ctx, &e);
	if (arch_only && !check_pedantic(ctx))
		return;
	struct finding_draft *d = escape_draft(ctx, "MMIO001", &e, plain_escape, &n);
	if (!d)
		return;
	check_describe_call(ctx, d->node, &wr);
	check_describe_call(ctx, esc->release_node, &rel);
	strbuf_addf(&msg, "%s is not ordered before %s", wr.buf, rel.buf);
	if (n == 2)
		strbuf_adds(&msg, " (nor is the earlier write of the section)");
	else if (n > 2)
		strbuf_addf(&msg, " (nor are %d earlier writes of the section)", n - 1);
	strbuf_addf(&msg, ", so a write by the next CPU to take %s can reach the device first; "
		    "make a full writeX() the last write, read back from the device, or add mmiowb() before the unlock "
		    "(%s: %s)", check_str(ctx, esc->lock.lock), check_model_name(ctx, esc->model),
		    check_model_explain(ctx, esc->model));
	if (arch_only)
		strbuf_addf(&msg, "; true only by the letter: %s", arch_only);
	d->message = strbuf_detach(&msg);
	check_report(ctx, d);
	strbuf_release(&wr);
	strbuf_release(&rel);
}

const struct check check_mmio001 = {
	.id = "MMIO001",
	.name = "unordered-release",
	.severity = "warning",
	.summary = "an MMIO write inside a spinlock section that the model does not order before "
		   "the unlock (a relaxed or raw accessor last, no mmiowb() under the explicit "
		   "model)",
	.on_escape = mmio001_escape,
};
