/*
 * Two net devices of one driver, each with its own ops table:
 * drivers/net/ethernet/sfc (Linux 6.1).  efx.c's efx_netdev_ops names
 * efx_hard_start_xmit(), whose TX doorbell is a raw write (_efx_writed(),
 * __raw_writel) last before the net core releases txq->_xmit_lock;
 * ef100_rep.c makes its representor net devices NETIF_F_LLTX, in the
 * function that installs their own ops.  The flag is the representors',
 * so the main device's xmit still runs under _xmit_lock (before: the flag
 * named anywhere in the run took the lock from every ndo_start_xmit, and
 * the doorbell at sfc/tx.c:536 and the EF10/EF100 TX doorbells were not
 * reported).
 */
/* models: contract,generic */
#include "efx.h"

static const struct net_device_ops efx_netdev_ops = {
	.ndo_start_xmit		= efx_hard_start_xmit,
};

void efx_init_netdev(struct efx_nic *efx)
{
	efx->net_dev->netdev_ops = &efx_netdev_ops;
}

netdev_tx_t efx_hard_start_xmit(struct sk_buff *skb, struct net_device *net_dev)
{
	struct efx_nic *efx = netdev_priv(net_dev);

	(void)skb;
	__raw_writel(++efx->write_count, efx->membase + ER_DZ_TX_DESC_UPD); /* expect: MMIO001@contract,generic */
	return NETDEV_TX_OK;
}
