// SPDX-License-Identifier: GPL-2.0
/*
 * pre52_nic.c - pre-5.2 driver code shapes around mmiowb(), as the 2019
 * "Remove mmiowb() from drivers" series found them: a transmit doorbell
 * under spin_lock_irqsave() with an explaining comment (qla2xxx, bnx2x),
 * a trailing comment on the barrier line (tg3), an error path under a
 * spinlock (mlx4), a multi-line comment above (e1000 style), a barrier
 * that is the body of an if without braces (must not be touched), and a
 * barrier after the unlock (MMIO004, no fix-it).
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define TX_TAIL		0x40
#define RX_HEAD		0x44
#define IRQ_MASK	0x48

struct nic {
	void __iomem *regs;
	spinlock_t tx_lock;
	spinlock_t rx_lock;
	u32 tail, head;
	int quirk;
};

int nic_xmit(struct nic *n)
{
	unsigned long flags;

	spin_lock_irqsave(&n->tx_lock, flags);
	n->tail++;
	writel(n->tail, n->regs + TX_TAIL);
	/* Make sure the doorbell write is ordered before the unlock. */
	mmiowb();
	spin_unlock_irqrestore(&n->tx_lock, flags);
	return 0;
}

void nic_rx_refill(struct nic *n)
{
	spin_lock(&n->rx_lock);
	writel(n->head, n->regs + RX_HEAD);
	mmiowb(); /* flush the head update */
	spin_unlock(&n->rx_lock);
}

int nic_set_mask(struct nic *n, u32 mask)
{
	spin_lock(&n->tx_lock);
	if (!mask) {
		spin_unlock(&n->tx_lock);
		return -1;
	}
	writel(mask, n->regs + IRQ_MASK);

	/*
	 * The mask must reach the chip before another CPU
	 * takes the lock and writes it again (mmiowb).
	 */
	mmiowb();
	spin_unlock(&n->tx_lock);
	return 0;
}

void nic_quirk(struct nic *n)
{
	spin_lock(&n->tx_lock);
	writel(1, n->regs + TX_TAIL);
	if (n->quirk)
		mmiowb();
	spin_unlock(&n->tx_lock);
}

void nic_after_unlock(struct nic *n)
{
	spin_lock(&n->tx_lock);
	writel(2, n->regs + TX_TAIL);
	spin_unlock(&n->tx_lock);
	mmiowb();
}
