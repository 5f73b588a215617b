/*
 * MMIO007 (note): a function that returns with the lock held on one path
 * and released on another, when its return value does not tell which.  A
 * consistent lock helper, a function that releases on every path, and a
 * conditional acquire whose value tells (0 with the lock held, -EBUSY
 * without: callers test it) are not reported.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/spinlock.h>
#include <linux/io.h>

struct foo_dev {
	void __iomem *regs;
	spinlock_t lock;
	int busy;
};

int foo_claim(struct foo_dev *dev)
{
	spin_lock(&dev->lock);
	if (dev->busy) {
		spin_unlock(&dev->lock);
		return -EBUSY;
	}
	dev->busy = 1;
	return 0;
}

int foo_claim_quiet(struct foo_dev *dev)
{
	spin_lock(&dev->lock);
	if (dev->busy) {
		spin_unlock(&dev->lock);
		return 0;
	}
	dev->busy = 1;
	return 0; /* expect: MMIO007 */
}

static void foo_hw_lock(struct foo_dev *dev)
{
	spin_lock(&dev->lock);
}

int foo_reset(struct foo_dev *dev)
{
	foo_hw_lock(dev);
	if (dev->busy) {
		spin_unlock(&dev->lock);
		return -EBUSY;
	}
	writel(1, dev->regs);
	spin_unlock(&dev->lock);
	return 0;
}
