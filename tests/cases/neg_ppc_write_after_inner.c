/*
 * A full write after the inner section sets io_sync again before the outer
 * unlock -> the outer unlock syncs and orders the earlier write too.
 * No finding under contract, generic or ppc64-legacy.
 */
/* models: contract,generic,ppc64-legacy */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_ADDR	0x20
#define FOO_GO		0x28

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
	spinlock_t log_lock;
	u32 seq;
};

void foo_start(struct foo_priv *priv, u32 addr)
{
	spin_lock(&priv->lock);
	writel(addr, priv->regs + FOO_ADDR);
	spin_lock(&priv->log_lock);
	priv->seq++;
	spin_unlock(&priv->log_lock);
	writel(1, priv->regs + FOO_GO);
	spin_unlock(&priv->lock);
}
