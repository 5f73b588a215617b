/* The ICH family's acquire of the same slot, e1000e/ich8lan.c: its own
 * handshake (a state bit and the hardware SWFLAG), no swflag_mutex. */
/* rules: all */
#include "hw.h"

static s32 e1000_acquire_swflag_ich8lan(struct e1000_hw *hw)
{
	u32 extcnf_ctrl = er32(EXTCNF_CTRL);

	extcnf_ctrl |= E1000_EXTCNF_CTRL_SWFLAG;
	ew32(EXTCNF_CTRL, extcnf_ctrl);
	return 0;
}

static void e1000_release_swflag_ich8lan(struct e1000_hw *hw)
{
	u32 extcnf_ctrl = er32(EXTCNF_CTRL);

	ew32(EXTCNF_CTRL, extcnf_ctrl & ~E1000_EXTCNF_CTRL_SWFLAG);
}

void e1000_init_phy_params_ich8lan(struct e1000_hw *hw)
{
	hw->phy.ops.acquire = e1000_acquire_swflag_ich8lan;
	hw->phy.ops.release = e1000_release_swflag_ich8lan;
}
