/*
 * trylock inside && and || conditions.
 * foo_kick_if_up: `up && spin_trylock()`: if up is false no attempt and no
 *   lock; on success relaxed write then unlock -> MMIO001@contract.
 * foo_kick_or_bail: `!up || !spin_trylock()` returns; otherwise lock held,
 *   relaxed write -> MMIO001@contract.
 * ppc64-legacy: relaxed sets io_sync after the attempt -> ordered.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_DB		0x40

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
	bool up;
};

void foo_kick_if_up(struct foo_priv *priv, u32 tail)
{
	if (priv->up && spin_trylock(&priv->lock)) {
		writel_relaxed(tail, priv->regs + FOO_DB); /* expect: MMIO001@contract */
		spin_unlock(&priv->lock);
	}
}

int foo_kick_or_bail(struct foo_priv *priv, u32 tail)
{
	if (!priv->up || !spin_trylock(&priv->lock))
		return -EBUSY;
	writel_relaxed(tail, priv->regs + FOO_DB); /* expect: MMIO001@contract */
	spin_unlock(&priv->lock);
	return 0;
}
