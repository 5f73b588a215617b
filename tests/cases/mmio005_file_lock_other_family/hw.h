/* struct e1000_hw, its PHY operations and the register accessors,
 * drivers/net/ethernet/intel/e1000e/hw.h and e1000.h (Linux 6.1), reduced. */
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/io.h>

#define E1000_EXTCNF_CTRL	0x00F00	/* Extended Configuration Control */
#define E1000_EXTCNF_CTRL_SWFLAG	0x00000020

struct e1000_hw;

struct e1000_phy_operations {
	s32 (*acquire)(struct e1000_hw *);
	void (*release)(struct e1000_hw *);
};

struct e1000_phy_info {
	struct e1000_phy_operations ops;
};

struct e1000_hw {
	void __iomem *hw_addr;
	unsigned long state;
	struct e1000_phy_info phy;
};

void __ew32(struct e1000_hw *hw, unsigned long reg, u32 val);
u32 __er32(struct e1000_hw *hw, unsigned long reg);

#define ew32(reg, val)	__ew32(hw, E1000_##reg, (val))
#define er32(reg)	__er32(hw, E1000_##reg)
