/*
 * A helper below a cap that is reached only through a slot called from a
 * driver-header inline counts per group of chains too: the inline has no
 * run of its own, so its indirect calls are its caller's, made with the
 * locks the caller holds at its call of the inline (the inline takes
 * none).
 *
 * Reduced from igb (drivers/net/ethernet/intel/igb, Linux 6.1):
 * igb_get_phy_info_m88() is stored into `phy->ops.get_phy_info` and
 * reached only as `hw->phy.ops.get_phy_info(hw)` in igb.h's
 * igb_get_phy_info().  Its summary is cut to its lock events, so the
 * inline's summary kept no trace of the call, no caller's run saw it,
 * and its MDIC writes counted for nothing: 222 sites of igb's PHY
 * helpers on Linux 6.1 were in that state.  Here both callers of the
 * inline hold phy_lock, so the helper's two writes of MDIC count for it,
 * and the interrupt's unlocked write of MDIC is MMIO005.
 */
/* models: contract */
/* rules: MMIO005 */
/* args: --pedantic */
#include "igb.h"

/* igb_get_phy_info_m88()'s other work (the PHY status reads through
 * MDIC's data half, polarity, cable length): enough writes, each read
 * back, that its summary is cut to its lock events (interproc.h,
 * IPA_MAX_SUMMARY_NODES) */
#define W1(o)	do { writel(0, hw->hw_addr + 0x100 + (o)); readl(hw->hw_addr + 0x100); } while (0)
#define W4(o)	W1(o); W1((o) + 4); W1((o) + 8); W1((o) + 12)
#define W16(o)	W4(o); W4((o) + 16); W4((o) + 32); W4((o) + 48)
#define W64(o)	W16(o); W16((o) + 64); W16((o) + 128); W16((o) + 192)

static int igb_get_phy_info_m88(struct e1000_hw *hw)
{
	writel(hw->phy_addr, hw->hw_addr + E1000_MDIC);
	W64(0);
	W64(256);
	writel(hw->phy_addr | 1, hw->hw_addr + E1000_MDIC);
	return 0;
}

static irqreturn_t igb_msix_other(int irq, void *data)
{
	struct igb_adapter *adapter = data;
	struct e1000_hw *hw = &adapter->hw;

	writel(0, hw->hw_addr + E1000_MDIC); /* expect: MMIO005 */
	return IRQ_HANDLED;
}

int igb_probe(struct igb_adapter *adapter)
{
	adapter->hw.ops.get_phy_info = igb_get_phy_info_m88;
	return request_irq(adapter->irq, igb_msix_other, 0, "igb", adapter);
}

void igb_watchdog_task(struct igb_adapter *adapter)
{
	spin_lock(&adapter->phy_lock);
	igb_get_phy_info(&adapter->hw);
	spin_unlock(&adapter->phy_lock);
}

void igb_reset(struct igb_adapter *adapter)
{
	spin_lock(&adapter->phy_lock);
	igb_get_phy_info(&adapter->hw);
	spin_unlock(&adapter->phy_lock);
}
