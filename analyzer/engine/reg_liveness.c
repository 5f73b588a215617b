/*
 * reg_liveness.c - live model registers per CFG node (see reg_liveness.h).
 */
#include "reg_liveness.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

/* What running a program does to the registers it was entered with. */
struct reg_effect {
	uint64_t reads;		/* read before the program assigns them */
	uint64_t kills;		/* assigned on every way through it */
};

static uint64_t reg_bit(int slot, int reg)
{
	assert(reg >= 0 && reg < RULES_MAX_REGS);
	return REG_BIT(slot, reg);
}

/* Add prog's effect, run after what e already holds, to e.  The arm of an
 * `if` may not run: its reads count, its assignments kill nothing. */
static void add_program(struct reg_effect *e, const struct model_prog *prog, int slot)
{
	for (int i = 0; i < prog->n; i++) {
		const struct model_op *op = &prog->ops[i];
		uint64_t used = 0;

		switch (op->kind) {
		case MOP_SET:
			used = op->reg2 >= 0 ? reg_bit(slot, op->reg2) : 0;
			e->reads |= used & ~e->kills;
			e->kills |= reg_bit(slot, op->reg);
			break;
		case MOP_ADD:
			e->reads |= reg_bit(slot, op->reg) & ~e->kills;
			e->kills |= reg_bit(slot, op->reg);
			break;
		case MOP_IF: {
			used = reg_bit(slot, op->reg) | (op->reg2 >= 0 ? reg_bit(slot, op->reg2) : 0);
			e->reads |= used & ~e->kills;
			struct reg_effect arm = *e;
			add_program(&arm, &op->then, slot);
			e->reads |= arm.reads;
			break;
		}
		case MOP_BARRIER:
		case MOP_COVER_DEVICE:
		case MOP_FLUSH_DEVICE:
		case MOP_ORDER_COVERED:
			break;	/* they act on the pending writes, not on registers */
		}
	}
}

/* Which programs of model m node n may run, in order (engine.c's step()). */
static void add_node(struct reg_effect *e, const struct engine_config *cfg, const struct model *m,
		     int slot, const struct ir_node *n)
{
	const struct rules *r = cfg->rules;
	bool hooked = n->rule >= 0 && (n->op == IR_ACQUIRE || n->op == IR_TRYACQUIRE) &&
		      rules_kind_hooked(r, r->apis.v[n->rule].kind, cfg->preempt_rt);

	switch (n->op) {
	case IR_ACQUIRE:
		if (hooked)
			add_program(e, &m->on_acquire, slot);
		break;
	case IR_TRYACQUIRE:
		if (hooked) {
			add_program(e, &m->on_trylock_attempt, slot);
			struct reg_effect success = *e;	/* acquires only on success */
			add_program(&success, &m->on_acquire, slot);
			e->reads |= success.reads;
		}
		break;
	case IR_RELEASE: {
		/* runs when the lock released is hooked, which the held lock
		 * decides: its reads count, its assignments may not happen */
		struct reg_effect maybe = *e;
		add_program(&maybe, &m->on_release, slot);
		e->reads |= maybe.reads;
		break;
	}
	case IR_MMIO_WRITE:
		add_program(e, &m->on_write[r->accessors.v[n->rule].klass], slot);
		break;
	case IR_MMIO_READ:
		add_program(e, &m->on_read[r->accessors.v[n->rule].klass], slot);
		break;
	default:
		break;
	}
}

/* live_in(n) = reads(n) | (live_in of the successors minus kills(n)). */
static bool update_node(struct reg_liveness *L, const struct ir_function *fn, uint32_t node,
			const struct reg_effect *e)
{
	uint32_t ns;
	const struct ir_edge *succ = ir_succs(fn, node, &ns);
	uint64_t out = 0;

	for (uint32_t k = 0; k < ns; k++)
		out |= L->live_in[succ[k].to];
	out = e->reads | (out & ~e->kills);
	if (out == L->live_in[node])
		return false;
	L->live_in[node] = out;
	return true;
}

/* update_node() for ir_flow_solve(). */
struct solve_ctx {
	struct reg_liveness *L;
	const struct ir_function *fn;
	const struct reg_effect *effect;
};

static bool update_one(void *ctx, uint32_t node)
{
	struct solve_ctx *c = ctx;

	return update_node(c->L, c->fn, node, &c->effect[node]);
}

void reg_liveness_compute(struct reg_liveness *L, const struct engine_config *cfg,
			  const struct ir_function *fn, const struct ir_flow *flow, const bool *inert)
{
	struct reg_effect *effect = xcalloc(fn->nodes.n ? fn->nodes.n : 1, sizeof(*effect));

	L->live_in = xcalloc(fn->nodes.n ? fn->nodes.n : 1, sizeof(*L->live_in));
	for (uint32_t i = 0; i < fn->nodes.n; i++) {
		if (inert && inert[i])
			continue;
		for (int slot = 0; slot < cfg->nmodels; slot++)
			add_node(&effect[i], cfg, &cfg->rules->models.v[cfg->models[slot]], slot,
				 &fn->nodes.v[i]);
	}
	struct solve_ctx c = { L, fn, effect };
	ir_flow_solve(flow, update_one, &c);	/* the least fixpoint */
	free(effect);
}

void reg_liveness_free(struct reg_liveness *L)
{
	free(L->live_in);
	L->live_in = NULL;
}
