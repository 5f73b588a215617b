/*
 * A helper's write counts once: when the helper's summary keeps it, every
 * caller's run sees it as a site of its own, so the helper's own run adds
 * nothing, even when a cap above the caller drops the write on the way to
 * a root.
 *
 * Reduced from igc's PTM status register (drivers/net/ethernet/intel/igc,
 * Linux 6.1): igc_ptp_reset() clears IGC_PTM_STAT under tmreg_lock and is
 * called from igc_reset(), whose summary is cut to its lock events.  The
 * write was counted in igc_reset()'s run and again in igc_ptp_reset()'s
 * own, "held at the other 2 writes", and the cross-timestamp path's
 * unlocked clear (igc_ptm_reset() from igc_phc_get_syncdevicetime()) was
 * reported.  It is one locked write, below the two the evidence needs
 * (min_locked_sites): no finding.
 */
/* models: contract */
/* rules: MMIO005 */
/* args: --pedantic */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define IGC_PTM_STAT		0x12544
#define IGC_PTM_STAT_VALID	0x00000001

struct igc_adapter {
	spinlock_t tmreg_lock;
	u8 __iomem *hw_addr;
};

#define wr32(reg, val)	writel((val), adapter->hw_addr + (reg))
#define rd32(reg)	readl(adapter->hw_addr + (reg))

/* igc_reset()'s other work (the MAC reset and its init): enough writes,
 * each read back, that its summary is cut to its lock events
 * (interproc.h, IPA_MAX_SUMMARY_NODES) */
#define W1(o)	do { wr32(0x200 + (o), 0); rd32(0x200 + (o)); } while (0)
#define W4(o)	W1(o); W1((o) + 4); W1((o) + 8); W1((o) + 12)
#define W16(o)	W4(o); W4((o) + 16); W4((o) + 32); W4((o) + 48)
#define W64(o)	W16(o); W16((o) + 64); W16((o) + 128); W16((o) + 192)

static void igc_ptm_reset(struct igc_adapter *adapter)
{
	wr32(IGC_PTM_STAT, IGC_PTM_STAT_VALID);
}

void igc_ptp_reset(struct igc_adapter *adapter)
{
	unsigned long flags;

	spin_lock_irqsave(&adapter->tmreg_lock, flags);
	igc_ptm_reset(adapter);
	spin_unlock_irqrestore(&adapter->tmreg_lock, flags);
}

static void igc_reset(struct igc_adapter *adapter)
{
	W64(0);
	W64(256);
	igc_ptp_reset(adapter);
}

void igc_down(struct igc_adapter *adapter)
{
	igc_reset(adapter);
}

void igc_phc_get_syncdevicetime(struct igc_adapter *adapter)
{
	igc_ptm_reset(adapter);
}
