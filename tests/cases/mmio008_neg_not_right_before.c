/*
 * Full barriers before an unlock that MMIO008 must leave alone, each for
 * its own reason (models: every one under which a full write is ordered
 * by the unlock, so only the shape decides).
 */
/* models: contract,generic,ppc64-legacy */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <asm/barrier.h>
#include <linux/mutex.h>

#define FOO_DB		0x40
#define FOO_CTRL	0x44

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
	struct mutex mlock;
	u32 *shared_page;
};

/* Defined elsewhere: it writes the doorbell the wmb() orders memory for.
 * Reduced from drivers/scsi/qla2xxx/qla_iocb.c qla24xx_start_scsi()
 * (wmb(); qla2x00_start_iocbs(vha, req); spin_unlock_irqrestore()). */
void foo_start_iocbs(struct foo_priv *priv);

void foo_start_scsi(struct foo_priv *priv)
{
	unsigned long flags;

	spin_lock_irqsave(&priv->lock, flags);
	writel(1, priv->regs + FOO_CTRL);
	wmb();
	foo_start_iocbs(priv);
	spin_unlock_irqrestore(&priv->lock, flags);
}

/* No MMIO write in the section: the barrier orders memory only.  Reduced
 * from drivers/infiniband/hw/bnxt_re/ib_verbs.c bnxt_re_create_ah(). */
void foo_publish(struct foo_priv *priv, u32 id)
{
	unsigned long flags;

	spin_lock_irqsave(&priv->lock, flags);
	*priv->shared_page = id;
	wmb();
	spin_unlock_irqrestore(&priv->lock, flags);
}

/* The barrier orders memory before a write that follows it.  Reduced from
 * drivers/net/ethernet/3com/typhoon.c typhoon_process_response(). */
void foo_hello(struct foo_priv *priv, u32 last)
{
	spin_lock(&priv->lock);
	writel(0, priv->regs + FOO_CTRL);
	wmb();
	writel(last, priv->regs + FOO_DB);
	spin_unlock(&priv->lock);
}

/* mmiowb() is MMIO003's, and a wmb() before it is not right before the
 * unlock: one note, MMIO003's. */
void foo_both(struct foo_priv *priv)
{
	spin_lock(&priv->lock);
	writel(0, priv->regs + FOO_DB);
	wmb();
	mmiowb(); /* expect: MMIO003 */
	spin_unlock(&priv->lock);
}

/* A mutex is not hooked: the wmb() is what orders the write (MMIO006's
 * fix), not redundant. */
void foo_mutex(struct foo_priv *priv)
{
	mutex_lock(&priv->mlock);
	writel(0, priv->regs + FOO_DB);
	wmb();
	mutex_unlock(&priv->mlock);
}

/* The unlock on one path only: the other path returns with the lock
 * held, so the barrier is not right before an unlock on every path. */
int foo_maybe_unlock(struct foo_priv *priv, int keep)
{
	spin_lock(&priv->lock);
	writel(0, priv->regs + FOO_DB);
	wmb();
	if (keep)
		return 1;
	spin_unlock(&priv->lock);
	return 0;
}
