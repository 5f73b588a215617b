/*
 * MMIO001 unordered-release: an MMIO write inside a spinlock section that
 * the model does not order before the unlock.  Escapes that MMIO002
 * explains (a nested lock reset the PowerPC flag) are left to it.
 */
#include "escape_common.h"

static bool plain_escape(const struct check_ctx *ctx, const struct eng_write *w)
{
	(void)ctx;
	return !escape_is_flag_reset(ctx, w);
}

static void mmio001_escape(struct check_ctx *ctx, void *scratch, const struct eng_escape *esc)
{
	struct strbuf msg = STRBUF_INIT, wr = STRBUF_INIT, rel = STRBUF_INIT;
	int n;

	(void)scratch;
	if (!esc->lock.hooked || !check_model_reported(ctx, esc->model))
		return;
	struct finding_draft *d = escape_draft(ctx, "MMIO001", esc, plain_escape, &n);
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
