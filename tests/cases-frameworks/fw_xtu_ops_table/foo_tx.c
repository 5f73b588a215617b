/*
 * foo_tx.c: the doorbell is rung with writel_relaxed() last inside
 * ndo_start_xmit -> MMIO001 under contract and generic (ppc64-legacy: it is
 * writel there, ordered).
 */
#include "foo.h"

netdev_tx_t foo_xmit(struct sk_buff *skb, struct net_device *dev)
{
	struct foo_priv *priv = netdev_priv(dev);

	(void)skb;
	writel_relaxed(++priv->tail, priv->regs + FOO_TX_DB); /* expect: MMIO001@contract,generic */
	return NETDEV_TX_OK;
}
