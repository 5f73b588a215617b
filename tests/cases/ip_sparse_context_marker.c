/*
 * sparse's context markers name the second spelling of one lock:
 * drivers/infiniband/hw/mthca/mthca_qp.c (Linux 6.1) mthca_lock_cqs()
 * takes send_cq->lock once when send_cq == recv_cq and says
 * __acquire(&recv_cq->lock); mthca_unlock_cqs() says __release() for it.
 * Outside sparse the markers are (void)0, so the analysis saw the equal
 * branch return with recv_cq->lock not held, and its callers
 * (mthca_free_qp(), mthca_alloc_sqp(), and mlx4's create_qp_common(),
 * destroy_qp_common() and their callers with mlx4_ib_lock_cqs()) pair
 * the lock helper's two-lock branch with the unlock helper's one-lock
 * branch: MMIO007 on 16 functions of the 6.1 corpus, all wrong.  A
 * marker makes the lock named held (or not) for the contract checks; it
 * orders and protects no write.  The section's write under the real
 * spinlock is judged as before: a relaxed doorbell left unordered at
 * the release is still reported.
 */
/* rules: MMIO001,MMIO007 */
/* args: --enable MMIO007 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

struct mthca_cq {
	spinlock_t lock;
	int cqn;
};

struct mthca_qp {
	struct mthca_cq *send_cq, *recv_cq;
	void __iomem *db;
	int qpn;
};

static void mthca_lock_cqs(struct mthca_cq *send_cq, struct mthca_cq *recv_cq)
	__acquires(&send_cq->lock) __acquires(&recv_cq->lock)
{
	if (send_cq == recv_cq) {
		spin_lock_irq(&send_cq->lock);
		__acquire(&recv_cq->lock);
	} else if (send_cq->cqn < recv_cq->cqn) {
		spin_lock_irq(&send_cq->lock);
		spin_lock_nested(&recv_cq->lock, SINGLE_DEPTH_NESTING);
	} else {
		spin_lock_irq(&recv_cq->lock);
		spin_lock_nested(&send_cq->lock, SINGLE_DEPTH_NESTING);
	}
}

static void mthca_unlock_cqs(struct mthca_cq *send_cq, struct mthca_cq *recv_cq)
	__releases(&send_cq->lock) __releases(&recv_cq->lock)
{
	if (send_cq == recv_cq) {
		__release(&recv_cq->lock);
		spin_unlock_irq(&send_cq->lock);
	} else if (send_cq->cqn < recv_cq->cqn) {
		spin_unlock(&recv_cq->lock);
		spin_unlock_irq(&send_cq->lock);
	} else {
		spin_unlock(&send_cq->lock);
		spin_unlock_irq(&recv_cq->lock);
	}
}

void mthca_free_qp(struct mthca_qp *qp)
{
	struct mthca_cq *send_cq = qp->send_cq, *recv_cq = qp->recv_cq;

	mthca_lock_cqs(send_cq, recv_cq);
	qp->qpn = -1;
	mthca_unlock_cqs(send_cq, recv_cq);
}

void mthca_kick_qp(struct mthca_qp *qp)
{
	mthca_lock_cqs(qp->send_cq, qp->recv_cq);
	writel_relaxed(qp->qpn, qp->db); /* expect: MMIO001@contract */
	mthca_unlock_cqs(qp->send_cq, qp->recv_cq);
}
