/*
 * The PowerPC nested-lock pattern of DESIGN 1 with the inner lock taken in
 * a helper: the writel() sets io_sync, the helper's spin_lock() clears it
 * (ppc64-legacy), so the outer unlock has nothing to order -> MMIO002 on
 * the write under ppc64-legacy; contract covers the full write.
 */
/* models: contract,ppc64-legacy */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

struct foo_dev {
	void __iomem *regs;
	spinlock_t lock;
	spinlock_t stats_lock;
	unsigned long kicks;
};

static void foo_count_kick(struct foo_dev *dev)
{
	spin_lock(&dev->stats_lock);
	dev->kicks++;
	spin_unlock(&dev->stats_lock);
}

void foo_kick(struct foo_dev *dev, u32 v)
{
	spin_lock(&dev->lock);
	writel(v, dev->regs + 0x8); /* expect: MMIO002@ppc64-legacy */
	foo_count_kick(dev);
	spin_unlock(&dev->lock);
}
