/*
 * A helper with a whole section of its own reports it at its own line;
 * its callers, locked or not, do not repeat it.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

struct foo_dev {
	void __iomem *regs;
	spinlock_t lock;
	spinlock_t stats_lock;
};

static void foo_doorbell(struct foo_dev *dev, u32 v)
{
	spin_lock(&dev->lock);
	writel_relaxed(v, dev->regs + 0x20); /* expect: MMIO001@contract */
	spin_unlock(&dev->lock);
}

void foo_xmit(struct foo_dev *dev, u32 v)
{
	foo_doorbell(dev, v);
	foo_doorbell(dev, v + 1);
}

void foo_xmit_stats(struct foo_dev *dev, u32 v)
{
	spin_lock(&dev->stats_lock);
	foo_doorbell(dev, v);
	spin_unlock(&dev->stats_lock);
}
