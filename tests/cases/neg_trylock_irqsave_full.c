/*
 * spin_trylock_irqsave() with a writel doorbell: ordered by contract (full,
 * covered) and ppc64-legacy (attempt clears io_sync, writel sets it).
 * No finding.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_DB		0x40

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
};

int foo_try_doorbell(struct foo_priv *priv, u32 tail)
{
	unsigned long flags;

	if (!spin_trylock_irqsave(&priv->lock, flags))
		return -EBUSY;
	writel(tail, priv->regs + FOO_DB);
	spin_unlock_irqrestore(&priv->lock, flags);
	return 0;
}
