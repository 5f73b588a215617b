/*
 * Raw accessors (__raw_writeX, memcpy_toio, memset_io), each alone in a
 * spinlock section, all ten models.  No model's write program marks them;
 * only unconditional (barrier at every spinlock release) and none order them.
 */
/* models: contract,generic,riscv,rfc2019,ppc64-legacy,powerpc64,unconditional,explicit,every-write,none */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_R32		0x04
#define FOO_R64		0x08
#define FOO_SRAM	0x1000

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
};

void foo_raw32(struct foo_priv *p, u32 v)
{
	spin_lock(&p->lock);
	__raw_writel(v, p->regs + FOO_R32); /* expect: MMIO001@contract,generic,riscv,rfc2019,ppc64-legacy,powerpc64,explicit,every-write */
	spin_unlock(&p->lock);
}

void foo_raw64(struct foo_priv *p, u64 v)
{
	spin_lock(&p->lock);
	__raw_writeq(v, p->regs + FOO_R64); /* expect: MMIO001@contract,generic,riscv,rfc2019,ppc64-legacy,powerpc64,explicit,every-write */
	spin_unlock(&p->lock);
}

void foo_copy(struct foo_priv *p, const void *buf, size_t len)
{
	spin_lock(&p->lock);
	memcpy_toio(p->regs + FOO_SRAM, buf, len); /* expect: MMIO001@contract,generic,riscv,rfc2019,ppc64-legacy,powerpc64,explicit,every-write */
	spin_unlock(&p->lock);
}

void foo_clear(struct foo_priv *p, size_t len)
{
	spin_lock(&p->lock);
	memset_io(p->regs + FOO_SRAM, 0, len); /* expect: MMIO001@contract,generic,riscv,rfc2019,ppc64-legacy,powerpc64,explicit,every-write */
	spin_unlock(&p->lock);
}
