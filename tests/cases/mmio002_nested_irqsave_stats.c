/*
 * Realistic nesting: an irqsave queue lock and a per-device stats lock taken
 * inside it with spin_lock_irq-less spin_lock().  Same machine as the DESIGN
 * example: ppc64-legacy loses the sync -> MMIO002 on the doorbell write.
 * contract: the full write is covered -> ordered.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_SQ_DB(q)	(0x2000 + 4 * (q))

struct foo_dev {
	spinlock_t stats_lock;
	u64 doorbells;
	void __iomem *bar;
};

struct foo_sq {
	struct foo_dev *dev;
	spinlock_t sq_lock;
	u16 qid;
	u16 tail;
};

void foo_submit_cmd(struct foo_sq *sq, u16 tail)
{
	unsigned long flags;

	spin_lock_irqsave(&sq->sq_lock, flags);
	sq->tail = tail;
	writel(tail, sq->dev->bar + FOO_SQ_DB(sq->qid)); /* expect: MMIO002@ppc64-legacy */
	spin_lock(&sq->dev->stats_lock);
	sq->dev->doorbells++;
	spin_unlock(&sq->dev->stats_lock);
	spin_unlock_irqrestore(&sq->sq_lock, flags);
}
