/*
 * mmiowb() after a relaxed write.  Without it the relaxed write would escape
 * under contract and generic (not covered / no pending) -> the mmiowb() is
 * needed there: no MMIO003, and no MMIO001 (it does order the write).
 * ppc64-legacy / powerpc64: writel_relaxed sets the flag -> the unlock would
 * have synced anyway -> redundant -> MMIO003.
 */
/* models: contract,generic,ppc64-legacy,powerpc64 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_DB		0x40

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
};

void foo_doorbell(struct foo_priv *priv, u32 tail)
{
	unsigned long flags;

	spin_lock_irqsave(&priv->lock, flags);
	writel_relaxed(tail, priv->regs + FOO_DB);
	mmiowb(); /* expect: MMIO003@ppc64-legacy,powerpc64 */
	spin_unlock_irqrestore(&priv->lock, flags);
}
