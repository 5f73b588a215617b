/*
 * ndo_set_rx_mode loads the multicast hash table with writel_relaxed();
 * net/core calls it with dev->addr_list_lock held, bottom halves off
 * ("net-rx-mode": dev_set_rx_mode, dev_uc_add, dev_mc_sync, ...).
 * contract, generic: the relaxed writes are last before the framework's
 *   unlock -> MMIO001 at the write in the loop.
 * ppc64-legacy: writel_relaxed is writel -> ordered.
 * The driver's own call from foo_open() (under RTNL only, no spinlock) adds
 * a context in which the writes are in no spinlock section: nothing more.
 */
/* models: contract,generic,ppc64-legacy */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <linux/netdevice.h>

#define FOO_MC_HASH	0x80
#define FOO_MC_WORDS	4

struct foo_priv {
	void __iomem *regs;
	u32 mc_hash[FOO_MC_WORDS];
};

static void foo_set_rx_mode(struct net_device *dev)
{
	struct foo_priv *priv = netdev_priv(dev);
	int i;

	for (i = 0; i < FOO_MC_WORDS; i++)
		writel_relaxed(priv->mc_hash[i], priv->regs + FOO_MC_HASH + 4 * i); /* expect: MMIO001@contract,generic */
}

static int foo_open(struct net_device *dev)
{
	foo_set_rx_mode(dev);
	return 0;
}

static const struct net_device_ops foo_netdev_ops = {
	.ndo_open		= foo_open,
	.ndo_set_rx_mode	= foo_set_rx_mode,
};

void foo_setup(struct net_device *dev);
void foo_setup(struct net_device *dev)
{
	dev->netdev_ops = &foo_netdev_ops;
}
