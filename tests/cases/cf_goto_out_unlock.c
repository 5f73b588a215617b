/*
 * goto out_unlock chain; the relaxed doorbell is reached on one path only.
 * Paths (contract): !up -> no write; writel CTRL then -EIO goto -> CTRL
 *   covered, ordered; writel CTRL, writel_relaxed DB (same device, after the
 *   covering writel) -> DB escapes -> MMIO001@contract on the DB line.
 * ppc64-legacy: every path with a write has io_sync set -> ordered.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_CTRL	0x00
#define FOO_DB		0x40
#define FOO_CTRL_RUN	0x1

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
	bool up;
	bool broken;
};

int foo_ring_doorbell(struct foo_priv *priv, u32 tail)
{
	unsigned long flags;
	int ret = 0;

	spin_lock_irqsave(&priv->lock, flags);
	if (!priv->up) {
		ret = -ENODEV;
		goto out_unlock;
	}
	writel(FOO_CTRL_RUN, priv->regs + FOO_CTRL);
	if (priv->broken) {
		ret = -EIO;
		goto out_unlock;
	}
	writel_relaxed(tail, priv->regs + FOO_DB); /* expect: MMIO001@contract */
out_unlock:
	spin_unlock_irqrestore(&priv->lock, flags);
	return ret;
}
