/*
 * riscv 6.1 differs from asm-generic on string and port accessors.
 * foo_fifo_push (writesl last): riscv marks pending once after the loop ->
 *   ordered; contract (string not promised) and generic -> MMIO001.
 * foo_fifo_push_rep (iowrite32_rep last): same as writesl.
 * foo_legacy_kick (outb last): riscv only fences, no pending -> MMIO001@riscv
 *   (with --pedantic: riscv falls short of the documented contract there);
 *   contract covers port writes; generic marks pending -> ordered.
 */
/* models: contract,generic,riscv */
/* args: --pedantic */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_FIFO	0xc00
#define FOO_PORT_KICK	0x4

struct foo_priv {
	void __iomem *regs;
	unsigned long io_base;
	spinlock_t lock;
};

void foo_fifo_push(struct foo_priv *priv, const u32 *buf, unsigned long n)
{
	spin_lock(&priv->lock);
	writesl(priv->regs + FOO_FIFO, buf, n); /* expect: MMIO001@contract,generic */
	spin_unlock(&priv->lock);
}

void foo_fifo_push_rep(struct foo_priv *priv, const u32 *buf, unsigned long n)
{
	spin_lock(&priv->lock);
	iowrite32_rep(priv->regs + FOO_FIFO, buf, n); /* expect: MMIO001@contract,generic */
	spin_unlock(&priv->lock);
}

void foo_legacy_kick(struct foo_priv *priv, u8 val)
{
	spin_lock(&priv->lock);
	outb(val, priv->io_base + FOO_PORT_KICK); /* expect: MMIO001@riscv */
	spin_unlock(&priv->lock);
}
