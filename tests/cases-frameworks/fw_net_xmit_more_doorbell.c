/*
 * A doorbell deferred while more packets follow:
 * drivers/net/ethernet/amazon/ena/ena_netdev.c (Linux 6.1)
 * ena_start_xmit() copies the descriptor into the LLQ bar
 * (__iowrite64_copy, raw) and rings the doorbell with writel() only `if
 * (netif_xmit_stopped(txq) || !netdev_xmit_more())`.  netdev_xmit_more()
 * is true only when the net core calls ndo_start_xmit again for the next
 * packet under the same txq->_xmit_lock, so the core's release follows a
 * packet sent with it false, after the doorbell, whose pending flag
 * orders the copy (before: MMIO001 at ena_netdev.c:3188 on powerpc and
 * riscv).  A raw doorbell after the same test is still the driver's own
 * unordered last write.
 */
/* models: generic */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <linux/netdevice.h>

struct ena_ring {
	void __iomem *llq_bar;
	void __iomem *db_addr;
	u16 tail;
	u64 desc[4];
};

static netdev_tx_t ena_start_xmit(struct sk_buff *skb, struct net_device *dev)
{
	struct ena_ring *tx_ring = netdev_priv(dev);

	(void)skb;
	__iowrite64_copy(tx_ring->llq_bar, tx_ring->desc, 4);
	tx_ring->tail++;
	if (!netdev_xmit_more())
		writel(tx_ring->tail, tx_ring->db_addr);
	return NETDEV_TX_OK;
}

static netdev_tx_t foo_start_xmit(struct sk_buff *skb, struct net_device *dev)
{
	struct ena_ring *tx_ring = netdev_priv(dev);

	(void)skb;
	tx_ring->tail++;
	if (!netdev_xmit_more())
		__raw_writel(tx_ring->tail, tx_ring->db_addr); /* expect: MMIO001 */
	return NETDEV_TX_OK;
}

static const struct net_device_ops ena_netdev_ops = {
	.ndo_start_xmit		= ena_start_xmit,
};

static const struct net_device_ops foo_netdev_ops = {
	.ndo_start_xmit		= foo_start_xmit,
};

void ena_setup(struct net_device *dev, struct net_device *foo)
{
	dev->netdev_ops = &ena_netdev_ops;
	foo->netdev_ops = &foo_netdev_ops;
}
