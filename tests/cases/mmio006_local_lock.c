/*
 * local_lock_t (preempt/irq disable on !RT): not hooked -> MMIO006 on the
 * write, both models.
 */
#include <linux/kernel.h>
#include <linux/local_lock.h>
#include <linux/io.h>

#define FOO_PCPU_DB(c)	(0xa00 + 4 * (c))

struct foo_pcpu_q {
	local_lock_t llock;
	void __iomem *regs;
	int cpu;
	u32 tail;
};

void foo_pcpu_kick(struct foo_pcpu_q *q)
{
	unsigned long flags;

	local_lock_irqsave(&q->llock, flags);
	q->tail++;
	writel(q->tail, q->regs + FOO_PCPU_DB(q->cpu)); /* expect: MMIO006 */
	local_unlock_irqrestore(&q->llock, flags);
}
