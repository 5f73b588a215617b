/*
 * MMIO006 unhooked-lock-mmio: an MMIO write whose only protection is a lock
 * the mmiowb hook does not cover (mutex, rwsem, semaphore, rwlock, bit
 * spinlock, local_lock; spinlock_t under PREEMPT_RT), left unordered at its
 * release.
 */
#include "escape_common.h"

#include <string.h>

/* A write the release must order: a posted one (a port write has reached
 * the device when outb() returns; the accessor class says which). */
static bool posted_write(const struct check_ctx *ctx, const struct eng_write *w)
{
	const struct ir_node *n = check_node(ctx, w->node);
	const struct rules *r = ctx->rules;

	if (n->rule < 0 || (size_t)n->rule >= r->accessors.n)
		return true;
	return r->classes.v[r->accessors.v[n->rule].klass].posted;
}

static void mmio006_escape(struct check_ctx *ctx, void *scratch, const struct eng_escape *esc)
{
	struct strbuf msg = STRBUF_INIT, wr = STRBUF_INIT, rel = STRBUF_INIT;
	int n;

	(void)scratch;
	if (esc->lock.hooked || !check_model_reported(ctx, esc->model))
		return;
	struct finding_draft *d = escape_draft(ctx, "MMIO006", esc, posted_write, &n);
	if (!d)
		return;
	check_describe_call(ctx, d->node, &wr);
	check_describe_call(ctx, esc->release_node, &rel);
	strbuf_addf(&msg, "%s is protected only by %s (a %s%s), whose release the mmiowb hook in spin_unlock() "
		    "does not cover: nothing orders the write before %s",
		    wr.buf, check_str(ctx, esc->lock.lock), check_kind_name(ctx, esc->lock.kind),
		    ctx->cfg->preempt_rt && !strcmp(check_kind_name(ctx, esc->lock.kind), "spinlock") ?
		    ", a sleeping lock under PREEMPT_RT" : "", rel.buf);
	if (n > 1)
		strbuf_addf(&msg, " (nor %d earlier writes of the section)", n - 1);
	strbuf_adds(&msg, "; read back from the device or add mmiowb() before the release, or protect the registers with a spinlock");
	d->message = strbuf_detach(&msg);
	check_report(ctx, d);
	strbuf_release(&wr);
	strbuf_release(&rel);
}

const struct check check_mmio006 = {
	.id = "MMIO006",
	.name = "unhooked-lock-mmio",
	.severity = "warning",
	.pedantic_only = true,
	.summary = "an MMIO write protected only by a lock the mmiowb hook does not cover (mutex, "
		   "rw-semaphore, semaphore, rwlock, bit spinlock, local_lock)",
	.on_escape = mmio006_escape,
};
