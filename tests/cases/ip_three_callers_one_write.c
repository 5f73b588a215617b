/*
 * Reduced from drivers/net/ethernet/broadcom/bnx2x/bnx2x_main.c (Linux
 * 6.1): bnx2x_sp_prod_update() writes the slow-path producer with
 * REG_WR16_RELAXED (writew_relaxed) as the last write before the caller
 * drops bp->spq_lock.  In 6.1 bnx2x_sp_post() and bnx2x_cnic_sp_post()
 * end their section with it (the triage listed both rows); the third
 * caller, bnx2x_sp_post_batch(), is added here in the same shape so that
 * three callers reach the write.  One defect (the relaxed write, where
 * the fix goes: writew() or mmiowb() before the unlock), so one finding
 * whose three chains are the three callers' paths (JSON "chains", SARIF
 * threadFlows).  Real under contract and generic (riscv); on powerpc
 * relaxed is writew, ordered.  bnx2x_cnic_sp_queue() calls
 * bnx2x_cnic_sp_post() outside any lock: the section is the callee's own,
 * so it is no fourth chain.
 */
/* models: contract,generic,ppc64-legacy */
/* findings: 1 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <linux/errno.h>
#include <asm/barrier.h>

#define XSTORM_SPQ_PROD 0x2000

struct bnx2x {
	void __iomem *regview;
	spinlock_t spq_lock;
	u16 spq_prod_idx;
	int spq_left;
	int cnic_spq_pending;
};

static void bnx2x_sp_prod_update(struct bnx2x *bp)
{
	mb();
	writew_relaxed(bp->spq_prod_idx, bp->regview + XSTORM_SPQ_PROD);
}

int bnx2x_sp_post(struct bnx2x *bp, int command)
{
	spin_lock_bh(&bp->spq_lock);
	if (!bp->spq_left) {
		spin_unlock_bh(&bp->spq_lock);
		return -EBUSY;
	}
	bp->spq_left--;
	bp->spq_prod_idx++;
	bnx2x_sp_prod_update(bp); /* expect: MMIO001@contract,generic */
	spin_unlock_bh(&bp->spq_lock);
	return 0;
}

static void bnx2x_cnic_sp_post(struct bnx2x *bp, int count)
{
	spin_lock_bh(&bp->spq_lock);
	bp->cnic_spq_pending -= count;
	bp->spq_prod_idx += count;
	bnx2x_sp_prod_update(bp); /* expect: MMIO001@contract,generic */
	spin_unlock_bh(&bp->spq_lock);
}

int bnx2x_sp_post_batch(struct bnx2x *bp, int n)
{
	spin_lock_bh(&bp->spq_lock);
	bp->spq_left -= n;
	bp->spq_prod_idx += n;
	bnx2x_sp_prod_update(bp); /* expect: MMIO001@contract,generic */
	spin_unlock_bh(&bp->spq_lock);
	return 0;
}

int bnx2x_cnic_sp_queue(struct bnx2x *bp, int count)
{
	if (count <= 0)
		return 0;
	bnx2x_cnic_sp_post(bp, count);
	return count;
}
