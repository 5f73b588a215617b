/*
 * A helper's write that a capped summary drops, and that no chain of
 * calls reaches with a driver lock held, votes against the register's
 * lock: it runs unlocked wherever it runs.
 *
 * Reduced from igb's CTRL register (drivers/net/ethernet/intel/igb,
 * Linux 6.1): the PTP pin helpers write it under tmreg_lock (the SYSTIM
 * lock), igb_set_pauseparam() -> igb_force_mac_fc() writes it without,
 * and so do the reset helpers below big, capped summaries, which no
 * caller's run sees.  Counting only the sites the callers' runs saw, the
 * two tmreg_lock sites outvoted the one ethtool site, which was MMIO005
 * "without tmreg_lock" (igb_ethtool.c:432, and igb_main.c:2488 for the
 * VLAN bit, LETTER: most CTRL writers take no lock).  With the reset
 * helper's write, tmreg_lock is held at no more sites than not, and the
 * register has no finding.  The write is still no finding itself.
 */
/* models: contract */
/* rules: MMIO005 */
/* args: --pedantic */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define E1000_CTRL	0x00000

struct igb_adapter {
	spinlock_t tmreg_lock;
	u8 __iomem *hw_addr;
	u32 ctrl;
};

#define wr32(reg, val)	writel((val), adapter->hw_addr + (reg))
#define rd32(reg)	readl(adapter->hw_addr + (reg))

/* the PTP pin helpers: CTRL's SDP bits under tmreg_lock, read back */
void igb_ptp_pin_perout(struct igb_adapter *adapter)
{
	unsigned long flags;

	spin_lock_irqsave(&adapter->tmreg_lock, flags);
	wr32(E1000_CTRL, adapter->ctrl | 0x10000);
	rd32(E1000_CTRL);
	spin_unlock_irqrestore(&adapter->tmreg_lock, flags);
}

void igb_ptp_pin_extts(struct igb_adapter *adapter)
{
	unsigned long flags;

	spin_lock_irqsave(&adapter->tmreg_lock, flags);
	wr32(E1000_CTRL, adapter->ctrl | 0x20000);
	rd32(E1000_CTRL);
	spin_unlock_irqrestore(&adapter->tmreg_lock, flags);
}

/* ethtool -A: igb_force_mac_fc()'s read-modify-write */
void igb_set_pauseparam(struct igb_adapter *adapter)
{
	wr32(E1000_CTRL, rd32(E1000_CTRL) | 0x08000000);
}

/* the reset helper's other writes, each read back: enough that its
 * summary is cut to its lock events (interproc.h, IPA_MAX_SUMMARY_NODES) */
#define W1(o)	do { wr32(0x200 + (o), 0); rd32(0x200 + (o)); } while (0)
#define W4(o)	W1(o); W1((o) + 4); W1((o) + 8); W1((o) + 12)
#define W16(o)	W4(o); W4((o) + 16); W4((o) + 32); W4((o) + 48)
#define W64(o)	W16(o); W16((o) + 64); W16((o) + 128); W16((o) + 192)

static void igb_reset_hw(struct igb_adapter *adapter)
{
	W64(0);
	W64(256);
	wr32(E1000_CTRL, adapter->ctrl | 0x04000000);
	rd32(E1000_CTRL);
}

static void igb_reset(struct igb_adapter *adapter)
{
	igb_reset_hw(adapter);
}

void igb_reinit_locked(struct igb_adapter *adapter)
{
	igb_reset(adapter);
}
