/*
 * "Called with dev->lock held": the helper takes no lock, its callers do.
 * The helper's relaxed write is judged in each caller's section; the caller
 * that writes a full register after it is ordered, the one that releases
 * right after the helper is not.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

struct foo_dev {
	void __iomem *regs;
	spinlock_t lock;
};

/* Caller must hold dev->lock. */
static void foo_set_tail(struct foo_dev *dev, u32 tail)
{
	dev->regs += 0;
	writel_relaxed(tail, dev->regs + 0x30);
}

void foo_post(struct foo_dev *dev, u32 tail)
{
	spin_lock_bh(&dev->lock);
	foo_set_tail(dev, tail); /* expect: MMIO001@contract */
	spin_unlock_bh(&dev->lock);
}

void foo_post_flushed(struct foo_dev *dev, u32 tail)
{
	spin_lock_bh(&dev->lock);
	foo_set_tail(dev, tail);
	writel(1, dev->regs + 0x34);
	spin_unlock_bh(&dev->lock);
}

void foo_post_unlocked(struct foo_dev *dev, u32 tail)
{
	foo_set_tail(dev, tail);
}
