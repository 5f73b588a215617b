/*
 * Reduced from drivers/net/ethernet/intel/fm10k (Linux 4.19):
 * fm10k_xmit_frame() is ndo_start_xmit ("net-xmit": the stack holds
 * txq->_xmit_lock around it); it calls fm10k_xmit_frame_ring(), which
 * calls fm10k_tx_map(), which writes the tail with writel() and then
 * mmiowb() ("we need this if more than one processor can write to our
 * tail at a time, it synchronizes IO on IA64/Altix systems").
 * Two helpers below the framework callback, every caller holds the
 * spinlock and the last write is a full writel(): since 5.2 the unlock
 * orders it -> MMIO003 once, at the mmiowb() line, with the callers and
 * the framework's lock in the trace (not at either call line).
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <linux/netdevice.h>
#include <asm/barrier.h>

struct fm10k_ring {
	u8 __iomem *tail;
	u16 next_to_use;
	u16 count;
};

struct fm10k_intfc {
	struct fm10k_ring *tx_ring[4];
};

static void fm10k_tx_map(struct fm10k_ring *tx_ring, struct sk_buff *skb)
{
	u16 i = tx_ring->next_to_use;

	(void)skb;
	/* Force memory writes to complete before letting h/w know there
	 * are new descriptors to fetch.
	 */
	wmb();

	if (++i == tx_ring->count)
		i = 0;
	tx_ring->next_to_use = i;

	/* notify HW of packet */
	writel(i, tx_ring->tail);

	/* we need this if more than one processor can write to our tail
	 * at a time, it synchronizes IO on IA64/Altix systems
	 */
	mmiowb(); /* expect: MMIO003 */
}

static netdev_tx_t fm10k_xmit_frame_ring(struct sk_buff *skb, struct fm10k_ring *tx_ring)
{
	fm10k_tx_map(tx_ring, skb);
	return NETDEV_TX_OK;
}

static netdev_tx_t fm10k_xmit_frame(struct sk_buff *skb, struct net_device *dev)
{
	struct fm10k_intfc *interface = netdev_priv(dev);

	return fm10k_xmit_frame_ring(skb, interface->tx_ring[0]);
}

static const struct net_device_ops fm10k_netdev_ops = {
	.ndo_start_xmit		= fm10k_xmit_frame,
};

void fm10k_alloc_netdev(struct net_device *dev);
void fm10k_alloc_netdev(struct net_device *dev)
{
	dev->netdev_ops = &fm10k_netdev_ops;
}
