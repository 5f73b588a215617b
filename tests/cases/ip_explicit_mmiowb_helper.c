/*
 * The explicit model (drivers before 5.2 on architectures that needed
 * mmiowb()): a helper's mmiowb() before the unlock orders the section; a
 * caller that skips the helper is reported.
 */
/* models: explicit */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

struct foo_dev {
	void __iomem *regs;
	spinlock_t lock;
};

static void foo_flush_posted(struct foo_dev *d)
{
	(void)d;
	mmiowb();
}

void foo_ok(struct foo_dev *d, u32 v)
{
	spin_lock(&d->lock);
	writel(v, d->regs);
	foo_flush_posted(d);
	spin_unlock(&d->lock);
}

void foo_missing(struct foo_dev *d, u32 v)
{
	spin_lock(&d->lock);
	writel(v, d->regs); /* expect: MMIO001 */
	spin_unlock(&d->lock);
}
