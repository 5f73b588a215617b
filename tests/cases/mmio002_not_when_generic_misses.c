/*
 * Nested lock after a RELAXED write: MMIO002 needs the reference model
 * (generic) to order the write, and generic does not (relaxed sets no
 * pending), so every model reports plain MMIO001.
 * ppc64-legacy: relaxed sets io_sync, the inner acquire clears it -> escapes,
 *   but generic misses it too -> MMIO001.
 * generic: no pending -> no barrier -> MMIO001.  contract: not covered.
 */
/* models: contract,generic,ppc64-legacy */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_RX_HEAD	0x140

struct foo_priv {
	void __iomem *regs;
	spinlock_t rx_lock;
	spinlock_t stats_lock;
	u64 rx_updates;
};

void foo_rx_refill(struct foo_priv *priv, u32 head)
{
	spin_lock(&priv->rx_lock);
	writel_relaxed(head, priv->regs + FOO_RX_HEAD); /* expect: MMIO001 */
	spin_lock(&priv->stats_lock);
	priv->rx_updates++;
	spin_unlock(&priv->stats_lock);
	spin_unlock(&priv->rx_lock);
}
