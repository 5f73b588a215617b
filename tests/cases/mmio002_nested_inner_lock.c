/*
 * DESIGN section 1: spin_lock(a); writel(); spin_lock(b); spin_unlock(b);
 * spin_unlock(a).
 * ppc64-legacy: a clears io_sync, writel sets it, b's acquire clears it, no
 *   unlock syncs -> the write escapes a; generic orders it -> MMIO002.
 * generic / powerpc64: nesting 2 at b, b's unlock sees pending -> barrier.
 * rfc2019: pending cleared only on the outermost acquire -> b's unlock syncs.
 * contract: covered full write, ordered by the next spinlock release.
 */
/* models: contract,generic,rfc2019,ppc64-legacy,powerpc64 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_TX_DB	0x40

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
	spinlock_t stats_lock;
	u64 tx_kicks;
};

void foo_ring_doorbell(struct foo_priv *priv, u32 tail)
{
	spin_lock(&priv->lock);
	writel(tail, priv->regs + FOO_TX_DB); /* expect: MMIO002@ppc64-legacy */
	spin_lock(&priv->stats_lock);
	priv->tx_kicks++;
	spin_unlock(&priv->stats_lock);
	spin_unlock(&priv->lock);
}
