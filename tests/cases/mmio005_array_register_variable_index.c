/*
 * drivers/net/ethernet/intel/igb/igb_main.c (Linux 6.1): the receive
 * address table is an array of registers, E1000_RAH(i) a function-like
 * macro of the entry.  igb_rar_set_index(adapter, index) writes the entry
 * its caller names, without a lock; the flow-filter code writes its own
 * entries under adapter->nfc_lock.  `&hw_addr[E1000_RAH(index)]` with a
 * variable index is any entry: no one register, so no evidence either
 * way.  Reported before (MMIO005 at igb_set_default_mac_filter() and
 * igb_set_vf_mac(), WRONG: the PF's default entry, the VFs' entries and
 * the filters' are disjoint), when the key was the macro's name,
 * `hw_addr[E1000_RAH]`, whatever the index.  A constant entry is still
 * one register (E1000_TIMINCA below).
 */
/* models: contract */
/* rules: all */
/* args: --pedantic */	/* weak evidence by the default's bar (docs/rules/MMIO005.md) */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define E1000_RAH(_i)	(((_i) <= 15) ? (0x05404 + ((_i) * 8)) : (0x054E4 + ((_i - 16) * 8)))
#define E1000_TIMINCA	0x0B608

struct e1000_hw {
	u8 __iomem *hw_addr;
};

struct igb_adapter {
	struct e1000_hw hw;
	spinlock_t nfc_lock;
	spinlock_t tmreg_lock;
};

#define wr32(reg, val) \
do { \
	u8 __iomem *hw_addr = READ_ONCE((hw)->hw_addr); \
	writel((val), &hw_addr[(reg)]); \
} while (0)

static void igb_rar_set_index(struct igb_adapter *adapter, u32 index)
{
	struct e1000_hw *hw = &adapter->hw;

	wr32(E1000_RAH(index), 0x80000000);
}

void igb_set_default_mac_filter(struct igb_adapter *adapter)
{
	igb_rar_set_index(adapter, 0);
}

void igb_add_filter(struct igb_adapter *adapter, u32 i)
{
	struct e1000_hw *hw = &adapter->hw;

	spin_lock(&adapter->nfc_lock);
	wr32(E1000_RAH(i), 1);
	spin_unlock(&adapter->nfc_lock);
}

void igb_del_filter(struct igb_adapter *adapter, u32 i)
{
	struct e1000_hw *hw = &adapter->hw;

	spin_lock(&adapter->nfc_lock);
	wr32(E1000_RAH(i), 0);
	spin_unlock(&adapter->nfc_lock);
}

void igb_ptp_adjfine(struct igb_adapter *adapter, u32 incvalue)
{
	struct e1000_hw *hw = &adapter->hw;

	wr32(E1000_TIMINCA, incvalue);	/* expect: MMIO005@contract */
}

void igb_ptp_reset(struct igb_adapter *adapter, u32 incvalue)
{
	struct e1000_hw *hw = &adapter->hw;

	spin_lock(&adapter->tmreg_lock);
	wr32(E1000_TIMINCA, incvalue);
	spin_unlock(&adapter->tmreg_lock);
}

void igb_ptp_init(struct igb_adapter *adapter, u32 incvalue)
{
	struct e1000_hw *hw = &adapter->hw;

	spin_lock(&adapter->tmreg_lock);
	wr32(E1000_TIMINCA, incvalue);
	spin_unlock(&adapter->tmreg_lock);
}
