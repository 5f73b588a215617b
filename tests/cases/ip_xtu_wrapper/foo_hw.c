/*
 * Cross-file wrappers: foo_hw.c defines the register helpers, foo_main.c
 * calls them under its locks.  Analyzed together, in either order.
 */
#include "foo.h"

void foo_hw_write(struct foo_dev *dev, u32 reg, u32 val)
{
	writel_relaxed(val, dev->regs + reg);
}

void foo_hw_write_ordered(struct foo_dev *dev, u32 reg, u32 val)
{
	writel(val, dev->regs + reg);
}

void foo_hw_lock(struct foo_dev *dev)
{
	spin_lock(&dev->lock);
}

void foo_hw_unlock(struct foo_dev *dev)
{
	spin_unlock(&dev->lock);
}
