/*
 * Classic probe-style error chain inside a locked reconfigure.
 * Path A: relaxed CFG write, then stop path err_stop: writel(0, CTRL) to the
 *   same device covers it -> ordered (contract).
 * Path B: relaxed CFG write, enable ok -> straight to out_unlock -> CFG write
 *   escapes -> MMIO001@contract on the CFG line.
 * Path C: early -EBUSY -> nothing written.
 * ppc64-legacy: relaxed sets io_sync -> every path ordered.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_CTRL	0x00
#define FOO_CFG		0x0c

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
	bool busy;
	int (*enable)(struct foo_priv *priv);
};

int foo_reconfigure(struct foo_priv *priv, u32 cfg)
{
	int err;

	spin_lock(&priv->lock);
	if (priv->busy) {
		err = -EBUSY;
		goto out_unlock;
	}
	writel_relaxed(cfg, priv->regs + FOO_CFG); /* expect: MMIO001@contract */
	err = priv->enable(priv);
	if (err)
		goto err_stop;
	goto out_unlock;

err_stop:
	writel(0, priv->regs + FOO_CTRL);
out_unlock:
	spin_unlock(&priv->lock);
	return err;
}
