/*
 * The 2019 RFC machine on the nested example and on a relaxed doorbell.
 * foo_nested: rfc2019 clears pending only on the outermost acquire, so the
 *   inner unlock sees pending and issues the barrier -> ordered; generic the
 *   same; ppc64-legacy loses the flag -> MMIO002@ppc64-legacy.
 * foo_relaxed: relaxed sets no pending under rfc2019 / generic -> MMIO001;
 *   ppc64-legacy: ordered.
 */
/* models: rfc2019,generic,ppc64-legacy */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_DB		0x40

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
	spinlock_t stats_lock;
	u64 kicks;
};

void foo_nested(struct foo_priv *priv, u32 tail)
{
	spin_lock(&priv->lock);
	writel(tail, priv->regs + FOO_DB); /* expect: MMIO002@ppc64-legacy */
	spin_lock(&priv->stats_lock);
	priv->kicks++;
	spin_unlock(&priv->stats_lock);
	spin_unlock(&priv->lock);
}

void foo_relaxed(struct foo_priv *priv, u32 tail)
{
	spin_lock(&priv->lock);
	writel_relaxed(tail, priv->regs + FOO_DB); /* expect: MMIO001@rfc2019,generic */
	spin_unlock(&priv->lock);
}
