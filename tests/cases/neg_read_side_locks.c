/*
 * Writes under read-side locks only (rwsem read, rwlock read): the read side
 * excludes no other writer, there is no critical section to leave -> no
 * finding under any model, even for relaxed writes.
 */
/* models: contract,generic,ppc64-legacy,explicit */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/rwsem.h>
#include <linux/io.h>

#define FOO_STAT_CLR	0x7f0

struct foo_priv {
	void __iomem *regs;
	struct rw_semaphore sem;
	rwlock_t rwlock;
};

void foo_clear_stats_rwsem(struct foo_priv *priv)
{
	down_read(&priv->sem);
	writel_relaxed(1, priv->regs + FOO_STAT_CLR);
	up_read(&priv->sem);
}

void foo_clear_stats_rwlock(struct foo_priv *priv)
{
	unsigned long flags;

	read_lock_irqsave(&priv->rwlock, flags);
	writel(1, priv->regs + FOO_STAT_CLR);
	read_unlock_irqrestore(&priv->rwlock, flags);
}
