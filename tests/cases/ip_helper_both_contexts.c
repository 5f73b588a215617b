/*
 * One helper, three callers: under a spinlock (judged there: relaxed last
 * -> MMIO001 on that call), under a mutex (MMIO006 on that call), and with
 * no lock (nothing to order; no MMIO005 either: no lock holds a majority).
 */
#include <linux/mutex.h>
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

struct foo_dev {
	void __iomem *regs;
	spinlock_t lock;
	struct mutex m;
};

static void foo_set_irq(struct foo_dev *d, u32 v)
{
	writel_relaxed(v, d->regs + 0x1c);
}

void foo_irq_atomic(struct foo_dev *d, u32 v)
{
	spin_lock(&d->lock);
	foo_set_irq(d, v); /* expect: MMIO001@contract */
	spin_unlock(&d->lock);
}

void foo_irq_sleeping(struct foo_dev *d, u32 v)
{
	mutex_lock(&d->m);
	foo_set_irq(d, v); /* expect: MMIO006 */
	mutex_unlock(&d->m);
}

void foo_irq_nolock(struct foo_dev *d, u32 v)
{
	foo_set_irq(d, v);
}
