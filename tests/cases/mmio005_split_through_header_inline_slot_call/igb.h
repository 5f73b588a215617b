/*
 * The PHY operations of drivers/net/ethernet/intel/igb (Linux 6.1): the
 * driver's header calls the PHY's get_phy_info through its slot from a
 * static inline, igb_get_phy_info() in igb.h.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/interrupt.h>
#include <linux/io.h>

#define E1000_MDIC	0x00020

struct e1000_hw;

struct e1000_phy_operations {
	int (*get_phy_info)(struct e1000_hw *hw);
};

struct e1000_hw {
	u8 __iomem *hw_addr;
	struct e1000_phy_operations ops;
	u32 phy_addr;
};

struct igb_adapter {
	struct e1000_hw hw;
	spinlock_t phy_lock;
	int irq;
};

static inline int igb_get_phy_info(struct e1000_hw *hw)
{
	if (hw->ops.get_phy_info)
		return hw->ops.get_phy_info(hw);
	return 0;
}
