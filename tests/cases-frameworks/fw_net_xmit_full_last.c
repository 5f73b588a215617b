/*
 * Correct since 5.2: ndo_start_xmit writes descriptors with writel_relaxed()
 * and rings the doorbell with writel() last, under the stack's
 * txq->_xmit_lock ("net-xmit").
 * contract: the full doorbell write to the same device covers the relaxed
 *   ones before it -> ordered by the framework's unlock.
 * generic: the writel sets pending -> barrier at the unlock.
 * ppc64-legacy: io_sync set -> sync at the unlock.  No finding anywhere.
 */
/* models: contract,generic,ppc64-legacy */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <linux/netdevice.h>

#define FOO_TX_DESC	0x10
#define FOO_TX_DB	0x40

struct foo_priv {
	void __iomem *regs;
	u32 tail;
};

static netdev_tx_t foo_xmit(struct sk_buff *skb, struct net_device *dev)
{
	struct foo_priv *priv = netdev_priv(dev);

	writel_relaxed(skb_headlen(skb), priv->regs + FOO_TX_DESC);
	writel(++priv->tail, priv->regs + FOO_TX_DB);
	return NETDEV_TX_OK;
}

static const struct net_device_ops foo_netdev_ops = {
	.ndo_start_xmit		= foo_xmit,
};

void foo_setup(struct net_device *dev);
void foo_setup(struct net_device *dev)
{
	dev->netdev_ops = &foo_netdev_ops;
}
