/*
 * Under --preempt-rt spinlock_t sleeps (unhooked) but raw_spinlock_t does
 * not: a helper's write under the caller's raw spinlock is judged as a
 * spinlock section; under a spinlock_t it is MMIO006.
 */
/* args: --preempt-rt */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/rwlock.h>
#include <linux/io.h>

struct foo_dev {
	void __iomem *regs;
	raw_spinlock_t raw;
	spinlock_t lock;
};

static void foo_w(struct foo_dev *d, u32 v)
{
	writel_relaxed(v, d->regs);
}

void foo_raw(struct foo_dev *d, u32 v)
{
	raw_spin_lock(&d->raw);
	foo_w(d, v); /* expect: MMIO001@contract */
	raw_spin_unlock(&d->raw);
}

void foo_sleeping(struct foo_dev *d, u32 v)
{
	spin_lock(&d->lock);
	foo_w(d, v); /* expect: MMIO006 */
	spin_unlock(&d->lock);
}
