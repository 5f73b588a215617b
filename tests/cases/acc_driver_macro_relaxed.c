/*
 * A relaxed write hidden in a driver macro stays relaxed: x86 spells
 * writel_relaxed()/writew_relaxed() as __writel()/__writew(), the names
 * __raw_writel()/__raw_writew() use too.  Reduced from
 * drivers/net/ethernet/broadcom/bnx2x/bnx2x_main.c bnx2x_sp_prod_update()
 * (REG_WR16_RELAXED under bp->spq_lock, taken in bnx2x_sp_post()) and
 * bnx2x_cmn.c bnx2x_start_xmit() (DOORBELL_RELAXED).  On powerpc relaxed
 * is writeX(), which set io_sync: ppc64-legacy orders both.
 */
/* models: contract,generic,ppc64-legacy */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

struct bnx2x {
	void __iomem *regview;
	void __iomem *doorbells;
	int db_size;
	spinlock_t spq_lock;
	u16 spq_prod_idx;
};

#define REG_ADDR(bp, offset)	((bp)->regview + (offset))
#define REG_WR16_RELAXED(bp, offset, val) \
	writew_relaxed((u16)val, REG_ADDR(bp, offset))
#define DOORBELL_RELAXED(bp, cid, val) \
	writel_relaxed((u32)(val), (bp)->doorbells + ((bp)->db_size * (cid)))
#define XSTORM_SPQ_PROD_OFFSET	0x4000

int bnx2x_sp_post(struct bnx2x *bp)
{
	spin_lock_bh(&bp->spq_lock);
	bp->spq_prod_idx++;
	REG_WR16_RELAXED(bp, XSTORM_SPQ_PROD_OFFSET, bp->spq_prod_idx); /* expect: MMIO001@contract,generic */
	spin_unlock_bh(&bp->spq_lock);
	return 0;
}

void bnx2x_tx_doorbell(struct bnx2x *bp, spinlock_t *txq_lock, int cid, u32 db)
{
	spin_lock(txq_lock);
	DOORBELL_RELAXED(bp, cid, db); /* expect: MMIO001@contract,generic */
	spin_unlock(txq_lock);
}
