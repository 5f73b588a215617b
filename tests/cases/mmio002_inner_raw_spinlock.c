/*
 * The inner lock is a raw_spinlock_t: arch_spin_lock() cleared io_sync on
 * powerpc before 5.2 for raw locks too -> MMIO002@ppc64-legacy on the write.
 * contract / generic: ordered.
 */
/* models: contract,generic,ppc64-legacy */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_MSI_CTRL	0x90

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
	raw_spinlock_t irq_lock;
	u32 msi_mask;
};

void foo_mask_msi(struct foo_priv *priv, u32 mask)
{
	spin_lock(&priv->lock);
	writel(mask, priv->regs + FOO_MSI_CTRL); /* expect: MMIO002@ppc64-legacy */
	raw_spin_lock(&priv->irq_lock);
	priv->msi_mask = mask;
	raw_spin_unlock(&priv->irq_lock);
	spin_unlock(&priv->lock);
}
