/*
 * On powerpc64 every readX()/inX() (and readX_relaxed(), which is readX()
 * there) begins with a sync (DEF_MMIO_IN_X: "sync; lwz; twi; isync"),
 * before and after 5.2: a read after the write orders it whatever the
 * device, so a nested lock before the read cannot leave it unordered.
 * From hfi1's read_mod_write() under dd->uctxt_lock (chip.c): inner
 * irq_src_lock, read_csr(), write_csr().  __raw_readl() has no sync and
 * orders only its own device (flush), so the last function keeps its
 * MMIO002.
 */
/* models: contract,generic,ppc64-legacy,powerpc64 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

struct foo_dev {
	void __iomem *regs;
	void __iomem *mask_regs;
	spinlock_t lock;
	spinlock_t src_lock;
};

static void foo_mask_update(struct foo_dev *dev, u32 bits)
{
	unsigned long flags;
	u32 reg;

	spin_lock_irqsave(&dev->src_lock, flags);
	reg = readl(dev->mask_regs + 0x10);
	writel(reg | bits, dev->mask_regs + 0x10);
	spin_unlock_irqrestore(&dev->src_lock, flags);
}

void foo_rcvctrl(struct foo_dev *dev, u32 v)
{
	spin_lock(&dev->lock);
	writel(v, dev->regs + 0x8);
	foo_mask_update(dev, 4);
	spin_unlock(&dev->lock);
}

void foo_nested_then_read(struct foo_dev *dev, u32 v)
{
	spin_lock(&dev->lock);
	writel(v, dev->regs + 0x8);
	spin_lock(&dev->src_lock);
	spin_unlock(&dev->src_lock);
	(void)readl_relaxed(dev->mask_regs + 0x14);
	spin_unlock(&dev->lock);
}

void foo_nested_then_raw_read(struct foo_dev *dev, u32 v)
{
	spin_lock(&dev->lock);
	writel(v, dev->regs + 0x8); /* expect: MMIO002@ppc64-legacy */
	spin_lock(&dev->src_lock);
	spin_unlock(&dev->src_lock);
	(void)__raw_readl(dev->mask_regs + 0x14);
	spin_unlock(&dev->lock);
}
