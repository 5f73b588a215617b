/*
 * Two full writes before the inner lock: both escape the outer lock under
 * ppc64-legacy, one finding at the last escaping write -> MMIO002 on the
 * second writel.  contract: both covered.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_ADDR	0x20
#define FOO_DATA	0x24

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
	spinlock_t log_lock;
	u32 last_addr;
};

void foo_indirect_write(struct foo_priv *priv, u32 addr, u32 val)
{
	spin_lock(&priv->lock);
	writel(addr, priv->regs + FOO_ADDR);
	writel(val, priv->regs + FOO_DATA); /* expect: MMIO002@ppc64-legacy */
	spin_lock(&priv->log_lock);
	priv->last_addr = addr;
	spin_unlock(&priv->log_lock);
	spin_unlock(&priv->lock);
}
