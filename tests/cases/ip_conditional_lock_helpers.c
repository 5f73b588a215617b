/*
 * "if (need_lock) foo_lock(d); ... if (need_lock) foo_unlock(d);": the
 * caller's pure condition is correlated across the two tests, even though
 * the lock operations are in helpers, so there is no path that unlocks
 * without locking (no MMIO007) and the relaxed write is reported once.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

struct foo_dev {
	void __iomem *regs;
	spinlock_t lock;
};

static void foo_lock(struct foo_dev *d)
{
	spin_lock(&d->lock);
}

static void foo_unlock(struct foo_dev *d)
{
	spin_unlock(&d->lock);
}

void foo_maybe(struct foo_dev *d, int need_lock, u32 v)
{
	if (need_lock)
		foo_lock(d);
	writel_relaxed(v, d->regs); /* expect: MMIO001@contract */
	if (need_lock)
		foo_unlock(d);
}
