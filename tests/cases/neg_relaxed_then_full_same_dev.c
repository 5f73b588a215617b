/*
 * Relaxed descriptor writes followed by a full writel() doorbell to the same
 * device: the documented pattern.
 * contract: the writel covers the earlier writes to priv->regs -> ordered.
 * generic: writel sets pending -> barrier.  ppc64-legacy: io_sync set.
 * No finding.
 */
/* models: contract,generic,ppc64-legacy */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_TXD_LO	0x100
#define FOO_TXD_HI	0x104
#define FOO_TX_TAIL	0x140

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
};

void foo_xmit(struct foo_priv *priv, u64 dma, u32 tail)
{
	unsigned long flags;

	spin_lock_irqsave(&priv->lock, flags);
	writel_relaxed((u32)dma, priv->regs + FOO_TXD_LO);
	writel_relaxed((u32)(dma >> 32), priv->regs + FOO_TXD_HI);
	writel(tail, priv->regs + FOO_TX_TAIL);
	spin_unlock_irqrestore(&priv->lock, flags);
}
