/*
 * A helper that reads the register back after a relaxed write flushes it
 * to the device: ordered before the caller's unlock under every model,
 * explicit included.  Without the read back, explicit wants mmiowb().
 */
/* models: contract,explicit */
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

static void foo_write_flush(struct foo_dev *dev, u32 v)
{
	writel_relaxed(v, dev->regs + 0x10);
	readl(dev->regs + 0x10);
}

static void foo_write_noflush(struct foo_dev *dev, u32 v)
{
	writel(v, dev->regs + 0x10);
}

void foo_a(struct foo_dev *dev, u32 v)
{
	spin_lock(&dev->lock);
	foo_write_flush(dev, v);
	spin_unlock(&dev->lock);
}

void foo_b(struct foo_dev *dev, u32 v)
{
	spin_lock(&dev->lock);
	foo_write_noflush(dev, v); /* expect: MMIO001@explicit */
	spin_unlock(&dev->lock);
}
