/*
 * Wrappers three levels deep (driver -> bus helper -> accessor helper ->
 * writel_relaxed) still end the section with a relaxed write; a full
 * writel() through the same depth is ordered by the unlock.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

struct foo_dev {
	void __iomem *regs;
	spinlock_t lock;
};

static inline void __foo_raw_write(void __iomem *addr, u32 val)
{
	writel_relaxed(val, addr);
}

static void foo_bus_write(struct foo_dev *dev, u32 off, u32 val)
{
	__foo_raw_write(dev->regs + off, val);
}

static void foo_write_ctrl(struct foo_dev *dev, u32 val)
{
	foo_bus_write(dev, 0x10, val);
}

static void foo_write_full(struct foo_dev *dev, u32 val)
{
	writel(val, dev->regs + 0x14);
}

static void foo_write_ctrl_full(struct foo_dev *dev, u32 val)
{
	foo_write_full(dev, val);
}

void foo_start(struct foo_dev *dev)
{
	spin_lock(&dev->lock);
	foo_write_ctrl(dev, 1); /* expect: MMIO001@contract */
	spin_unlock(&dev->lock);
}

void foo_start_full(struct foo_dev *dev)
{
	spin_lock(&dev->lock);
	foo_write_ctrl(dev, 1);
	foo_write_ctrl_full(dev, 2);
	spin_unlock(&dev->lock);
}
