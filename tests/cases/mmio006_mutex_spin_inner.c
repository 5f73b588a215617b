/*
 * A mutex around a spinlock section; the writes are issued under both.
 * foo_cfg_full: writel ordered by the spin_unlock (hooked) -> no finding, and
 *   the mutex release has nothing left to judge.
 * foo_cfg_relaxed: the relaxed write escapes the spinlock under contract ->
 *   MMIO001@contract; it was protected by a hooked lock, so the mutex release
 *   adds no MMIO006.  ppc64-legacy: relaxed sets io_sync -> ordered.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/io.h>

#define FOO_CFG		0x0c

struct foo_priv {
	void __iomem *regs;
	struct mutex cfg_mutex;
	spinlock_t reg_lock;
};

void foo_cfg_full(struct foo_priv *priv, u32 cfg)
{
	mutex_lock(&priv->cfg_mutex);
	spin_lock_irq(&priv->reg_lock);
	writel(cfg, priv->regs + FOO_CFG);
	spin_unlock_irq(&priv->reg_lock);
	mutex_unlock(&priv->cfg_mutex);
}

void foo_cfg_relaxed(struct foo_priv *priv, u32 cfg)
{
	mutex_lock(&priv->cfg_mutex);
	spin_lock_irq(&priv->reg_lock);
	writel_relaxed(cfg, priv->regs + FOO_CFG); /* expect: MMIO001@contract */
	spin_unlock_irq(&priv->reg_lock);
	mutex_unlock(&priv->cfg_mutex);
}
