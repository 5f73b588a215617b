/*
 * Port accessors (outb/w/l), each alone in a spinlock section, all ten models.
 * Ordered: contract (covered), generic/rfc2019/powerpc64 (pending),
 * ppc64-legacy (io_sync), unconditional, every-write (built on writeX), none.
 * Escape: riscv (outX only fences, no pending), explicit.  riscv falls short
 * of the documented contract there, so its findings need --pedantic
 * (model_riscv_port_below_contract.c).
 */
/* models: contract,generic,riscv,rfc2019,ppc64-legacy,powerpc64,unconditional,explicit,every-write,none */
/* args: --pedantic */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_PORT_CMD	0x0
#define FOO_PORT_DATA	0x4

struct foo_priv {
	unsigned long io_base;
	spinlock_t lock;
};

void foo_outb(struct foo_priv *p, u8 v)
{
	spin_lock(&p->lock);
	outb(v, p->io_base + FOO_PORT_CMD); /* expect: MMIO001@riscv,explicit */
	spin_unlock(&p->lock);
}

void foo_outw(struct foo_priv *p, u16 v)
{
	spin_lock(&p->lock);
	outw(v, p->io_base + FOO_PORT_DATA); /* expect: MMIO001@riscv,explicit */
	spin_unlock(&p->lock);
}

void foo_outl(struct foo_priv *p, u32 v)
{
	spin_lock(&p->lock);
	outl(v, p->io_base + FOO_PORT_DATA); /* expect: MMIO001@riscv,explicit */
	spin_unlock(&p->lock);
}
