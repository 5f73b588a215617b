/*
 * mmiowb() after a relaxed write.
 * unconditional: every spinlock release issues the barrier -> redundant ->
 *   MMIO003@unconditional.
 * explicit / contract: without it the relaxed write escapes -> needed.
 */
/* models: contract,unconditional,explicit */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_DB		0x40

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
};

void foo_doorbell(struct foo_priv *priv, u32 tail)
{
	spin_lock(&priv->lock);
	writel_relaxed(tail, priv->regs + FOO_DB);
	mmiowb(); /* expect: MMIO003@unconditional */
	spin_unlock(&priv->lock);
}
