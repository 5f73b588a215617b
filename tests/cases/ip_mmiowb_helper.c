/*
 * mmiowb() inside a helper: judged where the helper is called.  Called
 * after the unlock it orders nothing (MMIO004 on the call line); called
 * inside the section it is not stray.
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
	mmiowb();
}

void foo_late_sync(struct foo_dev *dev, u32 v)
{
	spin_lock(&dev->lock);
	writel(v, dev->regs);
	spin_unlock(&dev->lock);
	foo_sync(dev); /* expect: MMIO004 */
}

void foo_good_sync(struct foo_dev *dev, u32 v)
{
	spin_lock(&dev->lock);
	writel_relaxed(v, dev->regs);
	foo_sync(dev);
	spin_unlock(&dev->lock);
}
