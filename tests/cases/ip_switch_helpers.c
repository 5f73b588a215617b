/*
 * A switch picking one of several write helpers: only the relaxed arm
 * leaves the section unordered.
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

static void w_full(struct foo_dev *d, u32 v) { writel(v, d->regs); }
static void w_relaxed(struct foo_dev *d, u32 v) { writel_relaxed(v, d->regs + 4); }
static void w_port(struct foo_dev *d, u32 v) { (void)d; outl(v, 0x3f8); }

void foo_set(struct foo_dev *d, int how, u32 v)
{
	spin_lock(&d->lock);
	switch (how) {
	case 0:
		w_full(d, v);
		break;
	case 1:
		w_relaxed(d, v); /* expect: MMIO001@contract */
		break;
	default:
		w_port(d, v);
		break;
	}
	spin_unlock(&d->lock);
}
