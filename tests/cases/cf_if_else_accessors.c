/*
 * if/else choosing the accessor.
 * foo_set_mode: writel on both branches -> no finding.
 * foo_set_mode_fast: relaxed on the else branch, writel on the then branch ->
 *   MMIO001@contract on the relaxed line only.  ppc64-legacy: ordered.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_MODE	0x10

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
};

void foo_set_mode(struct foo_priv *priv, u32 mode, bool hi)
{
	spin_lock(&priv->lock);
	if (hi)
		writel(mode | 0x100, priv->regs + FOO_MODE);
	else
		writel(mode, priv->regs + FOO_MODE);
	spin_unlock(&priv->lock);
}

void foo_set_mode_fast(struct foo_priv *priv, u32 mode, bool hi)
{
	spin_lock(&priv->lock);
	if (hi)
		writel(mode | 0x100, priv->regs + FOO_MODE);
	else
		writel_relaxed(mode, priv->regs + FOO_MODE); /* expect: MMIO001@contract */
	spin_unlock(&priv->lock);
}
