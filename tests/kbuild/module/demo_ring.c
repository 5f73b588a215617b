// SPDX-License-Identifier: GPL-2.0
/*
 * demo_ring.c - a send ring shaped like drivers/infiniband/hw/mlx4/qp.c
 * (Linux 6.1): descriptors written to memory, wmb(), and the doorbell rung
 * with writel_relaxed() as the only MMIO write before
 * spin_unlock_irqrestore().
 *
 * Expected findings (models contract,generic,ppc64-legacy) are written as
 * "expect:" comments on the line they belong to; tests/kbuild/run_kbuild.py
 * reads them.
 */
#include <linux/io.h>
#include <linux/spinlock.h>
#include <linux/types.h>

#include "demo.h"

/* Ring the doorbell: the relaxed write escapes the lock on riscv. */
void demo_post_send(struct demo_dev *dev, u32 head)
{
	unsigned long flags;

	spin_lock_irqsave(&dev->sq_lock, flags);
	dev->ring[head % DEMO_RING_SIZE] = head;
	dev->sq_head = head;
	wmb();	/* descriptors before the doorbell */
	writel_relaxed(dev->qpn, dev->regs + DEMO_DOORBELL); /* expect: MMIO001@contract MMIO001@generic */
	spin_unlock_irqrestore(&dev->sq_lock, flags);
}

/*
 * The PowerPC (before 5.2) nested-lock pattern: the inner acquire clears
 * io_sync, so neither unlock issues the barrier for the first write.
 */
void demo_kick_and_count(struct demo_dev *dev, u32 tail)
{
	spin_lock(&dev->sq_lock);
	writel(tail, dev->regs + DEMO_SQ_TAIL); /* expect: MMIO002@ppc64-legacy */
	spin_lock(&dev->stats_lock);
	dev->kicks++;
	spin_unlock(&dev->stats_lock);
	spin_unlock(&dev->sq_lock);
}

/* Correct: a full writel() is the last write before the unlock. */
void demo_post_send_ordered(struct demo_dev *dev, u32 head)
{
	unsigned long flags;

	spin_lock_irqsave(&dev->sq_lock, flags);
	writel_relaxed(head, dev->regs + DEMO_SQ_HEAD);
	writel(dev->qpn, dev->regs + DEMO_DOORBELL);
	spin_unlock_irqrestore(&dev->sq_lock, flags);
}
