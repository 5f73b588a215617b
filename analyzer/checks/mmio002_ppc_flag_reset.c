/*
 * MMIO002 ppc-flag-reset: a write the generic (5.2+) tracking orders, but
 * which escapes under a single-flag model (PowerPC before 5.2) because an
 * inner spin_lock() or spin_trylock() attempt cleared the flag after it.
 */
#include "escape_common.h"

static void mmio002_escape(struct check_ctx *ctx, void *scratch, const struct eng_escape *esc)
{
	struct strbuf msg = STRBUF_INIT, wr = STRBUF_INIT, inner = STRBUF_INIT, rel = STRBUF_INIT;
	int n;

	(void)scratch;
	if (!esc->lock.hooked || !check_model_reported(ctx, esc->model))
		return;
	struct finding_draft *d = escape_draft(ctx, "MMIO002", esc, escape_is_flag_reset, &n);
	if (!d)
		return;
	const struct eng_write *w = NULL;
	for (int i = 0; i < esc->nwrites; i++)
		if (esc->writes[i].node == d->node)
			w = &esc->writes[i];
	const struct model *m = &ctx->rules->models.v[ctx->cfg->models[esc->model]];
	const struct ir_node *in = check_node(ctx, w->flag_reset_node);

	check_describe_call(ctx, d->node, &wr);
	check_describe_call(ctx, w->flag_reset_node, &inner);
	check_describe_call(ctx, esc->release_node, &rel);
	strbuf_addf(&msg, "%s leaves the section of %s unordered under %s: %s %s at line %u cleared %s "
		    "after the write, so %s issues no barrier (the generic 5.2+ tracking orders it)",
		    wr.buf, check_str(ctx, esc->lock.lock), check_model_name(ctx, esc->model), inner.buf,
		    in->op == IR_TRYACQUIRE ? "(a trylock attempt)" : "(a nested acquire)", in->loc.line,
		    m->flag_reg >= 0 ? m->regs[m->flag_reg] : "the flag", rel.buf);
	d->message = strbuf_detach(&msg);
	check_report(ctx, d);
	strbuf_release(&wr);
	strbuf_release(&inner);
	strbuf_release(&rel);
}

/* The engine follows the reference model (the one that does order the
 * write, option reference_model) alongside the requested ones, hidden. */
static void mmio002_configure(struct engine_config *cfg, const struct rules *r, const struct check_info *ci)
{
	const char *ref = check_info_text(ci, "reference_model");

	if (ref)
		cfg->reference = engine_config_add_hidden(cfg, r, ref);
}

static const struct check_option mmio002_options[] = {
	{ "reference_model", CHECK_OPTION_MODEL, 0, 0, 0 },
	{ NULL, CHECK_OPTION_TEXT, 0, 0, 0 },
};

const struct check check_mmio002 = {
	.id = "MMIO002",
	.name = "ppc-flag-reset",
	.severity = "warning",
	.summary = "a write the 5.2+ tracking orders but PowerPC before 5.2 did not, because a "
		   "nested spin_lock() or spin_trylock() attempt cleared io_sync",
	.options = mmio002_options,
	.configure = mmio002_configure,
	.on_escape = mmio002_escape,
};
