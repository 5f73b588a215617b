/*
 * ef100_rep.c: the representor's ops and its LLTX flag, set where its
 * ops are installed (efx_ef100_rep_create_netdev()).  Its xmit runs with
 * no net core lock, so its raw write ends no section.
 */
#include "efx.h"

static netdev_tx_t efx_ef100_rep_xmit(struct sk_buff *skb, struct net_device *dev)
{
	struct efx_nic *efx = netdev_priv(dev);

	(void)skb;
	__raw_writel(1, efx->membase + ER_DZ_TX_DESC_UPD);
	return NETDEV_TX_OK;
}

static const struct net_device_ops efx_ef100_rep_netdev_ops = {
	.ndo_start_xmit		= efx_ef100_rep_xmit,
};

void efx_ef100_rep_create_netdev(struct net_device *net_dev)
{
	net_dev->netdev_ops = &efx_ef100_rep_netdev_ops;
	net_dev->features |= NETIF_F_LLTX;
}
