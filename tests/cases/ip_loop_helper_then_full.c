/*
 * A loop of relaxed writes through a helper, then a full write of the same
 * device before the unlock: the full write orders them (contract covers
 * earlier writes to the device).  Without it, the last relaxed one is
 * reported.
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
	u32 ring[8];
};

static void foo_desc(struct foo_dev *dev, int i)
{
	writel_relaxed(dev->ring[i], dev->regs + 0x100 + 4 * i);
}

void foo_fill_ok(struct foo_dev *dev)
{
	spin_lock(&dev->lock);
	for (int i = 0; i < 8; i++)
		foo_desc(dev, i);
	writel(8, dev->regs + 0x80);
	spin_unlock(&dev->lock);
}

void foo_fill_bad(struct foo_dev *dev)
{
	spin_lock(&dev->lock);
	for (int i = 0; i < 8; i++)
		foo_desc(dev, i); /* expect: MMIO001@contract */
	spin_unlock(&dev->lock);
}
