/*
 * Scope-based lock guards (include/linux/cleanup.h, Linux >= 6.5): the
 * guard's release happens at the end of its scope on every path, so a
 * relaxed write last before the closing brace, before an early return, or
 * before a goto out of a scoped_guard leaves the section unordered under
 * contract, and a full write last is ordered.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/cleanup.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/io.h>

struct foo_dev {
	void __iomem *regs;
	spinlock_t lock;
	struct mutex cfg_mutex;
	int state;
};

void foo_guard_relaxed(struct foo_dev *dev, u32 v)
{
	guard(spinlock_irqsave)(&dev->lock);
	writel(v, dev->regs + 0x0);
	writel_relaxed(v, dev->regs + 0x4); /* expect: MMIO001@contract */
}

int foo_guard_early_return(struct foo_dev *dev, u32 v)
{
	guard(spinlock)(&dev->lock);
	if (dev->state < 0) {
		__raw_writel(0, dev->regs + 0x8); /* expect: MMIO001 */
		return -EIO;
	}
	writel(v, dev->regs + 0x8);
	return 0;
}

int foo_scoped(struct foo_dev *dev, u32 v)
{
	scoped_guard(spinlock_bh, &dev->lock) {
		if (!v)
			goto out;
		writel_relaxed(v, dev->regs + 0xc); /* expect: MMIO001@contract */
	}
	writel(1, dev->regs + 0x10);
out:
	return 0;
}

void foo_guard_mutex(struct foo_dev *dev, u32 v)
{
	guard(mutex)(&dev->cfg_mutex);
	writel(v, dev->regs + 0x20); /* expect: MMIO006 */
}
