/* Primitive recognition: macro name first, then callee (test_frontend_lower.c). */
#include <linux/spinlock.h>
#include <linux/io.h>
#include <asm/barrier.h>

#define REG_CTRL	0x10
#define REG_STATUS	0x14
#define DB_OFF		0x40

struct mlx4_ib_wq {
	spinlock_t lock;
	unsigned int head;
};

typedef struct mlx4_ib_qp {
	struct mlx4_ib_wq sq;
	void __iomem *db;
} qp_t;

struct priv {
	void __iomem *regs;
	spinlock_t lock;
};

static DEFINE_SPINLOCK(foo_lock);

void post_send(qp_t *qp, struct priv *priv)
{
	unsigned long flags;

	spin_lock_irqsave(&qp->sq.lock, flags);
	writel_relaxed(qp->sq.head, qp->db + DB_OFF);
	writel(1, priv->regs + REG_CTRL);
	mmiowb();
	wmb();
	spin_unlock_irqrestore(&qp->sq.lock, flags);
	(void)readl(priv->regs + REG_STATUS);
}

static void globals(struct priv *priv, spinlock_t *lockp)
{
	spin_lock(&foo_lock);
	spin_unlock(&foo_lock);
	spin_lock(lockp);
	spin_unlock(lockp);
	spin_lock(&(*priv).lock);
	spin_unlock(&priv->lock);
}
