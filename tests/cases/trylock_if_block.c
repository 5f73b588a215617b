/*
 * `if (spin_trylock(&l)) { ...; spin_unlock(&l); }`.
 * foo_try_poll: relaxed ack last in the success block -> MMIO001@contract;
 *   ppc64-legacy ordered.
 * foo_try_poll_full: writel -> ordered under both.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_ACK		0x70

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
	u32 pending;
};

void foo_try_poll(struct foo_priv *priv)
{
	if (spin_trylock(&priv->lock)) {
		writel_relaxed(priv->pending, priv->regs + FOO_ACK); /* expect: MMIO001@contract */
		priv->pending = 0;
		spin_unlock(&priv->lock);
	}
}

void foo_try_poll_full(struct foo_priv *priv)
{
	if (spin_trylock(&priv->lock)) {
		writel(priv->pending, priv->regs + FOO_ACK);
		priv->pending = 0;
		spin_unlock(&priv->lock);
	}
}
