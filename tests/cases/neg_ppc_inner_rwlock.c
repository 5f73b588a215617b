/*
 * Inner rwlocks do not touch io_sync on powerpc (arch_read_lock and
 * arch_write_lock had no CLEAR_IO_SYNC): the outer unlock still syncs.
 * The write is issued before either rwlock section, so neither rwlock
 * release judges it.  No finding under contract, generic, ppc64-legacy.
 */
/* models: contract,generic,ppc64-legacy */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_FILTER	0x300

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
	rwlock_t filter_lock;
	u32 filter;
	u32 gen;
};

void foo_set_filter(struct foo_priv *priv, u32 filter)
{
	u32 gen;

	spin_lock(&priv->lock);
	writel(filter, priv->regs + FOO_FILTER);
	read_lock(&priv->filter_lock);
	gen = priv->gen;
	read_unlock(&priv->filter_lock);
	write_lock(&priv->filter_lock);
	priv->filter = filter;
	priv->gen = gen + 1;
	write_unlock(&priv->filter_lock);
	spin_unlock(&priv->lock);
}
