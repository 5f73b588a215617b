/*
 * A trylock attempt as the inner lock, both outcomes.
 * ppc64-legacy: writel sets io_sync; the spin_trylock() ATTEMPT clears it,
 *   success or not; neither the inner nor the outer unlock syncs -> the
 *   doorbell escapes priv->lock on both paths, and generic orders it (inner
 *   release on success, outer release on failure) -> MMIO002@ppc64-legacy.
 * generic: success: nesting 2, inner unlock sees pending -> barrier;
 *   failure: outer unlock sees pending -> barrier.  contract: covered.
 */
/* models: contract,generic,ppc64-legacy */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_DB		0x40

struct foo_stats {
	u64 doorbells;
};

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
	spinlock_t stats_lock;
	struct foo_stats stats;
};

void foo_ring(struct foo_priv *priv, u32 tail)
{
	spin_lock(&priv->lock);
	writel(tail, priv->regs + FOO_DB); /* expect: MMIO002@ppc64-legacy */
	if (spin_trylock(&priv->stats_lock)) {
		priv->stats.doorbells++;
		spin_unlock(&priv->stats_lock);
	}
	spin_unlock(&priv->lock);
}
