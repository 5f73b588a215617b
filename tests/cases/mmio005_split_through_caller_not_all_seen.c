/*
 * A helper below a cap counts per group of chains also through a caller
 * whose calls are not all seen: its seen callers' chains split as any
 * other, and an unseen one says nothing.
 *
 * Reduced from igc's PTM control register (drivers/net/ethernet/intel/igc,
 * Linux 6.1): igc_ptp_reset() and the PTM setup write IGC_PTM_CTRL under
 * tmreg_lock, igc_phc_get_syncdevicetime() read-modify-writes it without
 * (the cross-timestamp trigger), and igc_down() - non-static, called from
 * igc_close() and from other files - stops PTM through igc_ptm_stop()
 * without the lock too, below a cap.  Its chain went through a caller
 * whose calls are not all seen, so it counted for nothing, and two locked
 * writes outvoted one unlocked: MMIO005 at the trigger.  With the close
 * path's chain, two writes hold tmreg_lock and two do not, and the
 * register has no finding.
 */
/* models: contract */
/* rules: MMIO005 */
/* args: --pedantic */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define IGC_PTM_CTRL		0x12540
#define IGC_PTM_CTRL_EN		0x40000000
#define IGC_PTM_CTRL_TRIG	0x00000001

struct igc_adapter {
	spinlock_t tmreg_lock;
	u8 __iomem *hw_addr;
};

#define wr32(reg, val)	writel((val), adapter->hw_addr + (reg))
#define rd32(reg)	readl(adapter->hw_addr + (reg))

/* igc_ptm_stop()'s neighbours in igc_ptp_suspend(): enough writes, each
 * read back, that its summary is cut to its lock events (interproc.h,
 * IPA_MAX_SUMMARY_NODES) */
#define W1(o)	do { wr32(0x200 + (o), 0); rd32(0x200 + (o)); } while (0)
#define W4(o)	W1(o); W1((o) + 4); W1((o) + 8); W1((o) + 12)
#define W16(o)	W4(o); W4((o) + 16); W4((o) + 32); W4((o) + 48)
#define W64(o)	W16(o); W16((o) + 64); W16((o) + 128); W16((o) + 192)

static void igc_ptm_stop(struct igc_adapter *adapter)
{
	wr32(IGC_PTM_CTRL, rd32(IGC_PTM_CTRL) & ~IGC_PTM_CTRL_EN);
	W64(0);
	W64(256);
}

void igc_down(struct igc_adapter *adapter)
{
	igc_ptm_stop(adapter);
}

void igc_close(struct igc_adapter *adapter)
{
	igc_down(adapter);
}

void igc_ptp_reset(struct igc_adapter *adapter)
{
	unsigned long flags;

	spin_lock_irqsave(&adapter->tmreg_lock, flags);
	wr32(IGC_PTM_CTRL, IGC_PTM_CTRL_EN);
	spin_unlock_irqrestore(&adapter->tmreg_lock, flags);
}

void igc_ptp_set_ptm(struct igc_adapter *adapter)
{
	unsigned long flags;

	spin_lock_irqsave(&adapter->tmreg_lock, flags);
	wr32(IGC_PTM_CTRL, rd32(IGC_PTM_CTRL) | IGC_PTM_CTRL_EN);
	spin_unlock_irqrestore(&adapter->tmreg_lock, flags);
}

void igc_phc_get_syncdevicetime(struct igc_adapter *adapter)
{
	wr32(IGC_PTM_CTRL, rd32(IGC_PTM_CTRL) | IGC_PTM_CTRL_TRIG);
}
