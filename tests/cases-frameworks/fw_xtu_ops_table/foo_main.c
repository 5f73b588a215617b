/*
 * Two translation units in one invocation: the net_device_ops table is in
 * foo_main.c, the transmit routine it names in foo_tx.c.  The slot is found
 * across units (as callees are in the interprocedural engine): foo_xmit
 * runs under txq->_xmit_lock ("net-xmit").  Nothing to report here.
 */
/* models: contract,generic,ppc64-legacy */
#include "foo.h"

static const struct net_device_ops foo_netdev_ops = {
	.ndo_start_xmit		= foo_xmit,
};

void foo_setup(struct net_device *dev)
{
	dev->netdev_ops = &foo_netdev_ops;
}
