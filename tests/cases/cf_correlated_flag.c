/*
 * Conditional locking correlated on the same member (priv->shared is never
 * assigned here): two paths, not four.
 * shared: lock, relaxed write, unlock -> MMIO001@contract (reported once).
 * !shared: no lock, no section.  ppc64-legacy: relaxed sets io_sync.
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
	writel_relaxed(tail, priv->regs + FOO_DB); /* expect: MMIO001@contract */
	if (priv->shared)
		spin_unlock(&priv->lock);
}
