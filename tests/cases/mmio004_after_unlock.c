/*
 * mmiowb() after spin_unlock(): no lock held, one was released earlier on the
 * path -> MMIO004 (warning) under every model.
 * contract / ppc64-legacy: the writel was ordered by the unlock anyway.
 * explicit: the unlock orders nothing and the late mmiowb() cannot help ->
 *   MMIO001@explicit on the writel.
 */
/* models: contract,ppc64-legacy,explicit */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_TX_DB	0x40

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
};

void foo_ring_doorbell(struct foo_priv *priv, u32 tail)
{
	spin_lock(&priv->lock);
	writel(tail, priv->regs + FOO_TX_DB); /* expect: MMIO001@explicit */
	spin_unlock(&priv->lock);
	mmiowb(); /* expect: MMIO004 */
}
