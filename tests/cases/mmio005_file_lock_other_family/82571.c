/*
 * A lock that one file's code alone takes is that code's discipline for a
 * register, not the discipline of code in other files that cannot name
 * it.  drivers/net/ethernet/intel/e1000e (Linux 6.1): 82571.c serializes
 * EXTCNF_CTRL on the 82574 with its `static DEFINE_MUTEX(swflag_mutex)`
 * (e1000_get_hw_semaphore_82574() returns with it held,
 * e1000_put_hw_semaphore_82574() drops it, e1000_reset_hw_82571() holds
 * it around the reset).  ich8lan.c's e1000_acquire_swflag_ich8lan(), the
 * acquire of another chip family, writes the same offset under its own
 * SWFLAG handshake.  Once the two spellings of the register were one key,
 * phy.c's e1000e_write_phy_reg_bm() and netdev.c's watchdog, which reach
 * the ich8lan acquire through `hw->phy.ops.acquire`, were MMIO005
 * "without swflag_mutex" (e1000e/phy.c:2342, 2381, 2400, 2438,
 * netdev.c:4802, 5237 on Linux 6.1, WRONG: the 82574's lock is not the
 * ICH's).  A write in 82571.c's own code without the mutex is still one.
 */
/* rules: all */
/* args: --pedantic */
#include "hw.h"

static DEFINE_MUTEX(swflag_mutex);

static s32 e1000_get_hw_semaphore_82574(struct e1000_hw *hw)
{
	u32 extcnf_ctrl = E1000_EXTCNF_CTRL_SWFLAG;

	mutex_lock(&swflag_mutex);
	ew32(EXTCNF_CTRL, extcnf_ctrl);
	extcnf_ctrl = er32(EXTCNF_CTRL);
	return 0;
}

static void e1000_put_hw_semaphore_82574(struct e1000_hw *hw)
{
	ew32(EXTCNF_CTRL, 0);
	er32(EXTCNF_CTRL);
	mutex_unlock(&swflag_mutex);
}

static const struct e1000_phy_operations e82_phy_ops_bm = {
	.acquire = e1000_get_hw_semaphore_82574,
	.release = e1000_put_hw_semaphore_82574,
};

void e1000_init_phy_params_82571(struct e1000_hw *hw)
{
	hw->phy.ops = e82_phy_ops_bm;
}

void e1000_reset_hw_82571(struct e1000_hw *hw)
{
	u32 extcnf_ctrl = E1000_EXTCNF_CTRL_SWFLAG;

	mutex_lock(&swflag_mutex);
	ew32(EXTCNF_CTRL, extcnf_ctrl);
	er32(EXTCNF_CTRL);
	ew32(EXTCNF_CTRL, 0);
	er32(EXTCNF_CTRL);
	mutex_unlock(&swflag_mutex);
}

void e1000_clear_swflag_82574(struct e1000_hw *hw)
{
	ew32(EXTCNF_CTRL, 0); /* expect: MMIO005 */
}
