/*
 * PowerPC before 5.2: a spin_trylock() attempt clears io_sync too.  The
 * attempt is in a stats helper called inside the outer section after the
 * writel() -> MMIO002 under ppc64-legacy on the write; contract covers it.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

struct foo_dev {
	void __iomem *regs;
	spinlock_t lock;
	spinlock_t stats_lock;
	unsigned long drops;
};

static void foo_count_drop(struct foo_dev *d)
{
	if (spin_trylock(&d->stats_lock)) {
		d->drops++;
		spin_unlock(&d->stats_lock);
	}
}

void foo_drop(struct foo_dev *d)
{
	spin_lock(&d->lock);
	writel(1, d->regs + 0x4); /* expect: MMIO002@ppc64-legacy */
	foo_count_drop(d);
	spin_unlock(&d->lock);
}
