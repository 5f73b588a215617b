/*
 * A helper below a cap is judged through its chains of calls, and a chain
 * goes on up through a caller whose own writes its root's run sees: the
 * root's run sees the caller's writes, but not those of the capped helper
 * it calls, so the calls of that caller are observed like any other's.
 *
 * Reduced from bnx2x (drivers/net/ethernet/broadcom/bnx2x, Linux 6.1):
 * IGU_REG_LEADING_EDGE_LATCH is written under the function state
 * object's one_pending_mutex by bnx2x_init_hw_func() and the function
 * reset paths, and without it by bnx2x_igu_int_enable() (reached from the
 * ethtool self-test, bnx2x_self_test()) and by bnx2x_pmf_update(), whose
 * summary is cut to its lock events.  bnx2x_pmf_update() is called by
 * bnx2x_attn_int_asserted(), whose own writes (the attention ack) the
 * attention task's run sees.  Its chain ends there only if that caller's
 * calls are not observed: then two locked writes outvote the self-test's
 * one, a finding at the self-test.  Through the caller, the attention
 * task's unlocked chain votes too: two to two, no finding.
 */
/* models: contract */
/* rules: MMIO005 */
/* args: --pedantic */
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/io.h>

#define IGU_REG_LEADING_EDGE_LATCH	0x130134
#define IGU_REG_ATTN_ACK		0x130140

struct bnx2x {
	void __iomem *regview;
	struct mutex one_pending_mutex;
	u32 attn_state;
};

#define REG_WR(bp, off, val)	writel((val), (bp)->regview + (off))
#define REG_RD(bp, off)		readl((bp)->regview + (off))

/* bnx2x_pmf_update()'s other work (the NIG and HC attention set-up, the
 * DCBX and statistics hand-over): enough writes, each read back, that its
 * summary is cut to its lock events (interproc.h, IPA_MAX_SUMMARY_NODES) */
#define W1(o)	do { REG_WR(bp, 0x8000 + (o), 0); REG_RD(bp, 0x8000 + (o)); } while (0)
#define W4(o)	W1(o); W1((o) + 4); W1((o) + 8); W1((o) + 12)
#define W16(o)	W4(o); W4((o) + 16); W4((o) + 32); W4((o) + 48)
#define W64(o)	W16(o); W16((o) + 64); W16((o) + 128); W16((o) + 192)

static void bnx2x_pmf_update(struct bnx2x *bp, u32 val)
{
	W64(0);
	W64(256);
	REG_WR(bp, IGU_REG_LEADING_EDGE_LATCH, val);
}

static void bnx2x_attn_int_asserted(struct bnx2x *bp, u32 asserted)
{
	REG_WR(bp, IGU_REG_ATTN_ACK, asserted);
	if (asserted & 1)
		bnx2x_pmf_update(bp, asserted);
}

void bnx2x_sp_task(struct bnx2x *bp)
{
	bnx2x_attn_int_asserted(bp, bp->attn_state);
}

static void bnx2x_igu_int_enable(struct bnx2x *bp)
{
	REG_WR(bp, IGU_REG_LEADING_EDGE_LATCH, 0xffff);
}

void bnx2x_self_test(struct bnx2x *bp)
{
	bnx2x_igu_int_enable(bp);
}

void bnx2x_init_hw_func(struct bnx2x *bp)
{
	mutex_lock(&bp->one_pending_mutex);
	REG_WR(bp, IGU_REG_LEADING_EDGE_LATCH, 0);
	REG_RD(bp, IGU_REG_LEADING_EDGE_LATCH);
	mutex_unlock(&bp->one_pending_mutex);
}

void bnx2x_func_reset_port(struct bnx2x *bp)
{
	mutex_lock(&bp->one_pending_mutex);
	REG_WR(bp, IGU_REG_LEADING_EDGE_LATCH, 0);
	REG_RD(bp, IGU_REG_LEADING_EDGE_LATCH);
	mutex_unlock(&bp->one_pending_mutex);
}
