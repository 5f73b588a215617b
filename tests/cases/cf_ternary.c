/*
 * The accessor is chosen by a ternary.
 * strict path: writel -> ordered.  Other path: writel_relaxed last ->
 *   MMIO001@contract on its line.  ppc64-legacy: both ordered.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_DB		0x40

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
	bool strict;
};

void foo_doorbell(struct foo_priv *priv, u32 tail)
{
	spin_lock(&priv->lock);
	priv->strict ?
		writel(tail, priv->regs + FOO_DB) :
		writel_relaxed(tail, priv->regs + FOO_DB); /* expect: MMIO001@contract */
	spin_unlock(&priv->lock);
}
