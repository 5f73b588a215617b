/* Scope-based lock guards (test_frontend_interproc.c). */
#include <linux/cleanup.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/rwsem.h>
#include <linux/io.h>
#include <linux/errno.h>

struct qp { spinlock_t lock; struct mutex m; struct rw_semaphore sem; void __iomem *db; int n; };

int g_early(struct qp *qp, int v)
{
	guard(spinlock_irqsave)(&qp->lock);
	if (v < 0)
		return -EINVAL;
	writel(v, qp->db);
	return 0;
}

void g_scoped(struct qp *qp)
{
	scoped_guard(spinlock, &qp->lock) {
		writel(1, qp->db);
	}
	writel(2, qp->db);
}

void g_nested(struct qp *qp)
{
	guard(mutex)(&qp->m);
	scoped_guard(spinlock_irq, &qp->lock)
		writel(3, qp->db);
	{
		guard(rwsem_read)(&qp->sem);
		writel(4, qp->db);
	}
}

int g_goto(struct qp *qp, int v)
{
	int err = 0;

	scoped_guard(spinlock, &qp->lock) {
		if (v)
			goto out;
		writel(5, qp->db);
	}
	err = 1;
out:
	return err;
}

void g_loop(struct qp *qp)
{
	for (int i = 0; i < qp->n; i++) {
		scoped_guard(spinlock, &qp->lock) {
			if (readl(qp->db))
				break;
			writel(i, qp->db);
		}
		writel(6, qp->db);
	}
}

void g_break(struct qp *qp)
{
	while (qp->n) {
		guard(spinlock_bh)(&qp->lock);
		if (readl(qp->db))
			break;
		if (qp->n > 2)
			continue;
		writel(7, qp->db);
	}
}

void g_backward(struct qp *qp)
{
again:
	{
		guard(spinlock)(&qp->lock);
		if (readl(qp->db))
			goto again;
	}
}

int g_retry(struct qp *qp)
{
	int tries = 0;
retry:
	guard(spinlock)(&qp->lock);
	if (readl(qp->db) && tries++ < 3)
		goto retry;
	return tries;
}
