/*
 * The write is inside the inner section: ppc64-legacy clears io_sync at both
 * acquires, the write sets it, the inner unlock syncs.  generic: inner unlock
 * sees pending.  contract: covered.  No finding.
 */
/* models: contract,generic,ppc64-legacy */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_PHY_DATA	0x34

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
	spinlock_t phy_lock;
};

void foo_phy_write(struct foo_priv *priv, u32 val)
{
	spin_lock(&priv->lock);
	spin_lock(&priv->phy_lock);
	writel(val, priv->regs + FOO_PHY_DATA);
	spin_unlock(&priv->phy_lock);
	spin_unlock(&priv->lock);
}
