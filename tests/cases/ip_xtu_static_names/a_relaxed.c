/* a_relaxed.c's static write_reg is relaxed: its caller is reported. */
#include "common.h"

static void write_reg(struct foo_dev *d, u32 v)
{
	writel_relaxed(v, d->regs);
}

void a_kick(struct foo_dev *d, u32 v)
{
	spin_lock(&d->lock);
	write_reg(d, v); /* expect: MMIO001@contract */
	spin_unlock(&d->lock);
}
