/*
 * A pre-5.2 NIC transmit path: several full writes, mmiowb(), then
 * spin_unlock_irqrestore().  contract: all covered; ppc64-legacy: io_sync
 * set -> the mmiowb() is redundant under both -> MMIO003 on it.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_TXD_ADDR	0x100
#define FOO_TXD_LEN	0x104
#define FOO_TX_TAIL	0x140

struct foo_priv {
	void __iomem *regs;
	spinlock_t tx_lock;
	u32 tx_tail;
};

int foo_start_xmit(struct foo_priv *priv, u32 dma, u32 len)
{
	unsigned long flags;

	spin_lock_irqsave(&priv->tx_lock, flags);
	writel(dma, priv->regs + FOO_TXD_ADDR);
	writel(len, priv->regs + FOO_TXD_LEN);
	priv->tx_tail++;
	writel(priv->tx_tail, priv->regs + FOO_TX_TAIL);
	/* Ensure the tail write reaches the device before the next CPU's. */
	mmiowb(); /* expect: MMIO003 */
	spin_unlock_irqrestore(&priv->tx_lock, flags);
	return 0;
}
