/*
 * Reduced from drivers/net/ethernet/intel/e1000e/netdev.c (Linux 4.19):
 * e1000_xmit_frame() is ndo_start_xmit ("net-xmit", txq->_xmit_lock held
 * by the stack); it calls e1000_tx_queue(), which ends with the tail
 * write (writel(), or e1000e_update_tdt_wa() on 82574 with the PCIm-to-PCI
 * arbiter workaround) and mmiowb() ("we need this if more than one
 * processor can write to our tail at a time").  Every caller holds the
 * lock and the last write is a full writel() -> MMIO003 once at the
 * mmiowb() line (not at the call in e1000_xmit_frame()).
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <linux/netdevice.h>
#include <asm/barrier.h>

#define FLAG2_PCIM2PCI_ARBITER_WA	(1 << 8)

struct e1000_ring {
	void __iomem *tail;
	u16 next_to_use;
	u16 count;
};

struct e1000_adapter {
	struct e1000_ring *tx_ring;
	unsigned int flags2;
};

static void e1000e_update_tdt_wa(struct e1000_ring *tx_ring, unsigned int i)
{
	writel(i, tx_ring->tail);
	if (unlikely(i != readl(tx_ring->tail)))
		pr_err("ME firmware caused invalid TDT - resetting\n");
}

static void e1000_tx_queue(struct e1000_ring *tx_ring, struct e1000_adapter *adapter, int count)
{
	u16 i = tx_ring->next_to_use;

	while (count-- > 0) {
		i++;
		if (i == tx_ring->count)
			i = 0;
	}

	/* Force memory writes to complete before letting h/w
	 * know there are new descriptors to fetch.
	 */
	wmb();

	tx_ring->next_to_use = i;

	if (adapter->flags2 & FLAG2_PCIM2PCI_ARBITER_WA)
		e1000e_update_tdt_wa(tx_ring, tx_ring->next_to_use);
	else
		writel(tx_ring->next_to_use, tx_ring->tail);
	/* we need this if more than one processor can write to our tail
	 * at a time, it synchronizes IO on IA64/Altix systems
	 */
	mmiowb(); /* expect: MMIO003 */
}

static netdev_tx_t e1000_xmit_frame(struct sk_buff *skb, struct net_device *netdev)
{
	struct e1000_adapter *adapter = netdev_priv(netdev);

	(void)skb;
	e1000_tx_queue(adapter->tx_ring, adapter, 1);
	return NETDEV_TX_OK;
}

static const struct net_device_ops e1000e_netdev_ops = {
	.ndo_start_xmit		= e1000_xmit_frame,
};

void e1000e_set_ops(struct net_device *netdev);
void e1000e_set_ops(struct net_device *netdev)
{
	netdev->netdev_ops = &e1000e_netdev_ops;
}
