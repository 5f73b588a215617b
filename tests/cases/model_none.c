/*
 * none (x86, arm64, !SMP): the hardware orders every MMIO write, so no
 * MMIO001/MMIO006 under it; MMIO004 is reported under every model.
 * foo_spin_relaxed: contract -> MMIO001@contract.
 * foo_mutex_full: contract -> MMIO006@contract.
 * foo_late_mmiowb: mmiowb() after the unlock -> MMIO004 under both.
 */
/* models: none,contract */
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

void foo_mutex_full(struct foo_priv *priv, u32 v)
{
	mutex_lock(&priv->mutex);
	writel(v, priv->regs + FOO_DB); /* expect: MMIO006@contract */
	mutex_unlock(&priv->mutex);
}

void foo_late_mmiowb(struct foo_priv *priv, u32 v)
{
	spin_lock(&priv->lock);
	writel(v, priv->regs + FOO_DB);
	spin_unlock(&priv->lock);
	mmiowb(); /* expect: MMIO004 */
}
