/*
 * Correlated conditional locking around writel(); mmiowb().
 * shared path: hooked lock held, the writel would be ordered by the unlock
 *   (contract: covered; ppc64-legacy: io_sync) -> MMIO003.
 * !shared path: no lock held, none released earlier -> MMIO004 (note).
 * Both are reported on the mmiowb() line, under both models.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_DB		0x40

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
	bool shared;
};

void foo_doorbell(struct foo_priv *priv, u32 tail)
{
	if (priv->shared)
		spin_lock(&priv->lock);
	writel(tail, priv->regs + FOO_DB);
	mmiowb(); /* expect: MMIO003 MMIO004 */
	if (priv->shared)
		spin_unlock(&priv->lock);
}
