/*
 * A net_device_ops callback no framework entry lists (ndo_set_rx_mode: 6.1
 * holds netif_addr_lock_bh() around it in dev_set_rx_mode(), but
 * __dev_set_rx_mode() has other callers not checked, so it is not shipped):
 * it is analyzed with no framework lock.
 * Both default models: mmiowb() with no lock held -> MMIO004.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <linux/netdevice.h>

#define FOO_RX_FILTER	0x60

struct foo_priv {
	void __iomem *regs;
};

static void foo_set_rx_mode(struct net_device *dev)
{
	struct foo_priv *priv = netdev_priv(dev);

	writel(dev->flags, priv->regs + FOO_RX_FILTER);
	mmiowb(); /* expect: MMIO004 */
}

static const struct net_device_ops foo_netdev_ops = {
	.ndo_set_rx_mode	= foo_set_rx_mode,
};

void foo_setup(struct net_device *dev);
void foo_setup(struct net_device *dev)
{
	dev->netdev_ops = &foo_netdev_ops;
}
