/*
 * Lock helpers that pass the irq flags by pointer
 * (foo_lock_irqsave(dev, &flags)): the section between them is judged.
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

static void foo_lock_irqsave(struct foo_dev *dev, unsigned long *flags)
{
	spin_lock_irqsave(&dev->lock, *flags);
}

static void foo_unlock_irqrestore(struct foo_dev *dev, unsigned long *flags)
{
	spin_unlock_irqrestore(&dev->lock, *flags);
}

void foo_mask(struct foo_dev *dev, u32 mask)
{
	unsigned long flags;

	foo_lock_irqsave(dev, &flags);
	__raw_writel(mask, dev->regs + 0x44); /* expect: MMIO001 */
	foo_unlock_irqrestore(dev, &flags);
}
