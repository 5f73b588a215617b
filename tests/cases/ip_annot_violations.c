/*
 * Annotations that the body breaks: a __must_hold() function that drops the
 * caller's lock and returns without it, and a __releases() function with a
 * path that keeps it.  Each is an MMIO007 note on the offending return;
 * their unannotated caller inherits the imbalance (held after foo_finish's
 * early return, released on the others): a note on its implicit return.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/spinlock.h>
#include <linux/io.h>

struct foo_dev {
	void __iomem *regs;
	spinlock_t lock;
	int err;
};

static int foo_drop(struct foo_dev *dev)
	__must_hold(&dev->lock)
{
	if (dev->err) {
		spin_unlock(&dev->lock);
		return -EIO; /* expect: MMIO007 */
	}
	writel(1, dev->regs);
	return 0;
}

static void foo_finish(struct foo_dev *dev)
	__releases(&dev->lock)
{
	writel(2, dev->regs);
	if (dev->err)
		return; /* expect: MMIO007 */
	spin_unlock(&dev->lock);
}

void foo_run(struct foo_dev *dev)
{
	spin_lock(&dev->lock);
	if (foo_drop(dev))
		return;
	foo_finish(dev);
} /* expect: MMIO007 */
