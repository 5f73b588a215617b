/*
 * Locks taken and released inside loop bodies.
 * foo_poke_queues (while): each iteration's section ends with a relaxed write
 *   -> MMIO001@contract on it; ppc64-legacy: ordered.
 * foo_drain (do/while): each section ends with writel -> ordered.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_Q_DB(q)	(0x1000 + 8 * (q))
#define FOO_DRAIN	0x60

struct foo_queue {
	void __iomem *regs;
	spinlock_t lock;
	u32 tail;
};

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
	struct foo_queue *queues;
	int nqueues;
};

void foo_poke_queues(struct foo_priv *priv)
{
	int q = 0;

	while (q < priv->nqueues) {
		struct foo_queue *fq = &priv->queues[q];

		spin_lock(&fq->lock);
		writel_relaxed(fq->tail, fq->regs + FOO_Q_DB(q)); /* expect: MMIO001@contract */
		spin_unlock(&fq->lock);
		q++;
	}
}

void foo_drain(struct foo_priv *priv, int rounds)
{
	do {
		spin_lock(&priv->lock);
		writel(1, priv->regs + FOO_DRAIN);
		spin_unlock(&priv->lock);
	} while (--rounds > 0);
}
