/*
 * A helper whose mmiowb() orders the caller's relaxed write before the
 * unlock: no MMIO001; the static helper's mmiowb() is judged once at its
 * own line over its callers: inside the section, so not stray; needed under
 * contract (the release does not order a relaxed write), redundant under
 * ppc64-legacy, where writel_relaxed() is writel() and the release orders
 * it (MMIO003 there, with its fix-it in the helper).
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
	mmiowb(); /* expect: MMIO003@ppc64-legacy */
}

void foo_tx(struct foo_dev *dev, u32 v)
{
	spin_lock(&dev->lock);
	writel_relaxed(v, dev->regs + 0x20);
	foo_order(dev);
	spin_unlock(&dev->lock);
}
