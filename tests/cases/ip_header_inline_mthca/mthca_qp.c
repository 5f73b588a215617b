/*
 * A header inline's raw doorbell is the last write before the unlock:
 * reduced from drivers/infiniband/hw/mthca/mthca_qp.c
 * mthca_tavor_post_send() (qp->sq.lock) and mthca_cq.c
 * mthca_tavor_arm_cq() (no lock).  The write is seen through
 * mthca_write64() in mthca_doorbell.h.
 */
#include "mthca_doorbell.h"

int mthca_tavor_post_send(struct mthca_dev *dev, struct mthca_qp *qp, u32 op0)
{
	unsigned long flags;

	spin_lock_irqsave(&qp->sq_lock, flags);
	qp->next_ind++;
	wmb();
	mthca_write64(qp->next_ind | op0, /* expect: MMIO001 */
		      qp->qpn << 8,
		      dev->kar + MTHCA_SEND_DOORBELL,
		      MTHCA_GET_DOORBELL_LOCK(&dev->doorbell_lock));
	spin_unlock_irqrestore(&qp->sq_lock, flags);
	return 0;
}

int mthca_tavor_arm_cq(struct mthca_dev *dev, u32 cqn)
{
	mthca_write64(cqn, 0xffffffff, dev->kar + MTHCA_CQ_DOORBELL,
		      MTHCA_GET_DOORBELL_LOCK(&dev->doorbell_lock));
	return 0;
}
