/*
 * A barrier with orders_mmio (wmb, mb) before the unlock orders every
 * outstanding write in every model, whatever the accessor.  No escape
 * (MMIO001, MMIO002, MMIO006) under any of the ten models.  Where the
 * unlock would have ordered the writes anyway the barrier is redundant:
 * the MMIO008 notes (relaxed write: the flag models, unconditional, none;
 * raw writes: only unconditional and none, whose release orders
 * everything).
 */
/* models: contract,generic,riscv,rfc2019,ppc64-legacy,powerpc64,unconditional,explicit,every-write,none */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <asm/barrier.h>

#define FOO_DB		0x40
#define FOO_SRAM	0x1000

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
};

void foo_doorbell_wmb(struct foo_priv *priv, u32 tail)
{
	spin_lock(&priv->lock);
	writel_relaxed(tail, priv->regs + FOO_DB);
	wmb(); /* expect: MMIO008@ppc64-legacy,powerpc64,unconditional,none */
	spin_unlock(&priv->lock);
}

void foo_copy_mb(struct foo_priv *priv, const void *buf, size_t len)
{
	spin_lock(&priv->lock);
	memcpy_toio(priv->regs + FOO_SRAM, buf, len);
	__raw_writel(1, priv->regs + FOO_DB);
	mb(); /* expect: MMIO008@unconditional,none */
	spin_unlock(&priv->lock);
}
