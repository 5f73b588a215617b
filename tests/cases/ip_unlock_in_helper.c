/*
 * The caller writes and a helper unlocks ("foo_unlock_and_complete"): the
 * escape is the caller's (its write, its acquire), reported on its write;
 * the trace shows the release inside the helper.
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
	int done;
};

static void foo_unlock_and_complete(struct foo_dev *dev)
{
	dev->done = 1;
	spin_unlock(&dev->lock);
}

void foo_submit(struct foo_dev *dev, u32 v)
{
	spin_lock(&dev->lock);
	writel_relaxed(v, dev->regs + 0x30); /* expect: MMIO001@contract */
	foo_unlock_and_complete(dev);
}
