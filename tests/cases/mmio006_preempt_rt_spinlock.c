/*
 * --preempt-rt: spinlock_t is an rt_mutex without the hook; raw_spinlock_t
 * stays hooked.
 * foo_rt_kick (spin_lock): unhooked -> MMIO006 (contract, ppc64-legacy).
 * foo_rt_kick_irqsave (spin_lock_irqsave): same -> MMIO006.
 * foo_raw_kick (raw_spin_lock + writel): hooked, ordered -> no finding.
 * foo_raw_kick_relaxed (raw + writel_relaxed): MMIO001@contract;
 *   ppc64-legacy: relaxed sets io_sync -> ordered.
 */
/* args: --preempt-rt */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_KICK	0x50

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
	raw_spinlock_t hw_lock;
};

void foo_rt_kick(struct foo_priv *priv, u32 val)
{
	spin_lock(&priv->lock);
	writel(val, priv->regs + FOO_KICK); /* expect: MMIO006 */
	spin_unlock(&priv->lock);
}

void foo_rt_kick_irqsave(struct foo_priv *priv, u32 val)
{
	unsigned long flags;

	spin_lock_irqsave(&priv->lock, flags);
	writel(val, priv->regs + FOO_KICK); /* expect: MMIO006 */
	spin_unlock_irqrestore(&priv->lock, flags);
}

void foo_raw_kick(struct foo_priv *priv, u32 val)
{
	raw_spin_lock(&priv->hw_lock);
	writel(val, priv->regs + FOO_KICK);
	raw_spin_unlock(&priv->hw_lock);
}

void foo_raw_kick_relaxed(struct foo_priv *priv, u32 val)
{
	raw_spin_lock(&priv->hw_lock);
	writel_relaxed(val, priv->regs + FOO_KICK); /* expect: MMIO001@contract */
	raw_spin_unlock(&priv->hw_lock);
}
