/*
 * The drivers/infiniband/hw/mlx4/qp.c (6.1) post_send shape: wmb() orders
 * the descriptors, then the doorbell is rung with writel_relaxed() as the
 * last MMIO write before spin_unlock_irqrestore(&qp->sq.lock).
 * contract: relaxed, not covered -> MMIO001.
 * generic / riscv: relaxed does not set pending -> no mmiowb -> MMIO001.
 * ppc64-legacy / powerpc64: writel_relaxed is writel there -> ordered.
 * The nreq == 0 path writes nothing.
 */
/* models: contract,generic,riscv,ppc64-legacy,powerpc64 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <asm/barrier.h>

#define MLX4_SEND_DOORBELL	0x14

struct mlx4_wq {
	spinlock_t lock;
	unsigned int head;
};

struct mlx4_ib_dev {
	void __iomem *uar_map;
};

struct mlx4_ib_qp {
	struct mlx4_wq sq;
	struct mlx4_ib_dev *dev;
	u32 doorbell_qpn;
	unsigned int sq_next_wqe;
	u32 *wqes;
};

int mlx4_ib_post_send(struct mlx4_ib_qp *qp, const u32 *wr, int nwr)
{
	unsigned long flags;
	unsigned int ind;
	int nreq, err = 0;

	spin_lock_irqsave(&qp->sq.lock, flags);
	ind = qp->sq_next_wqe;
	for (nreq = 0; nreq < nwr; ++nreq) {
		if (!wr[nreq]) {
			err = -EINVAL;
			goto out;
		}
		qp->wqes[ind++ & 0xff] = wr[nreq];
	}
out:
	if (likely(nreq)) {
		qp->sq.head += nreq;
		/* Make sure that descriptors are written before doorbell record. */
		wmb();
		writel_relaxed(qp->doorbell_qpn, /* expect: MMIO001@contract,generic,riscv */
			       qp->dev->uar_map + MLX4_SEND_DOORBELL);
		qp->sq_next_wqe = ind;
	}
	spin_unlock_irqrestore(&qp->sq.lock, flags);
	return err;
}
