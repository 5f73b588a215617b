/* struct efx_nic of drivers/net/ethernet/sfc (Linux 6.1), reduced. */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <linux/netdevice.h>

#define ER_DZ_TX_DESC_UPD	0xa10

struct efx_nic {
	void __iomem *membase;
	unsigned int write_count;
	struct net_device *net_dev;
};

netdev_tx_t efx_hard_start_xmit(struct sk_buff *skb, struct net_device *net_dev);
