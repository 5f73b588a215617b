/* e1000e/phy.c's e1000e_write_phy_reg_bm(): the BM PHY (ICH) takes the
 * semaphore through the ops slot. */
/* rules: all */
#include "hw.h"

s32 e1000e_write_phy_reg_bm(struct e1000_hw *hw)
{
	s32 ret_val = hw->phy.ops.acquire(hw);

	if (ret_val)
		return ret_val;
	hw->phy.ops.release(hw);
	return 0;
}
