/*
 * An LLTX driver: probe sets NETIF_F_LLTX in dev->features, so HARD_TX_LOCK
 * takes no lock ("net-xmit" condition, include/linux/netdevice.h) and
 * ndo_start_xmit runs with no lock held.
 * Every model: the mmiowb() has no lock to order against -> MMIO004, not
 *   MMIO003; the relaxed doorbell is outside any section -> no MMIO001.
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

static netdev_tx_t foo_lltx_xmit(struct sk_buff *skb, struct net_device *dev)
{
	struct foo_priv *priv = netdev_priv(dev);

	writel(skb_headlen(skb), priv->regs + FOO_TX_DESC);
	mmiowb(); /* expect: MMIO004 */
	writel_relaxed(++priv->tail, priv->regs + FOO_TX_DB);
	return NETDEV_TX_OK;
}

static const struct net_device_ops foo_netdev_ops = {
	.ndo_start_xmit		= foo_lltx_xmit,
};

void foo_setup(struct net_device *dev);
void foo_setup(struct net_device *dev)
{
	dev->netdev_ops = &foo_netdev_ops;
	dev->features |= NETIF_F_SG | NETIF_F_LLTX;
}
