/*
 * The inner trylock fails and the function bails out through the outer
 * unlock; on success the inner section writes nothing.
 * ppc64-legacy: CMD sets io_sync, the attempt clears it; on both paths no
 *   later write sets it -> CMD escapes priv->lock; generic orders it (outer
 *   unlock on failure, inner unlock on success) -> MMIO002@ppc64-legacy.
 * generic / contract: ordered.
 */
/* models: contract,generic,ppc64-legacy */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_CMD		0x00

struct foo_hw {
	spinlock_t lock;
	u32 owner;
};

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
	struct foo_hw *hw;
	u32 id;
};

int foo_claim_hw(struct foo_priv *priv, u32 cmd)
{
	unsigned long flags;

	spin_lock_irqsave(&priv->lock, flags);
	writel(cmd, priv->regs + FOO_CMD); /* expect: MMIO002@ppc64-legacy */
	if (!spin_trylock(&priv->hw->lock)) {
		spin_unlock_irqrestore(&priv->lock, flags);
		return -EAGAIN;
	}
	priv->hw->owner = priv->id;
	spin_unlock(&priv->hw->lock);
	spin_unlock_irqrestore(&priv->lock, flags);
	return 0;
}
