/*
 * The flags directive: compiled with -DFOO_POSTED_DOORBELL the driver rings
 * its doorbell with writel_relaxed() -> MMIO001@contract (ppc64-legacy:
 * ordered).  Without the define it would use writel() and be clean.
 */
/* flags: -DFOO_POSTED_DOORBELL */
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
	spin_lock(&priv->lock);
#ifdef FOO_POSTED_DOORBELL
	writel_relaxed(tail, priv->regs + FOO_DB); /* expect: MMIO001@contract */
#else
	writel(tail, priv->regs + FOO_DB);
#endif
	spin_unlock(&priv->lock);
}
