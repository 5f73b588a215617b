/*
 * Reduced from drivers/net/ethernet/intel/ice/ice_common.c (Linux 6.1)
 * ice_aq_send_cmd(): the global config mutex is taken for most opcodes, and
 * `lock_acquired = true` next to mutex_lock() decides the unlock after the
 * admin queue command.  The flag is assigned constants only, so its test is
 * correlated with the assignments: no path unlocks without locking or
 * returns holding the mutex (before: MMIO007 on ice_aq_send_cmd, and each
 * caller sending two commands paired one call's lock with the other's
 * unlock).  The command itself polls the queue head (ice_sq_send_cmd()),
 * which reads the doorbell back.  The flag is stored the kernel's `true`,
 * an enumerator of include/linux/stddef.h (tests/include/linux/types.h
 * declares it so): stdbool's macro `1` hid that the real code's flag was
 * not read as a constant.
 */
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/io.h>

#define ICE_AQ_OPC_DOWNLOAD_PKG 0x0C40
#define ICE_AQ_OPC_GET_VER 0x0001

static DEFINE_MUTEX(ice_global_cfg_lock_sw);

struct ice_hw {
	void __iomem *hw_addr;
	u16 next_to_use;
};

static int ice_sq_send_cmd(struct ice_hw *hw, u16 opcode)
{
	writel(opcode, hw->hw_addr + 0x80000);
	writel(++hw->next_to_use, hw->hw_addr + 0x80100);	/* tail */
	return readl(hw->hw_addr + 0x80200) == hw->next_to_use ? 0 : -5;	/* head */
}

int ice_aq_send_cmd(struct ice_hw *hw, u16 opcode)
{
	bool lock_acquired = false;
	int status;

	switch (opcode) {
	case ICE_AQ_OPC_DOWNLOAD_PKG:
	case ICE_AQ_OPC_GET_VER:
		break;
	default:
		mutex_lock(&ice_global_cfg_lock_sw);
		lock_acquired = true;
		break;
	}

	status = ice_sq_send_cmd(hw, opcode);
	if (lock_acquired)
		mutex_unlock(&ice_global_cfg_lock_sw);

	return status;
}

/* ice_loopback_test() sends several commands in a row */
int ice_loopback_test(struct ice_hw *hw)
{
	int ret = ice_aq_send_cmd(hw, 0x0601);

	if (ret)
		return ret;
	return ice_aq_send_cmd(hw, 0x0602);
}
