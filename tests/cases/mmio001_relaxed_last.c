/*
 * A doorbell written only with relaxed accessors inside a spinlock section.
 * contract: writel_relaxed() is never ordered by spin_unlock() -> both writes
 *   escape; one finding at the last escaping write (the doorbell).
 * generic: relaxed writes do not set pending -> no barrier at unlock -> same.
 * ppc64-legacy: writeX_relaxed is writeX there, sets io_sync -> sync at unlock.
 */
/* models: contract,generic,ppc64-legacy */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_TX_DESC	0x10
#define FOO_TX_DB	0x40

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
	u32 tail;
};

void foo_ring_doorbell(struct foo_priv *priv, u32 desc, u32 tail)
{
	unsigned long flags;

	spin_lock_irqsave(&priv->lock, flags);
	writel_relaxed(desc, priv->regs + FOO_TX_DESC);
	writel_relaxed(tail, priv->regs + FOO_TX_DB); /* expect: MMIO001@contract,generic */
	priv->tail = tail;
	spin_unlock_irqrestore(&priv->lock, flags);
}
