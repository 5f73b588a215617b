/*
 * An offset made inside a driver macro's body is not a register name: the
 * doorbell of every connection (bp->db_size * cid) is not one register,
 * and no key is made from the macro's text.  Reduced from
 * drivers/net/ethernet/broadcom/bnx2x: bnx2x_cmn.c bnx2x_start_xmit() and
 * bnx2x_ethtool.c bnx2x_run_loopback() (under bp->port.phy_mutex, via
 * bnx2x_self_test()) ring DOORBELL_RELAXED; a third, locked ring stands
 * for the other loopback paths.
 */
/* rules: all */
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/io.h>
#include <asm/barrier.h>

struct bnx2x {
	void __iomem *doorbells;
	int db_size;
	struct mutex phy_mutex;
};

#define DOORBELL_RELAXED(bp, cid, val) \
	writel_relaxed((u32)(val), (bp)->doorbells + ((bp)->db_size * (cid)))

void bnx2x_run_loopback(struct bnx2x *bp, int cid, u32 db)
{
	mutex_lock(&bp->phy_mutex);
	DOORBELL_RELAXED(bp, cid, db);
	readl(bp->doorbells);
	mutex_unlock(&bp->phy_mutex);
}

void bnx2x_run_loopback_again(struct bnx2x *bp, int cid, u32 db)
{
	mutex_lock(&bp->phy_mutex);
	DOORBELL_RELAXED(bp, cid, db);
	readl(bp->doorbells);
	mutex_unlock(&bp->phy_mutex);
}

void bnx2x_start_xmit(struct bnx2x *bp, int cid, u32 db)
{
	wmb();
	DOORBELL_RELAXED(bp, cid, db);
}
