/*
 * The explicit model (drivers before 5.2): only mmiowb(), a barrier or a read
 * from the same device orders a write.
 * foo_cmd_flush: writel then readl of the same device (priv->regs) -> the
 *   read flushes it -> ordered under explicit; covered under contract.
 * foo_cmd_other_dev: the read is from priv->status_regs, another device ->
 *   explicit: the write escapes -> MMIO001@explicit; contract: covered.
 * foo_read_then_write: a read BEFORE the write orders nothing that follows
 *   -> MMIO001@explicit; contract: covered.
 */
/* models: contract,explicit */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_CMD		0x00
#define FOO_STATUS	0x08

struct foo_priv {
	void __iomem *regs;
	void __iomem *status_regs;
	spinlock_t lock;
};

u32 foo_cmd_flush(struct foo_priv *priv, u32 cmd)
{
	u32 status;

	spin_lock(&priv->lock);
	writel(cmd, priv->regs + FOO_CMD);
	status = readl(priv->regs + FOO_STATUS);	/* posted-write flush */
	spin_unlock(&priv->lock);
	return status;
}

u32 foo_cmd_other_dev(struct foo_priv *priv, u32 cmd)
{
	u32 status;

	spin_lock(&priv->lock);
	writel(cmd, priv->regs + FOO_CMD); /* expect: MMIO001@explicit */
	status = readl(priv->status_regs + FOO_STATUS);
	spin_unlock(&priv->lock);
	return status;
}

u32 foo_read_then_write(struct foo_priv *priv, u32 cmd)
{
	u32 status;

	spin_lock(&priv->lock);
	status = readl(priv->regs + FOO_STATUS);
	writel(cmd | status, priv->regs + FOO_CMD); /* expect: MMIO001@explicit */
	spin_unlock(&priv->lock);
	return status;
}
