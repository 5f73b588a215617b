/*
 * A 5.2+ driver without mmiowb() judged under the pre-5.2 explicit model:
 * explicit: writel is not ordered by the unlock -> MMIO001@explicit.
 * contract: writel covered -> ordered.  unconditional: barrier at unlock.
 */
/* models: contract,unconditional,explicit */
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
}
