/*
 * Helpers under unhooked locks: a write through a helper under a write
 * lock of an rwlock and under a mutex taken by a lock helper: nothing
 * orders them at the release -> MMIO006.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/rwlock.h>
#include <linux/io.h>

struct foo_dev {
	void __iomem *regs;
	rwlock_t tbl_lock;
	struct mutex hw_mutex;
};

static void foo_reg(struct foo_dev *d, u32 off, u32 v)
{
	writel(v, d->regs + off);
}

static void foo_hw_lock(struct foo_dev *d)
{
	mutex_lock(&d->hw_mutex);
}

void foo_table(struct foo_dev *d, u32 v)
{
	write_lock(&d->tbl_lock);
	foo_reg(d, 0x70, v); /* expect: MMIO006 */
	write_unlock(&d->tbl_lock);
}

void foo_cfg(struct foo_dev *d, u32 v)
{
	foo_hw_lock(d);
	foo_reg(d, 0x74, v); /* expect: MMIO006 */
	mutex_unlock(&d->hw_mutex);
}
