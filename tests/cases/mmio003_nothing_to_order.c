/*
 * mmiowb() inside a section that wrote no MMIO at all: it orders nothing, so
 * it is redundant under every model, explicit included -> MMIO003 under all.
 */
/* models: contract,generic,riscv,rfc2019,ppc64-legacy,powerpc64,unconditional,explicit,every-write,none */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
	u32 shadow_ctrl;
};

void foo_set_shadow(struct foo_priv *priv, u32 ctrl)
{
	spin_lock(&priv->lock);
	priv->shadow_ctrl = ctrl;
	mmiowb(); /* expect: MMIO003 */
	spin_unlock(&priv->lock);
}
