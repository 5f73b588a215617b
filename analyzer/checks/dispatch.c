/*
 * dispatch.c - the check table (from check_list.h) and the fan-out of
 * engine events to checks.
 */
#include "checks.h"

#include <stdlib.h>
#include <string.h>

#define CHECK(sym) extern const struct check check_##sym;
#include "check_list.h"
#undef CHECK

static const struct check *const check_table[] = {
#define CHECK(sym) &check_##sym,
#include "check_list.h"
#undef CHECK
};
#define NCHECKS (int)(sizeof(check_table) / sizeof(check_table[0]))
_Static_assert(NCHECKS <= 16, "check_ctx.scratch and check_program.scratch hold 16 checks");

/* The names check_list.h gives, to hold each file to its line. */
static const char *const check_syms[] = {
#define CHECK(sym) #sym,
#include "check_list.h"
#undef CHECK
};

const struct check *const *checks_all(size_t *n)
{
	*n = NCHECKS;
	return check_table;
}

const char *checks_list_name(size_t i)
{
	return i < (size_t)NCHECKS ? check_syms[i] : NULL;
}

struct check_program {
	const struct engine_config *cfg;
	struct check_run_flags flags;
	void *scratch[16];
};

bool check_pedantic(const struct check_ctx *ctx)
{
	return ctx->info && ctx->info->program && ctx->info->program->flags.pedantic;
}

struct check_program *checks_program_new(const struct engine_config *cfg, const struct check_run_flags *flags)
{
	struct check_program *p = xcalloc(1, sizeof(*p));

	p->cfg = cfg;
	p->flags = *flags;
	for (int i = 0; i < NCHECKS; i++)
		if (check_table[i]->program_wide)
			p->scratch[i] = check_table[i]->begin_program(cfg, flags);
	return p;
}

void checks_program_end(struct check_program *p, struct finding_vec *out)
{
	for (int i = 0; i < NCHECKS; i++)
		if (check_table[i]->program_wide) {
			check_table[i]->end_program(p->cfg, p->scratch[i], out);
			p->scratch[i] = NULL;
		}
}

void checks_program_free(struct check_program *p)
{
	free(p);
}

/* Is check_table[i] enabled in cfg's rules? */
static bool check_enabled(const struct engine_config *cfg, int i)
{
	const struct check_info *ci = rules_find_check(cfg->rules, check_table[i]->id);

	return ci && ci->enabled;
}

bool checks_observe_calls(const struct engine_config *cfg)
{
	for (int i = 0; i < NCHECKS; i++)
		if (check_table[i]->on_call && check_enabled(cfg, i))
			return true;
	return false;
}

void checks_configure(struct engine_config *cfg, const struct rules *r)
{
	cfg->reference = -1;
	for (int i = 0; i < NCHECKS; i++) {
		const struct check_info *ci = rules_find_check(r, check_table[i]->id);
		if (check_table[i]->configure && ci)
			check_table[i]->configure(cfg, r, ci);
	}
}

/* An escape reaches the checks after the run, merged with the other
 * paths' escapes at its release (escape_union.c). */
static void hook_escape(void *p, const struct eng_escape *esc)
{
	struct check_ctx *ctx = p;

	escape_union_add(ctx->escapes, ctx->fn, esc);
}

/* Hand one escape, as escape_union_flush() made it, to every check that
 * takes escapes. */
static void deliver_escape(void *p, const struct eng_escape *esc)
{
	struct check_ctx *ctx = p;

	for (int i = 0; i < NCHECKS; i++)
		if (check_table[i]->on_escape && ctx->on[i]) {
			ctx->current = i;
			check_table[i]->on_escape(ctx, ctx->scratch[i], esc);
		}
}

static void hook_mmiowb(void *p, const struct eng_mmiowb *mb)
{
	struct check_ctx *ctx = p;

	for (int i = 0; i < NCHECKS; i++)
		if (check_table[i]->on_mmiowb && ctx->on[i]) {
			ctx->current = i;
			check_table[i]->on_mmiowb(ctx, ctx->scratch[i], mb);
		}
}

