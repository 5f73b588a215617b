/*
 * __raw_writel() inside spin_lock_irqsave(): raw accessors set no flag in
 * any model and are not covered by the contract.
 * contract: escapes -> MMIO001.  ppc64-legacy: __raw_writeX does nothing to
 * io_sync -> no sync at unlock -> MMIO001 (not MMIO002: no inner lock, and
 * the write never set the flag).
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_MBOX	0x80

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
};

void foo_post_mbox(struct foo_priv *priv, u32 msg)
{
	unsigned long flags;

	spin_lock_irqsave(&priv->lock, flags);
	__raw_writel(msg, priv->regs + FOO_MBOX); /* expect: MMIO001 */
	spin_unlock_irqrestore(&priv->lock, flags);
}
