/*
 * Lock wrappers: a function that returns with the lock held, and one that
 * releases a lock its caller took.  Each function is analyzed on its own and
 * starts with no lock: the first's section is never released here (not
 * judged); in the second the write is issued with no lock held in this
 * function (not outstanding).  No MMIO001/MMIO006 (a lock-imbalance note,
 * MMIO007, is not compared by this case).
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_DB		0x40

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
};

void foo_lock_and_kick(struct foo_priv *priv, u32 tail)
{
	spin_lock(&priv->lock);
	writel_relaxed(tail, priv->regs + FOO_DB);
}

void foo_kick_and_unlock(struct foo_priv *priv, u32 tail)
{
	writel_relaxed(tail, priv->regs + FOO_DB);
	spin_unlock(&priv->lock);
}
