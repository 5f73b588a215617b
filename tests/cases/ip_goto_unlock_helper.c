/*
 * Error paths through goto into a shared unlock label, with the register
 * write done by a helper on one path: the helper's relaxed write is the
 * last write on that path.
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
	int state;
};

static void foo_abort_hw(struct foo_dev *d)
{
	writel_relaxed(0, d->regs + 0x60);
}

int foo_start(struct foo_dev *d)
{
	int ret = 0;

	spin_lock(&d->lock);
	if (d->state < 0) {
		foo_abort_hw(d); /* expect: MMIO001@contract */
		ret = -EIO;
		goto out_unlock;
	}
	writel(1, d->regs + 0x64);
out_unlock:
	spin_unlock(&d->lock);
	return ret;
}
