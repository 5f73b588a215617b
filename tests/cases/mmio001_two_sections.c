/*
 * Two sections of the same lock in one function: each release is judged on
 * its own.  First: relaxed mask write -> MMIO001@contract (ppc64-legacy:
 * relaxed sets io_sync, ordered).  Second: writel -> ordered everywhere.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_IRQ_MASK	0x30
#define FOO_CTRL	0x00

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
	u32 mask;
};

void foo_reconfigure(struct foo_priv *priv, u32 mask, u32 ctrl)
{
	spin_lock(&priv->lock);
	priv->mask = mask;
	writel_relaxed(mask, priv->regs + FOO_IRQ_MASK); /* expect: MMIO001@contract */
	spin_unlock(&priv->lock);

	spin_lock(&priv->lock);
	writel(ctrl, priv->regs + FOO_CTRL);
	spin_unlock(&priv->lock);
}
