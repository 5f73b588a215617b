/*
 * A backwards goto retry loop with udelay() and a status read.  The only
 * write is writel -> ordered by contract and ppc64-legacy; the busy path
 * releases without writing.  No finding.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <linux/delay.h>

#define FOO_STATUS	0x08
#define FOO_CMD		0x00
#define FOO_BUSY	0x1

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
};

int foo_send_cmd(struct foo_priv *priv, u32 cmd)
{
	int tries = 100;

retry:
	spin_lock(&priv->lock);
	if (readl(priv->regs + FOO_STATUS) & FOO_BUSY) {
		spin_unlock(&priv->lock);
		udelay(10);
		if (--tries)
			goto retry;
		return -ETIMEDOUT;
	}
	writel(cmd, priv->regs + FOO_CMD);
	spin_unlock(&priv->lock);
	return 0;
}
