/*
 * Full accessors last before the unlock: writel, iowrite32, outb.
 * contract: covered (port included); ppc64-legacy: io_sync set.  No finding.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_DB		0x40
#define FOO_PORT_ACK	0x2

struct foo_priv {
	void __iomem *regs;
	unsigned long io_base;
	spinlock_t lock;
};

void foo_ring_doorbell(struct foo_priv *priv, u32 tail)
{
	unsigned long flags;

	spin_lock_irqsave(&priv->lock, flags);
	writel(tail, priv->regs + FOO_DB);
	spin_unlock_irqrestore(&priv->lock, flags);
}

void foo_ring_doorbell_io(struct foo_priv *priv, u32 tail)
{
	spin_lock(&priv->lock);
	iowrite32(tail, priv->regs + FOO_DB);
	spin_unlock(&priv->lock);
}

void foo_ack_port(struct foo_priv *priv)
{
	spin_lock_bh(&priv->lock);
	outb(1, priv->io_base + FOO_PORT_ACK);
	spin_unlock_bh(&priv->lock);
}