static void hook_needed(void *p, uint32_t node, int model)
{
	struct check_ctx *ctx = p;

	for (int i = 0; i < NCHECKS; i++)
		if (check_table[i]->on_mmiowb_needed && ctx->on[i]) {
			ctx->current = i;
			check_table[i]->on_mmiowb_needed(ctx, ctx->scratch[i], node, model);
		}
}

static void hook_write(void *p, uint32_t node, int nheld, const struct eng_lock *held)
{
	struct check_ctx *ctx = p;

	for (int i = 0; i < NCHECKS; i++)
		if (check_table[i]->on_write && ctx->on[i]) {
			ctx->current = i;
			check_table[i]->on_write(ctx, ctx->scratch[i], node, nheld, held);
		}
}

static void hook_return(void *p, uint32_t node, int nheld, const struct eng_lock *held, int returned)
{
	struct check_ctx *ctx = p;

	for (int i = 0; i < NCHECKS; i++)
		if (check_table[i]->on_return && ctx->on[i]) {
			ctx->current = i;
			check_table[i]->on_return(ctx, ctx->scratch[i], node, nheld, held, returned);
		}
}

static void hook_unheld_release(void *p, uint32_t node, str_id lock)
{
	struct check_ctx *ctx = p;

	for (int i = 0; i < NCHECKS; i++)
		if (check_table[i]->on_unheld_release && ctx->on[i]) {
			ctx->current = i;
			check_table[i]->on_unheld_release(ctx, ctx->scratch[i], node, lock);
		}
}

static void hook_call(void *p, uint32_t node, int nheld, const struct eng_lock *held)
{
	struct check_ctx *ctx = p;

	for (int i = 0; i < NCHECKS; i++)
		if (check_table[i]->on_call && ctx->on[i]) {
			ctx->current = i;
			check_table[i]->on_call(ctx, ctx->scratch[i], node, nheld, held);
		}
}

void checks_run_function(const struct engine_config *cfg, const struct ir_unit *u,
			 const struct ir_function *fn, const struct check_fn_info *info,
			 const char *display_path, struct finding_vec *out, struct engine_stats *stats)
{
	static const struct check_fn_info no_info = { .is_root = true };
	struct check_ctx ctx;
	struct escape_union escapes;
	struct eng_hooks hooks = {
		.ctx = &ctx,
		.on_escape = hook_escape,
		.on_mmiowb = hook_mmiowb,
		.on_mmiowb_needed = hook_needed,
		.on_write = hook_write,
		.on_return = hook_return,
		.on_unheld_release = hook_unheld_release,
		.on_call = hook_call,
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
	escape_union_init(&escapes);
	ctx.escapes = &escapes;
	/* a check that is off runs no hook: its drafts would all be dropped */
	for (int i = 0; i < NCHECKS; i++)
		ctx.on[i] = check_enabled(cfg, i);
	for (int i = 0; i < NCHECKS; i++)
		if (check_table[i]->begin_function && ctx.on[i]) {
			ctx.current = i;
			ctx.scratch[i] = check_table[i]->begin_function(&ctx);
		}
	engine_run(cfg, u, fn, &hooks, stats);
	escape_union_flush(&escapes, deliver_escape, &ctx);
	for (int i = 0; i < NCHECKS; i++)
		if (check_table[i]->end_function && ctx.on[i]) {
			ctx.current = i;
			check_table[i]->end_function(&ctx, ctx.scratch[i]);
		}
	checks_order_drafts(&ctx);
	size_t first = out->n;
	for (size_t i = 0; i < ctx.drafts.n; i++) {
		struct mc_chain f;
		draft_to_finding(&ctx, &ctx.drafts.v[i], &f);
		VEC_PUSH(*out, f);
	}
	checks_fingerprint(&ctx, out->v + first, out->n - first);
	VEC_FREE(ctx.drafts);
}
