/*
 * A register-write wrapper (the r852_write_reg / reg_write shape): the
 * relaxed write inside it is the last write of the caller's section, so the
 * caller's unlock does not order it under contract (ppc64-legacy: relaxed
 * is writel, ordered).  Reported on the caller's call line.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_DB	0x40

struct foo_dev {
	void __iomem *regs;
	spinlock_t lock;
};

static void foo_write_reg(struct foo_dev *dev, u32 reg, u32 val)
{
	writel_relaxed(val, dev->regs + reg);
}

void foo_ring(struct foo_dev *dev, u32 tail)
{
	unsigned long flags;

	spin_lock_irqsave(&dev->lock, flags);
	foo_write_reg(dev, FOO_DB, tail); /* expect: MMIO001@contract */
	spin_unlock_irqrestore(&dev->lock, flags);
}
