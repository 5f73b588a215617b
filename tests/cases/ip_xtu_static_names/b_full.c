/*
 * b_full.c has its own static write_reg, a full write: static functions of
 * the same name in different files never resolve to each other.
 */
#include "common.h"

static void write_reg(struct foo_dev *d, u32 v)
{
	writel(v, d->regs);
}

void b_kick(struct foo_dev *d, u32 v)
{
	spin_lock(&d->lock);
	write_reg(d, v);
	spin_unlock(&d->lock);
}
