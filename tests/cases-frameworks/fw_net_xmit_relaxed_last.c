/*
 * ndo_start_xmit rings its doorbell with writel_relaxed() as its last MMIO
 * write, like mlx4's post path.  The driver takes no lock: the stack holds
 * txq->_xmit_lock (HARD_TX_LOCK, rules/frameworks/net.json "net-xmit") from
 * before the call until after it returns.
 * contract: the relaxed doorbell is not ordered by the framework's
 *   spin_unlock() -> MMIO001 at the doorbell (the descriptor write before it
 *   is covered by nothing either; one finding, at the last escaping write).
 * generic: relaxed writes do not set pending -> no barrier -> MMIO001.
 * ppc64-legacy: writel_relaxed is writel there -> io_sync -> ordered.
 * Without the framework context the writes are outside any lock: nothing.
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
	priv->tail++;
	writel_relaxed(priv->tail, priv->regs + FOO_TX_DB); /* expect: MMIO001@contract,generic */
	skb_tx_timestamp(skb);
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
