/*
 * Full accessors (writeb/w/l/q, iowrite8/16/32, iowrite32be), each the only
 * write of a spinlock section, under all ten models.  Every model orders a
 * full write at a spinlock release except explicit (contract: covered;
 * generic/riscv/rfc2019/powerpc64: pending; ppc64-legacy: io_sync;
 * unconditional: always; every-write/none: self-ordered) -> MMIO001@explicit.
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
	writeb(v, p->regs + FOO_R8); /* expect: MMIO001@explicit */
	spin_unlock(&p->lock);
}

void foo_ww(struct foo_priv *p, u16 v)
{
	spin_lock(&p->lock);
	writew(v, p->regs + FOO_R16); /* expect: MMIO001@explicit */
	spin_unlock(&p->lock);
}

void foo_wl(struct foo_priv *p, u32 v)
{
	spin_lock(&p->lock);
	writel(v, p->regs + FOO_R32); /* expect: MMIO001@explicit */
	spin_unlock(&p->lock);
}

void foo_wq(struct foo_priv *p, u64 v)
{
	spin_lock(&p->lock);
	writeq(v, p->regs + FOO_R64); /* expect: MMIO001@explicit */
	spin_unlock(&p->lock);
}

void foo_iow8(struct foo_priv *p, u8 v)
{
	spin_lock(&p->lock);
	iowrite8(v, p->regs + FOO_R8); /* expect: MMIO001@explicit */
	spin_unlock(&p->lock);
}

void foo_iow16(struct foo_priv *p, u16 v)
{
	spin_lock(&p->lock);
	iowrite16(v, p->regs + FOO_R16); /* expect: MMIO001@explicit */
	spin_unlock(&p->lock);
}

void foo_iow32(struct foo_priv *p, u32 v)
{
	spin_lock(&p->lock);
	iowrite32(v, p->regs + FOO_R32); /* expect: MMIO001@explicit */
	spin_unlock(&p->lock);
}

void foo_iow32be(struct foo_priv *p, u32 v)
{
	spin_lock(&p->lock);
	iowrite32be(v, p->regs + FOO_R32); /* expect: MMIO001@explicit */
	spin_unlock(&p->lock);
}
