/*
 * An mmiowb() that old powerpc needed: after a nested lock, before the outer
 * unlock.
 * ppc64-legacy: the inner acquire cleared io_sync; without the mmiowb() the
 *   write would escape -> needed -> no MMIO003 (and no MMIO002: it is ordered).
 * generic: the inner unlock already issued the barrier -> redundant -> MMIO003.
 * contract: the inner spinlock release orders the covered writel -> MMIO003.
 */
/* models: contract,generic,ppc64-legacy */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_TX_DB	0x40

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
	spinlock_t stats_lock;
	u64 kicks;
};

void foo_ring_doorbell(struct foo_priv *priv, u32 tail)
{
	spin_lock(&priv->lock);
	writel(tail, priv->regs + FOO_TX_DB);
	spin_lock(&priv->stats_lock);
	priv->kicks++;
	spin_unlock(&priv->stats_lock);
	mmiowb(); /* expect: MMIO003@contract,generic */
	spin_unlock(&priv->lock);
}
