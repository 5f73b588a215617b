/*
 * mmiowb() after the unlock on the error path only.
 * error path: released, then mmiowb() with no lock -> MMIO004 (warning).
 * normal path: writel then unlock -> ordered (contract, ppc64-legacy).
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_CTRL	0x00

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
	bool dead;
};

int foo_enable(struct foo_priv *priv, u32 ctrl)
{
	spin_lock(&priv->lock);
	if (priv->dead) {
		spin_unlock(&priv->lock);
		mmiowb(); /* expect: MMIO004 */
		return -ENODEV;
	}
	writel(ctrl, priv->regs + FOO_CTRL);
	spin_unlock(&priv->lock);
	return 0;
}
