/*
 * A helper whose mmiowb() orders the caller's relaxed write before the
 * unlock: no MMIO001; the helper's own mmiowb() is judged where it is
 * called (inside the section: not stray, and not reported as redundant
 * from the caller: its fix-it would be in the helper).
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/rwlock.h>
#include <linux/io.h>

struct foo_dev {
	void __iomem *regs;
	spinlock_t lock;
};

static void foo_order(struct foo_dev *dev)
{
	(void)dev;
	mmiowb();
}

void foo_tx(struct foo_dev *dev, u32 v)
{
	spin_lock(&dev->lock);
	writel_relaxed(v, dev->regs + 0x20);
	foo_order(dev);
	spin_unlock(&dev->lock);
}
