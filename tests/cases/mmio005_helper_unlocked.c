/*
 * MMIO005 through a write helper: the doorbell register is written through
 * foo_write_reg() under dev->lock by three callers, and by a third caller
 * without the lock -> reported on that caller's call line.  The skip-lock
 * path of foo_maybe_locked() is reported too.  --strict is not given, so
 * foo_hw_init() is exempt.
 */
/* rules: all */
/* args: --pedantic */	/* weak evidence by the default's bar (docs/rules/MMIO005.md) */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_DB		0x40
#define FOO_IRQ_MASK	0x44

struct foo_dev {
	void __iomem *regs;
	spinlock_t lock;
	int use_lock;
};

static void foo_write_reg(struct foo_dev *dev, u32 reg, u32 val)
{
	writel(val, dev->regs + reg);
}

void foo_ring(struct foo_dev *dev, u32 tail)
{
	spin_lock(&dev->lock);
	foo_write_reg(dev, FOO_DB, tail);
	spin_unlock(&dev->lock);
}

void foo_ring_irqsave(struct foo_dev *dev, u32 tail)
{
	unsigned long flags;

	spin_lock_irqsave(&dev->lock, flags);
	foo_write_reg(dev, FOO_DB, tail);
	foo_write_reg(dev, FOO_IRQ_MASK, 0);
	spin_unlock_irqrestore(&dev->lock, flags);
}

void foo_ring_bh(struct foo_dev *dev, u32 tail)
{
	spin_lock_bh(&dev->lock);
	foo_write_reg(dev, FOO_DB, tail);
	spin_unlock_bh(&dev->lock);
}

void foo_ring_racy(struct foo_dev *dev, u32 tail)
{
	foo_write_reg(dev, FOO_DB, tail); /* expect: MMIO005 */
}

void foo_maybe_locked(struct foo_dev *dev, u32 tail)
{
	if (dev->use_lock)
		spin_lock(&dev->lock);
	foo_write_reg(dev, FOO_DB, tail); /* expect: MMIO005 */
	if (dev->use_lock)
		spin_unlock(&dev->lock);
}

void foo_hw_init(struct foo_dev *dev)
{
	foo_write_reg(dev, FOO_DB, 0);
}
