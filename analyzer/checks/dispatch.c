/*
 * dispatch.c - the check table and the fan-out of engine events to checks.
 */
#include "checks.h"

#include <stdlib.h>
#include <string.h>

extern const struct check check_mmio001;
extern const struct check check_mmio002;
extern const struct check check_mmio003;
extern const struct check check_mmio004;
extern const struct check check_mmio005;
extern const struct check check_mmio006;
extern const struct check check_mmio007;

static const struct check *const check_table[] = {
	&check_mmio001,
	&check_mmio002,
	&check_mmio003,
	&check_mmio004,
	&check_mmio005,
	&check_mmio006,
	&check_mmio007,
};
#define NCHECKS (int)(sizeof(check_table) / sizeof(check_table[0]))

struct check_program {
	const struct engine_config *cfg;
	void *scratch[16];
};

struct check_program *checks_program_new(const struct engine_config *cfg, bool strict)
{
	struct check_program *p = xcalloc(1, sizeof(*p));

	p->cfg = cfg;
	for (int i = 0; i < NCHECKS; i++)
		if (check_table[i]->begin_program)
			p->scratch[i] = check_table[i]->begin_program(cfg, strict);
	return p;
}

void checks_program_end(struct check_program *p, struct finding_vec *out)
{
	for (int i = 0; i < NCHECKS; i++)
		if (check_table[i]->end_program) {
			check_table[i]->end_program(p->cfg, p->scratch[i], out);
			p->scratch[i] = NULL;
		}
}

void checks_program_free(struct check_program *p)
{
	free(p);
}

void checks_configure(struct engine_config *cfg, const struct rules *r)
{
	const struct check_info *ci = rules_find_check(r, "MMIO002");

	cfg->reference = -1;
	if (ci && ci->reference_model)
		cfg->reference = engine_config_add_hidden(cfg, r, ci->reference_model);
}

static void hook_escape(void *p, const struct eng_escape *esc)
{
	struct check_ctx *ctx = p;

	for (int i = 0; i < NCHECKS; i++)
		if (check_table[i]->on_escape) {
			ctx->current = i;
			check_table[i]->on_escape(ctx, ctx->scratch[i], esc);
		}
}

static void hook_mmiowb(void *p, const struct eng_mmiowb *mb)
{
	struct check_ctx *ctx = p;

	for (int i = 0; i < NCHECKS; i++)
		if (check_table[i]->on_mmiowb) {
			ctx->current = i;
			check_table[i]->on_mmiowb(ctx, ctx->scratch[i], mb);
		}
}

static void hook_needed(void *p, uint32_t node, int model)
{
	struct check_ctx *ctx = p;

	for (int i = 0; i < NCHECKS; i++)
		if (check_table[i]->on_mmiowb_needed) {
			ctx->current = i;
			check_table[i]->on_mmiowb_needed(ctx, ctx->scratch[i], node, model);
		}
}

static void hook_write(void *p, uint32_t node, int nheld, const struct eng_lock *held)
{
	struct check_ctx *ctx = p;

	for (int i = 0; i < NCHECKS; i++)
		if (check_table[i]->on_write) {
			ctx->current = i;
			check_table[i]->on_write(ctx, ctx->scratch[i], node, nheld, held);
		}
}

static void hook_return(void *p, uint32_t node, int nheld, const struct eng_lock *held, int returned)
{
	struct check_ctx *ctx = p;

	for (int i = 0; i < NCHECKS; i++)
		if (check_table[i]->on_return) {
			ctx->current = i;
			check_table[i]->on_return(ctx, ctx->scratch[i], node, nheld, held, returned);
		}
}

void checks_run_function(const struct engine_config *cfg, const struct ir_unit *u,
			 const struct ir_function *fn, const struct check_fn_info *info,
			 const char *display_path, struct finding_vec *out, struct engine_stats *stats)
{
	static const struct check_fn_info no_info = { .is_root = true };
	struct check_ctx ctx;
	struct eng_hooks hooks = {
		.ctx = &ctx,
		.on_escape = hook_escape,
		.on_mmiowb = hook_mmiowb,
		.on_mmiowb_needed = hook_needed,
		.on_write = hook_write,
		.on_return = hook_return,
	};

	memset(&ctx, 0, sizeof(ctx));
	ctx.cfg = cfg;
	ctx.info = info ? info : &no_info;
	static void *no_program[16];
	ctx.program_scratch = ctx.info->program ? ctx.info->program->scratch : no_program;
	ctx.rules = cfg->rules;
	ctx.unit = u;
	ctx.fn = fn;
	ctx.display_path = display_path;
	for (int i = 0; i < NCHECKS; i++)
		if (check_table[i]->begin_function) {
			ctx.current = i;
			ctx.scratch[i] = check_table[i]->begin_function(&ctx);
		}
	engine_run(cfg, u, fn, &hooks, stats);
	for (int i = 0; i < NCHECKS; i++)
		if (check_table[i]->end_function) {
			ctx.current = i;
			check_table[i]->end_function(&ctx, ctx.scratch[i]);
		}
	size_t first = out->n;
	for (size_t i = 0; i < ctx.drafts.n; i++) {
		struct mc_chain f;
		draft_to_finding(&ctx, &ctx.drafts.v[i], &f);
		VEC_PUSH(*out, f);
	}
	checks_fingerprint(&ctx, out->v + first, out->n - first);
	VEC_FREE(ctx.drafts);
}
