/*
 * The ops table is filled in by assignment at run time, not by a designated
 * initializer: foo_xmit still sits in net_device_ops.ndo_start_xmit and runs
 * under txq->_xmit_lock ("net-xmit").
 * contract, generic: relaxed doorbell last -> MMIO001.
 * ppc64-legacy: writel_relaxed is writel -> ordered.
 */
/* models: contract,generic,ppc64-legacy */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <linux/netdevice.h>

#define FOO_TX_DB	0x40

struct foo_priv {
	void __iomem *regs;
	u32 tail;
};

static struct net_device_ops foo_netdev_ops;

static netdev_tx_t foo_xmit(struct sk_buff *skb, struct net_device *dev)
{
	struct foo_priv *priv = netdev_priv(dev);

	(void)skb;
	writel_relaxed(++priv->tail, priv->regs + FOO_TX_DB); /* expect: MMIO001@contract,generic */
	return NETDEV_TX_OK;
}

void foo_setup(struct net_device *dev);
void foo_setup(struct net_device *dev)
{
	foo_netdev_ops.ndo_start_xmit = foo_xmit;
	dev->netdev_ops = &foo_netdev_ops;
}
