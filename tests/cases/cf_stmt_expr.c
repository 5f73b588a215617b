/*
 * A GNU statement expression holding a whole section.
 * Inside: relaxed write last before the unlock -> MMIO001@contract;
 *   ppc64-legacy: ordered.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_ACK		0x70

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
	u32 acked;
};

int foo_ack_events(struct foo_priv *priv, u32 events)
{
	int ret;

	ret = ({
		int __n;

		spin_lock(&priv->lock);
		writel_relaxed(events, priv->regs + FOO_ACK); /* expect: MMIO001@contract */
		__n = events != 0;
		priv->acked += __n;
		spin_unlock(&priv->lock);
		__n;
	});
	return ret;
}
