/*
 * Register-access ops in a const table (designated initializers), called
 * through dev->ops->write(): every implementation in any table counts.
 * An ops slot no table fills is an unknown call: not reported, not assumed
 * to write.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

struct foo_dev;

struct foo_reg_ops {
	void (*write)(struct foo_dev *dev, u32 reg, u32 val);
	u32 (*read)(struct foo_dev *dev, u32 reg);
	void (*sync)(struct foo_dev *dev);
};

struct foo_dev {
	void __iomem *base;
	spinlock_t reg_lock;
	const struct foo_reg_ops *ops;
};

static void foo_mmio_write(struct foo_dev *dev, u32 reg, u32 val)
{
	iowrite32(val, dev->base + reg);
}

static void foo_mmio_write_relaxed(struct foo_dev *dev, u32 reg, u32 val)
{
	__raw_writel(val, dev->base + reg);
}

static u32 foo_mmio_read(struct foo_dev *dev, u32 reg)
{
	return ioread32(dev->base + reg);
}

static const struct foo_reg_ops foo_ops_v1 = {
	.write = foo_mmio_write,
	.read = foo_mmio_read,
};

static const struct foo_reg_ops foo_ops_v2 = {
	.write = foo_mmio_write_relaxed,
	.read = foo_mmio_read,
};

const struct foo_reg_ops *foo_pick_ops(int v2)
{
	return v2 ? &foo_ops_v2 : &foo_ops_v1;
}

void foo_set_irq_mask(struct foo_dev *dev, u32 mask)
{
	unsigned long flags;

	spin_lock_irqsave(&dev->reg_lock, flags);
	dev->ops->write(dev, 0x24, mask); /* expect: MMIO001 */
	spin_unlock_irqrestore(&dev->reg_lock, flags);
}

void foo_sync_unknown(struct foo_dev *dev)
{
	spin_lock(&dev->reg_lock);
	dev->ops->sync(dev);
	spin_unlock(&dev->reg_lock);
}
