/*
 * _bh and _irq spinlock variants are spinlocks: hooked like spin_lock().
 * foo_tx_kick_bh: relaxed doorbell last -> contract escapes (MMIO001);
 *   ppc64-legacy: relaxed sets io_sync -> ordered.
 * foo_tx_kick_irq: writel() -> ordered under both.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_TX_DB	0x40

struct foo_priv {
	void __iomem *regs;
	spinlock_t tx_lock;
};

void foo_tx_kick_bh(struct foo_priv *priv, u32 tail)
{
	spin_lock_bh(&priv->tx_lock);
	writel_relaxed(tail, priv->regs + FOO_TX_DB); /* expect: MMIO001@contract */
	spin_unlock_bh(&priv->tx_lock);
}

void foo_tx_kick_irq(struct foo_priv *priv, u32 tail)
{
	spin_lock_irq(&priv->tx_lock);
	writel(tail, priv->regs + FOO_TX_DB);
	spin_unlock_irq(&priv->tx_lock);
}
