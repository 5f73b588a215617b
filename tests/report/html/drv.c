// SPDX-License-Identifier: GPL-2.0
/*
 * html/drv.c - the HTML report test's input: a copy of
 * examples/ring_doorbell.c (kept separate so the example can change), an
 * example network/RDMA-style driver with the MMIO ordering mistakes
 * mmiocheck looks for.  Build-free: it only needs the
 * kernel-shaped test headers (./dev.sh example passes -I tests/include).
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/io.h>

#define RING_TAIL	0x10
#define RING_CTRL	0x14
#define IRQ_MASK	0x20
#define DOORBELL	0x40

struct ring {
	spinlock_t lock;
	u32 tail;
};

struct demo_dev {
	void __iomem *regs;
	void __iomem *uar;
	spinlock_t irq_lock;
	struct mutex cfg_lock;
	struct ring sq;
};

/* The mlx4 shape: the doorbell is rung with a relaxed write as the last
 * MMIO write before the unlock.  Only writeX() is ordered by spin_unlock(). */
void demo_post_send(struct demo_dev *dev, u32 n)
{
	unsigned long flags;

	spin_lock_irqsave(&dev->sq.lock, flags);
	dev->sq.tail += n;
	writel_relaxed(dev->sq.tail, dev->uar + DOORBELL);
	spin_unlock_irqrestore(&dev->sq.lock, flags);
}

/* Correct: the full writel() is last and ordered by the unlock. */
void demo_update_tail(struct demo_dev *dev)
{
	spin_lock(&dev->sq.lock);
	writel_relaxed(0, dev->regs + RING_CTRL);
	writel(dev->sq.tail, dev->regs + RING_TAIL);
	spin_unlock(&dev->sq.lock);
}

/* The pre-5.2 PowerPC trap: the inner lock clears io_sync after the write,
 * so neither unlock issues the sync. */
void demo_mask_irq(struct demo_dev *dev, u32 mask)
{
	spin_lock(&dev->sq.lock);
	writel(mask, dev->regs + IRQ_MASK);
	spin_lock(&dev->irq_lock);
	dev->sq.tail = 0;
	spin_unlock(&dev->irq_lock);
	spin_unlock(&dev->sq.lock);
}

/* A register write under a mutex: the mmiowb hook does not cover mutexes. */
void demo_set_ctrl(struct demo_dev *dev, u32 val)
{
	mutex_lock(&dev->cfg_lock);
	writel(val, dev->regs + RING_CTRL);
	mutex_unlock(&dev->cfg_lock);
}

/* Left over from before 5.2: spin_unlock() does this now. */
void demo_kick(struct demo_dev *dev)
{
	spin_lock(&dev->sq.lock);
	writel(1, dev->regs + DOORBELL);
	mmiowb();
	spin_unlock(&dev->sq.lock);
}
