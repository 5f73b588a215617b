/* The register accessors, drivers/net/ethernet/intel/e1000e/netdev.c. */
/* rules: all */
#include "hw.h"

void __ew32(struct e1000_hw *hw, unsigned long reg, u32 val)
{
	writel(val, hw->hw_addr + reg);
}

u32 __er32(struct e1000_hw *hw, unsigned long reg)
{
	return readl(hw->hw_addr + reg);
}
