/*
 * A net_device_ops callback no framework entry lists (ndo_set_mac_address:
 * called under RTNL only, and RTNL is listed only for ndo_open/ndo_stop):
 * it is analyzed with no framework lock.
 * Both default models: mmiowb() with no lock held -> MMIO004.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <linux/netdevice.h>

#define FOO_MAC_LO	0x60

struct foo_priv {
	void __iomem *regs;
};

static int foo_set_mac_address(struct net_device *dev, void *addr)
{
	struct foo_priv *priv = netdev_priv(dev);

	writel(*(u32 *)addr, priv->regs + FOO_MAC_LO);
	mmiowb(); /* expect: MMIO004 */
	return 0;
}

static const struct net_device_ops foo_netdev_ops = {
	.ndo_set_mac_address	= foo_set_mac_address,
};

void foo_setup(struct net_device *dev);
void foo_setup(struct net_device *dev)
{
	dev->netdev_ops = &foo_netdev_ops;
}
