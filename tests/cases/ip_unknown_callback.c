/*
 * A callback through a function-pointer parameter with no known target is
 * an unknown call: assumed to do nothing mmiocheck tracks (counted, not
 * reported).  The relaxed write after it is still the last write.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

struct foo_dev {
	void __iomem *regs;
	spinlock_t lock;
};

void foo_with_cb(struct foo_dev *d, void (*cb)(struct foo_dev *), u32 v)
{
	spin_lock(&d->lock);
	cb(d);
	writel_relaxed(v, d->regs + 0x8); /* expect: MMIO001@contract */
	spin_unlock(&d->lock);
}
