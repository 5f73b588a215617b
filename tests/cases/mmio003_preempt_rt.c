/*
 * --preempt-rt: only raw_spinlock_t is hooked.
 * foo_raw_kick: raw lock, writel, mmiowb -> redundant -> MMIO003 (both models).
 * foo_rt_kick: spinlock_t is an rt_mutex: a lock is held (no MMIO004) but it
 *   is not hooked (no MMIO003); the mmiowb() orders the writel -> no MMIO006.
 */
/* args: --preempt-rt */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_KICK	0x50

struct foo_priv {
	void __iomem *regs;
	raw_spinlock_t hw_lock;
	spinlock_t lock;
};

void foo_raw_kick(struct foo_priv *priv, u32 val)
{
	raw_spin_lock(&priv->hw_lock);
	writel(val, priv->regs + FOO_KICK);
	mmiowb(); /* expect: MMIO003 */
	raw_spin_unlock(&priv->hw_lock);
}

void foo_rt_kick(struct foo_priv *priv, u32 val)
{
	spin_lock(&priv->lock);
	writel(val, priv->regs + FOO_KICK);
	mmiowb();
	spin_unlock(&priv->lock);
}
