/*
 * A driver macro naming a full and a relaxed accessor of the same width:
 * the call that is the full accessor keeps its own name (writel() is a
 * function on x86), the other one is the relaxed write the macro names.
 * Reduced from drivers/net/ethernet/broadcom/bnx2x/bnx2x.h REG_WR() /
 * REG_WR_RELAXED() as bnx2x_main.c bnx2x_sp_prod_update() uses them, in
 * one macro.  Under generic the full write set mmiowb_pending, so the
 * unlock's barrier orders the relaxed one after it too.
 */
/* models: contract,generic,ppc64-legacy */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

struct bnx2x {
	void __iomem *regview;
	spinlock_t lock;
};

#define REG_WR_PAIR(bp, r1, v1, r2, v2) \
	do { writel((v1), (bp)->regview + (r1)); writel_relaxed((v2), (bp)->regview + (r2)); } while (0)
#define REG_WR_PAIR_FULL_LAST(bp, r1, v1, r2, v2) \
	do { writel_relaxed((v1), (bp)->regview + (r1)); writel((v2), (bp)->regview + (r2)); } while (0)

void bnx2x_pair_relaxed_last(struct bnx2x *bp, u32 a, u32 b)
{
	spin_lock(&bp->lock);
	REG_WR_PAIR(bp, 0x10, a, 0x14, b); /* expect: MMIO001@contract */
	spin_unlock(&bp->lock);
}

void bnx2x_pair_full_last(struct bnx2x *bp, u32 a, u32 b)
{
	spin_lock(&bp->lock);
	REG_WR_PAIR_FULL_LAST(bp, 0x10, a, 0x14, b);
	spin_unlock(&bp->lock);
}
