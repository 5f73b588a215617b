/*
 * A pre-5.2 transmit routine (e1000, igb, tg3, bnx2 in 5.0): writel() to the
 * tail register, then mmiowb(), inside ndo_start_xmit.  The lock is the
 * stack's txq->_xmit_lock, held around the call ("net-xmit").
 * Every model: the mmiowb() sits in a spinlock section whose release orders
 * the writel since 5.2 -> MMIO003 (note), not MMIO004: a lock is held.
 * Without the framework context it would be a stray mmiowb() (MMIO004).
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <linux/netdevice.h>

#define FOO_TDT		0x3818

struct foo_adapter {
	void __iomem *hw_addr;
	u16 next_to_use;
};

static netdev_tx_t foo_xmit_frame(struct sk_buff *skb, struct net_device *netdev)
{
	struct foo_adapter *adapter = netdev_priv(netdev);

	adapter->next_to_use++;
	writel(adapter->next_to_use, adapter->hw_addr + FOO_TDT);
	mmiowb(); /* expect: MMIO003 */
	dev_kfree_skb_any(skb);
	return NETDEV_TX_OK;
}

static const struct net_device_ops foo_netdev_ops = {
	.ndo_start_xmit		= foo_xmit_frame,
};

void foo_probe(struct net_device *netdev);
void foo_probe(struct net_device *netdev)
{
	netdev->netdev_ops = &foo_netdev_ops;
}
