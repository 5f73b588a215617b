/*
 * machine.c - interprets a model's programs (rules/models.json) on a path
 * state.  This is the only place model semantics are executed, and it knows
 * no model by name: generic, ppc64-legacy, contract ... are all data.
 */
#include "state.h"

#include <string.h>

#include <assert.h>

static uint8_t clamp_reg(int v)
{
	if (v < 0)
		return 0;
	if (v > MODEL_REG_MAX)
		return MODEL_REG_MAX;
	return (uint8_t)v;
}

/* Order every outstanding write in this model: a real barrier was issued. */
static void op_barrier(struct path_state *s, uint16_t bit)
{
	for (int w = 0; w < s->nwrites; w++)
		s->writes[w].unordered &= (uint16_t)~bit;
}

/* This write and earlier unordered writes to the same device will be ordered
 * by the next hooked release.  Only a write issued inside a spinlock section
 * is covered: the documented guarantee is for writes made holding the lock. */
static void op_cover_device(struct path_state *s, uint16_t bit, const struct machine_event *ev)
{
	int last = ev->write >= 0 ? ev->write : s->nwrites - 1;

	if (!ev->in_hooked_section)
		return;
	for (int w = 0; w <= last && w < s->nwrites; w++)
		if ((s->writes[w].unordered & bit) && s->writes[w].device == ev->device && ev->device)
			s->writes[w].covered |= bit;
	if (ev->write >= 0)
		s->writes[ev->write].covered |= bit;
}

/* Length of a device name's root variable ("dev" in "dev->regs"). */
static size_t root_len(const char *d)
{
	size_t n = 0;

	while (d[n] && d[n] != '-' && d[n] != '.' && d[n] != '[' && d[n] != '+' && d[n] != ' ')
		n++;
	return n;
}

/* The last member of a device name ("regview" of "bp->link_params.bp->
 * regview"), or NULL when it names no member. */
static const char *last_member(const char *d)
{
	const char *m = NULL;

	for (const char *c = d; *c; c++)
		if (*c == '.' || (c[0] == '-' && c[1] == '>'))
			m = *c == '.' ? c + 1 : c + 2;
	return m;
}

/* Do d1 and d2 name one register block: two members of it (the same
 * text up to their last '.': `ha->iobase->isp24.flash_data` and
 * `...flash_addr`, qla2xxx's struct device_reg_24xx __iomem), or the same
 * base reached two ways (`bp->regview` and `bp->link_params.bp->regview`,
 * bnx2x's back pointer)? */
static bool same_register_block(const char *d1, const char *d2)
{
	const char *m1 = strrchr(d1, '.'), *m2 = strrchr(d2, '.');

	if (m1 && m2 && m1 > d1 && m1 - d1 == m2 - d2 && !strncmp(d1, d2, (size_t)(m1 - d1)))
		return true;
	m1 = last_member(d1);
	m2 = last_member(d2);
	return m1 && m2 && *m1 && !strcmp(m1, m2);
}

/*
 * Can a read of `read` reach the device written through `write`?  The same
 * name, or names the analysis cannot tell apart: a local pointer it could
 * not follow (IR_DEVICE_UNKNOWN, `db = base + REG`), bases rooted at
 * different variables (`chan->regs` set from `dev->regs` at probe), or two
 * members of one register block.  Only two fields of one root
 * (`tp->regs`, `tp->aperegs`) are known to differ.  Crediting the
 * read-back says less, never more.
 */
static bool may_reach(const struct strpool *sp, str_id read, str_id write)
{
	if (read == write)
		return true;
	const char *r = sp ? strpool_str(sp, read) : NULL, *w = sp ? strpool_str(sp, write) : NULL;
	if (!r || !w)
		return false;
	if (r[0] == IR_DEVICE_UNKNOWN || w[0] == IR_DEVICE_UNKNOWN || same_register_block(r, w))
		return true;
	size_t n = root_len(r);
	return n != root_len(w) || strncmp(r, w, n) != 0;
}

/* A read returns only after earlier writes to the same device arrived. */
static void op_flush_device(struct path_state *s, uint16_t bit, const struct machine_event *ev)
{
	if (!ev->device)
		return;
	for (int w = 0; w < s->nwrites; w++)
		if (may_reach(ev->strings, ev->device, s->writes[w].device))
			s->writes[w].unordered &= (uint16_t)~bit;
}

static void op_order_covered(struct path_state *s, uint16_t bit)
{
	for (int w = 0; w < s->nwrites; w++)
		if (s->writes[w].covered & bit)
			s->writes[w].unordered &= (uint16_t)~bit;
}

static void assign_reg(const struct model *m, struct machine_state *ms, int reg, int value,
		       struct machine_event *ev)
{
	ms->regs[reg] = clamp_reg(value);
	if (reg == m->flag_reg) {
		/* Only a lock event that assigned the flag is ever read back (a
		 * nested acquire that reset it: flag_reset_by() in engine.c).
		 * Any other writer is kept as none, so paths that differ only
		 * in which write or release last set the flag are one state. */
		bool lock_event = ev->kind == FW_ACQUIRE || ev->kind == FW_TRYLOCK;
		ms->flag_node = lock_event ? ev->node : 0;
		ms->flag_writer = (uint8_t)(lock_event ? ev->kind : FW_NONE);
		ev->marked = true;
	}
}

void machine_run(const struct model *m, int slot, const struct model_prog *prog,
		 struct path_state *s, struct machine_event *ev)
{
	struct machine_state *ms = &s->machines[slot];
	uint16_t bit = (uint16_t)(1u << slot);

	assert(slot >= 0 && slot < ENG_MAX_MODELS);
	for (int i = 0; i < prog->n; i++) {
		const struct model_op *op = &prog->ops[i];
		int rhs;

		switch (op->kind) {
		case MOP_SET:
			rhs = op->reg2 >= 0 ? ms->regs[op->reg2] : op->value;
			assign_reg(m, ms, op->reg, rhs, ev);
			break;
		case MOP_ADD:
			assign_reg(m, ms, op->reg, ms->regs[op->reg] + op->value, ev);
			break;
		case MOP_BARRIER:
			op_barrier(s, bit);
			break;
		case MOP_COVER_DEVICE:
			op_cover_device(s, bit, ev);
			break;
		case MOP_FLUSH_DEVICE:
			op_flush_device(s, bit, ev);
			break;
		case MOP_ORDER_COVERED:
			op_order_covered(s, bit);
			break;
		case MOP_IF:
			rhs = op->reg2 >= 0 ? ms->regs[op->reg2] : op->value;
			if ((ms->regs[op->reg] != rhs) == op->cmp_ne)
				machine_run(m, slot, &op->then, s, ev);
			break;
		}
	}
}
