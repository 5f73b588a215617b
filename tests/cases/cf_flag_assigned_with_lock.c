/*
 * A bool flag stored next to a conditional lock decides the unlock: the
 * shapes of drivers/net/ethernet/intel/ice/ice_common.c (Linux 6.1)
 * ice_aq_send_cmd() (`lock_acquired = true` after mutex_lock()), with the
 * kernel's true and false (enumerators of include/linux/stddef.h, which
 * were not read as constants: the flag's test went both ways).  Set
 * before the lock, tested negated, or cleared by the unlock, the flag is
 * still the lock's; a flag stored from another condition than the lock's
 * is not, and its function keeps MMIO007.
 */
#include <linux/kernel.h>
#include <linux/mutex.h>

static DEFINE_MUTEX(foo_cfg_lock);

struct foo_hw {
	u16 opcode;
	bool busy;
};

/* the admin queue command: in another file, it does not lock */
int foo_sq_send_cmd(struct foo_hw *hw, u16 opcode);

/* the flag set before the lock call */
int foo_send_before(struct foo_hw *hw)
{
	bool locked = false;

	if (hw->opcode != 1) {
		locked = true;
		mutex_lock(&foo_cfg_lock);
	}
	foo_sq_send_cmd(hw, hw->opcode);
	if (locked)
		mutex_unlock(&foo_cfg_lock);
	return 0;
}

/* the flag tested negated: `if (!skip_lock)` before and after */
int foo_send_negated(struct foo_hw *hw)
{
	bool skip_lock = true;

	switch (hw->opcode) {
	case 1:
		break;
	default:
		skip_lock = false;
		mutex_lock(&foo_cfg_lock);
		break;
	}
	foo_sq_send_cmd(hw, hw->opcode);
	if (!skip_lock)
		mutex_unlock(&foo_cfg_lock);
	return 0;
}

/* the unlock clears the flag, and a second test sees it clear */
int foo_send_twice(struct foo_hw *hw)
{
	bool held = false;

	if (hw->opcode) {
		mutex_lock(&foo_cfg_lock);
		held = true;
	}
	foo_sq_send_cmd(hw, 1);
	if (held) {
		mutex_unlock(&foo_cfg_lock);
		held = false;
	}
	foo_sq_send_cmd(hw, 2);
	if (held)
		mutex_unlock(&foo_cfg_lock);
	return 0;
}

/* the flag says the device was busy, not that the lock was taken */
int foo_send_unrelated(struct foo_hw *hw)
{
	bool was_busy = false;

	if (hw->opcode)
		mutex_lock(&foo_cfg_lock);
	if (hw->busy)
		was_busy = true;
	foo_sq_send_cmd(hw, hw->opcode);
	if (was_busy)
		mutex_unlock(&foo_cfg_lock);
	return 0; /* expect: MMIO007 */
}
