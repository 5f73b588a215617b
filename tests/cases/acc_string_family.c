/*
 * String accessors (writesX, iowriteX_rep), each alone in a spinlock section,
 * all ten models.  Ordered: riscv (marks pending after the loop), ppc64-legacy
 * and powerpc64 (sync around the loop = barrier), unconditional, none.
 * Escape: contract, generic, rfc2019, explicit, every-write.
 */
/* models: contract,generic,riscv,rfc2019,ppc64-legacy,powerpc64,unconditional,explicit,every-write,none */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_FIFO	0xc00

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
};

void foo_ws8(struct foo_priv *p, const u8 *buf, unsigned long n)
{
	spin_lock(&p->lock);
	writesb(p->regs + FOO_FIFO, buf, n); /* expect: MMIO001@contract,generic,rfc2019,explicit,every-write */
	spin_unlock(&p->lock);
}

void foo_ws32(struct foo_priv *p, const u32 *buf, unsigned long n)
{
	spin_lock(&p->lock);
	writesl(p->regs + FOO_FIFO, buf, n); /* expect: MMIO001@contract,generic,rfc2019,explicit,every-write */
	spin_unlock(&p->lock);
}

void foo_rep16(struct foo_priv *p, const u16 *buf, unsigned long n)
{
	spin_lock(&p->lock);
	iowrite16_rep(p->regs + FOO_FIFO, buf, n); /* expect: MMIO001@contract,generic,rfc2019,explicit,every-write */
	spin_unlock(&p->lock);
}

void foo_rep32(struct foo_priv *p, const u32 *buf, unsigned long n)
{
	spin_lock(&p->lock);
	iowrite32_rep(p->regs + FOO_FIFO, buf, n); /* expect: MMIO001@contract,generic,rfc2019,explicit,every-write */
	spin_unlock(&p->lock);
}
