/*
 * ndo_open programs the MAC under RTNL only ("net-rtnl-open-stop": a coarse
 * framework mutex, __dev_open asserts it).  RTNL is not what protects the
 * registers: no MMIO006 without --strict.  The driver's own spinlock
 * section inside it is judged as usual: relaxed write last -> MMIO001
 * under contract and generic; ppc64-legacy orders it.
 */
/* models: contract,generic,ppc64-legacy */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <linux/netdevice.h>

#define FOO_MAC_CTRL	0x00
#define FOO_INT_EN	0x08

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
};

static int foo_open(struct net_device *dev)
{
	struct foo_priv *priv = netdev_priv(dev);

	writel(1, priv->regs + FOO_MAC_CTRL);
	spin_lock(&priv->lock);
	writel_relaxed(0xff, priv->regs + FOO_INT_EN); /* expect: MMIO001@contract,generic */
	spin_unlock(&priv->lock);
	return 0;
}

static int foo_stop(struct net_device *dev)
{
	struct foo_priv *priv = netdev_priv(dev);

	writel(0, priv->regs + FOO_MAC_CTRL);
	return 0;
}

static const struct net_device_ops foo_netdev_ops = {
	.ndo_open	= foo_open,
	.ndo_stop	= foo_stop,
};

void foo_setup(struct net_device *dev);
void foo_setup(struct net_device *dev)
{
	dev->netdev_ops = &foo_netdev_ops;
}
