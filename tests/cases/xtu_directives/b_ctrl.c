/*
 * b_ctrl.c: nested lock after a full write: contract and generic both order
 * it (inner spinlock release) -> no finding; the nested example only matters
 * to ppc64-legacy, which this case does not run.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

struct bar_ctrl {
	void __iomem *regs;
	spinlock_t lock;
	spinlock_t stats_lock;
	u64 n;
};

void bar_ctrl_go(struct bar_ctrl *c, u32 v)
{
	spin_lock(&c->lock);
	writel(v, c->regs);
	spin_lock(&c->stats_lock);
	c->n++;
	spin_unlock(&c->stats_lock);
	spin_unlock(&c->lock);
}
