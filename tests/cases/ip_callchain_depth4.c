/*
 * A call chain four levels below the section: locks and the relaxed write
 * in different levels (lock at level 1, write at level 4, unlock at level
 * 2), still one section, reported on the top-level call that contains the
 * last write.
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
};

static void l4_write(struct foo_dev *d, u32 v)
{
	writel_relaxed(v, d->regs + 0x50);
}

static void l3(struct foo_dev *d, u32 v)
{
	l4_write(d, v);
}

static void l2_unlock(struct foo_dev *d)
{
	spin_unlock(&d->lock);
}

static void l2(struct foo_dev *d, u32 v)
{
	l3(d, v);
}

static void l1_lock(struct foo_dev *d)
{
	spin_lock(&d->lock);
}

void foo_top(struct foo_dev *d, u32 v)
{
	l1_lock(d);
	l2(d, v); /* expect: MMIO001@contract */
	l2_unlock(d);
}
