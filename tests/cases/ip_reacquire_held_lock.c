/*
 * Paths that take a spinlock the path already holds deadlock, so they are
 * not followed.  Both shapes come from Linux 6.1 splices:
 *  - ixgbe_run_xdp()/ice_finalize_xdp_rx(): a helper locks and unlocks on
 *    a condition the analyzer cannot correlate across two calls
 *    (static_branch_unlikely()); the path "locked in the first call, not
 *    unlocked" then meets the second call's spin_lock() of the same lock;
 *  - tg3_write_mem(): tp->indirect_lock held, tp->write32() has a target
 *    that takes tp->indirect_lock itself (never installed together with a
 *    caller holding it: it would deadlock).
 * Before: MMIO002@ppc64-legacy on both writes ("inner" acquire of the held
 * lock cleared io_sync).  A *_nested() acquire of a same-named lock is
 * still an inner acquire (mmio002_spin_lock_nested.c).
 */
/* models: contract,generic,ppc64-legacy */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

struct foo_ring {
	void __iomem *tail;
	spinlock_t tx_lock;
	unsigned long sent;
};

extern bool foo_need_lock(void);

static void foo_xmit(struct foo_ring *ring)
{
	if (foo_need_lock())
		spin_lock(&ring->tx_lock);
	ring->sent++;
	if (foo_need_lock())
		spin_unlock(&ring->tx_lock);
} /* expect: MMIO007 */

void foo_poll(struct foo_ring *ring, struct foo_ring *rx, int n)
{
	while (n--) {
		foo_xmit(ring);
		writel(n, rx->tail);
	}
} /* expect: MMIO007 */

struct bar_dev {
	void __iomem *regs;
	spinlock_t indirect_lock;
	u32 window;
	void (*write32)(struct bar_dev *bp, u32 off, u32 val);
};

static void bar_write_mmio(struct bar_dev *bp, u32 off, u32 val)
{
	writel(val, bp->regs + off);
}

static void bar_write_indirect(struct bar_dev *bp, u32 off, u32 val)
{
	unsigned long flags;

	spin_lock_irqsave(&bp->indirect_lock, flags);
	bp->window = off + val;
	spin_unlock_irqrestore(&bp->indirect_lock, flags);
}

void bar_setup(struct bar_dev *bp, int indirect)
{
	bp->write32 = indirect ? bar_write_indirect : bar_write_mmio;
}

void bar_write_mem(struct bar_dev *bp, u32 off, u32 val)
{
	unsigned long flags;

	spin_lock_irqsave(&bp->indirect_lock, flags);
	bp->write32(bp, 0x7c, off);
	bp->write32(bp, 0x84, val);
	spin_unlock_irqrestore(&bp->indirect_lock, flags);
}

/*
 * qla82xx_wr_32(): ha->hw_lock (an rwlock) write-held, a helper that
 * write-locks it on its own path: the same deadlock, so no MMIO006 at the
 * helper's unlock.  The write is still reported at the caller's own
 * unlock, not under ppc64-legacy: the helper's readl() begins with a sync
 * there (model_ppc_read_syncs.c).
 */
struct qux_hw {
	void __iomem *base;
	void __iomem *sem;
	rwlock_t hw_lock;
	int windowed;
};

static u32 qux_rd_32(struct qux_hw *ha, u32 off)
{
	unsigned long flags;
	u32 v;

	if (ha->windowed)
		write_lock_irqsave(&ha->hw_lock, flags);
	v = readl(ha->sem + off);
	if (ha->windowed)
		write_unlock_irqrestore(&ha->hw_lock, flags);
	return v;
}

void qux_wr_32(struct qux_hw *ha, u32 off, u32 data)
{
	unsigned long flags;

	write_lock_irqsave(&ha->hw_lock, flags);
	writel(data, ha->base + off); /* expect: MMIO006@contract,generic */
	qux_rd_32(ha, 0x7c);
	write_unlock_irqrestore(&ha->hw_lock, flags);
}
