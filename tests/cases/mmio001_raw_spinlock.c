/*
 * raw_spinlock_t sections are hooked like spinlock_t.
 * foo_raw_kick: relaxed last -> MMIO001@contract; ppc64-legacy ordered.
 * foo_raw_kick_full: writel -> ordered under both.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_KICK	0x50

struct foo_priv {
	void __iomem *regs;
	raw_spinlock_t hw_lock;
};

void foo_raw_kick(struct foo_priv *priv, u32 val)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&priv->hw_lock, flags);
	writel_relaxed(val, priv->regs + FOO_KICK); /* expect: MMIO001@contract */
	raw_spin_unlock_irqrestore(&priv->hw_lock, flags);
}

void foo_raw_kick_full(struct foo_priv *priv, u32 val)
{
	raw_spin_lock(&priv->hw_lock);
	writel(val, priv->regs + FOO_KICK);
	raw_spin_unlock(&priv->hw_lock);
}
