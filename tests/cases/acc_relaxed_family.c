/*
 * Relaxed accessors, each alone in a spinlock section, all ten models.
 * Escapes: contract (not covered), generic/riscv/rfc2019 (no pending),
 * explicit, every-write (only full writes order themselves).
 * Ordered: ppc64-legacy/powerpc64 (relaxed is writeX), unconditional, none.
 */
/* models: contract,generic,riscv,rfc2019,ppc64-legacy,powerpc64,unconditional,explicit,every-write,none */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_R8		0x01
#define FOO_R16		0x02
#define FOO_R32		0x04
#define FOO_R64		0x08

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
};

void foo_wb(struct foo_priv *p, u8 v)
{
	spin_lock(&p->lock);
	writeb_relaxed(v, p->regs + FOO_R8); /* expect: MMIO001@contract,generic,riscv,rfc2019,explicit,every-write */
	spin_unlock(&p->lock);
}

void foo_ww(struct foo_priv *p, u16 v)
{
	spin_lock(&p->lock);
	writew_relaxed(v, p->regs + FOO_R16); /* expect: MMIO001@contract,generic,riscv,rfc2019,explicit,every-write */
	spin_unlock(&p->lock);
}

void foo_wl(struct foo_priv *p, u32 v)
{
	spin_lock(&p->lock);
	writel_relaxed(v, p->regs + FOO_R32); /* expect: MMIO001@contract,generic,riscv,rfc2019,explicit,every-write */
	spin_unlock(&p->lock);
}

void foo_wq(struct foo_priv *p, u64 v)
{
	spin_lock(&p->lock);
	writeq_relaxed(v, p->regs + FOO_R64); /* expect: MMIO001@contract,generic,riscv,rfc2019,explicit,every-write */
	spin_unlock(&p->lock);
}
