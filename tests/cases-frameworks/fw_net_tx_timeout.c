/*
 * ndo_tx_timeout resets the transmitter; dev_watchdog() calls it with
 * dev->tx_global_lock held ("net-tx-timeout"), the queue locks released.
 * contract, generic: relaxed reset write last -> MMIO001.
 * ppc64-legacy: writel_relaxed is writel -> ordered.
 */
/* models: contract,generic,ppc64-legacy */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <linux/netdevice.h>

#define FOO_TX_RESET	0x70

struct foo_priv {
	void __iomem *regs;
	unsigned int resets;
};

static void foo_tx_timeout(struct net_device *dev, unsigned int txqueue)
{
	struct foo_priv *priv = netdev_priv(dev);

	priv->resets++;
	writel_relaxed(BIT(txqueue), priv->regs + FOO_TX_RESET); /* expect: MMIO001@contract,generic */
}

static const struct net_device_ops foo_netdev_ops = {
	.ndo_tx_timeout		= foo_tx_timeout,
};

void foo_setup(struct net_device *dev);
void foo_setup(struct net_device *dev)
{
	dev->netdev_ops = &foo_netdev_ops;
}
