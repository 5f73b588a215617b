/*
 * unconditional (sh, mips, ia64 after 5.2): every spinlock release issues the
 * barrier, whatever the accessor; sleeping locks are still unhooked.
 * foo_spin_relaxed: unconditional ordered; contract -> MMIO001.
 * foo_spin_raw: unconditional ordered; contract -> MMIO001.
 * foo_mutex_full: both -> MMIO006.
 */
/* models: unconditional,contract */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/io.h>

#define FOO_DB		0x40

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
	struct mutex mutex;
};

void foo_spin_relaxed(struct foo_priv *priv, u32 v)
{
	spin_lock(&priv->lock);
	writel_relaxed(v, priv->regs + FOO_DB); /* expect: MMIO001@contract */
	spin_unlock(&priv->lock);
}

void foo_spin_raw(struct foo_priv *priv, u32 v)
{
	spin_lock(&priv->lock);
	__raw_writel(v, priv->regs + FOO_DB); /* expect: MMIO001@contract */
	spin_unlock(&priv->lock);
}

void foo_mutex_full(struct foo_priv *priv, u32 v)
{
	mutex_lock(&priv->mutex);
	writel(v, priv->regs + FOO_DB); /* expect: MMIO006 */
	mutex_unlock(&priv->mutex);
}
