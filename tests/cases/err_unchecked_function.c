/*
 * A function holding a clang error is not checked, and gives its callers
 * no summary: what clang dropped from its body could be the read-back
 * that orders its write.  foo_kick_broken has a relaxed write last before
 * its unlock, an MMIO001 if it parsed; its body holds an error: not
 * checked, no finding.
 * foo_ring_broken writes relaxed and has an error; foo_kick_through_ring
 * calls it under the lock: an unknown call, no finding (its summary would
 * have made one).  foo_doorbell, in the same file, keeps its MMIO001.
 */
/* allow-errors */
/* exit: 2 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_DB		0x40

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
	u32 status;
};

void foo_kick_broken(struct foo_priv *priv, u32 tail)
{
	spin_lock(&priv->lock);
	writel_relaxed(tail, priv->regs + FOO_DB);
	spin_unlock(&priv->lock);
	priv->status = priv->no_such_member;
}

static void foo_ring_broken(struct foo_priv *priv, u32 tail)
{
	writel_relaxed(tail, priv->regs + FOO_DB);
	(void)no_such_variable;
}

void foo_kick_through_ring(struct foo_priv *priv, u32 tail)
{
	spin_lock(&priv->lock);
	foo_ring_broken(priv, tail);
	spin_unlock(&priv->lock);
}

void foo_doorbell(struct foo_priv *priv, u32 tail)
{
	spin_lock(&priv->lock);
	writel_relaxed(tail, priv->regs + FOO_DB); /* expect: MMIO001@contract */
	spin_unlock(&priv->lock);
}
