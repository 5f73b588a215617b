/*
 * mmiowb() inside a static helper: judged once, at its own line, over the
 * calls that reach it.  Called after the unlock it orders nothing (MMIO004
 * on the mmiowb() line, foo_late_sync() in the trace); called inside the
 * section it is not stray; since not every caller holds the lock, it is
 * not MMIO003 either.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

struct foo_dev {
	void __iomem *regs;
	spinlock_t lock;
};

static void foo_sync(struct foo_dev *dev)
{
	(void)dev;
	mmiowb(); /* expect: MMIO004 */
}

void foo_late_sync(struct foo_dev *dev, u32 v)
{
	spin_lock(&dev->lock);
	writel(v, dev->regs);
	spin_unlock(&dev->lock);
	foo_sync(dev);
}

void foo_good_sync(struct foo_dev *dev, u32 v)
{
	spin_lock(&dev->lock);
	writel_relaxed(v, dev->regs);
	foo_sync(dev);
	spin_unlock(&dev->lock);
}
