/*
 * Lock and unlock helpers (foo_lock()/foo_unlock() around the device's
 * spinlock): the section between them is judged as if the caller had
 * written spin_lock()/spin_unlock() itself.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

struct foo_dev {
	void __iomem *regs;
	spinlock_t hw_lock;
};

static void foo_lock(struct foo_dev *dev)
{
	spin_lock(&dev->hw_lock);
}

static void foo_unlock(struct foo_dev *dev)
{
	spin_unlock(&dev->hw_lock);
}

void foo_kick(struct foo_dev *dev, u32 v)
{
	foo_lock(dev);
	writel_relaxed(v, dev->regs + 0x8); /* expect: MMIO001@contract */
	foo_unlock(dev);
}

void foo_kick_ordered(struct foo_dev *dev, u32 v)
{
	foo_lock(dev);
	writel(v, dev->regs + 0x8);
	foo_unlock(dev);
}
