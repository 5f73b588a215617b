/*
 * One mmiowb() reached on two paths: MMIO003 only if it is redundant on
 * every path.
 * contract: on the relaxed path it is needed -> no MMIO003@contract.
 * ppc64-legacy: both writes set io_sync -> redundant on both -> MMIO003.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_DB		0x40

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
	bool posted;
};

void foo_doorbell(struct foo_priv *priv, u32 tail)
{
	spin_lock(&priv->lock);
	if (priv->posted)
		writel_relaxed(tail, priv->regs + FOO_DB);
	else
		writel(tail, priv->regs + FOO_DB);
	mmiowb(); /* expect: MMIO003@ppc64-legacy */
	spin_unlock(&priv->lock);
}
