/*
 * The pre-5.2 idiom writel(); mmiowb(); spin_unlock(); under every model.
 * The writel alone would be ordered at the unlock under every model except
 * explicit (contract: covered; generic/riscv/rfc2019/powerpc64: pending;
 * ppc64-legacy: io_sync; unconditional: always; every-write and none: the
 * write orders itself) -> the mmiowb() is redundant -> MMIO003 there.
 * explicit: the mmiowb() is what orders the write -> needed, no MMIO003, and
 * (being ordered) no MMIO001 either.
 */
/* models: contract,generic,riscv,rfc2019,ppc64-legacy,powerpc64,unconditional,explicit,every-write,none */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_TX_DB	0x40

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
};

void foo_ring_doorbell(struct foo_priv *priv, u32 tail)
{
	spin_lock(&priv->lock);
	writel(tail, priv->regs + FOO_TX_DB);
	mmiowb(); /* expect: MMIO003@contract,generic,riscv,rfc2019,ppc64-legacy,powerpc64,unconditional,every-write,none */
	spin_unlock(&priv->lock);
}
