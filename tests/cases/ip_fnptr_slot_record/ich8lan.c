/*
 * A function-pointer slot is the record that holds the pointer, however
 * the call reaches it: drivers/net/ethernet/intel/e1000e/ich8lan.c (Linux
 * 6.1) fills `static const struct e1000_nvm_operations ich8_nvm_ops` with
 * e1000_acquire_nvm_ich8lan(), and e1000_read_nvm_spt() calls
 * `nvm->ops.acquire(hw)` through `struct e1000_nvm_info *nvm =
 * &hw->nvm`; 82571.c stores `nvm->ops.acquire =
 * e1000_get_hw_semaphore_82574`.  The slot used to be the type path of
 * the call ("struct e1000_nvm_info::ops.acquire"), so ich8lan.c's own
 * table did not count and the call reached only 82571.c's semaphore
 * (MMIO006 at the release call, naming e1000_put_hw_semaphore_82574();
 * WRONG at ich8lan.c:3348 in the Linux run).  Both are now named by the
 * record that declares the pointer, "struct
 * e1000_nvm_operations::acquire"; the acquire and release calls take one
 * table's pair on a path (ip_fnptr_slots_set_together.c), without which
 * e1000e's acquire and release calls mixed every family's semaphores.
 */
/* models: contract */
/* args: --enable MMIO006 */
#include "hw.h"

static DEFINE_MUTEX(nvm_mutex);

static s32 e1000_acquire_nvm_ich8lan(struct e1000_hw *hw)
{
	(void)hw;
	mutex_lock(&nvm_mutex);
	return 0;
}

static void e1000_release_nvm_ich8lan(struct e1000_hw *hw)
{
	(void)hw;
	mutex_unlock(&nvm_mutex);
}

static const struct e1000_nvm_operations ich8_nvm_ops = {
	.acquire = e1000_acquire_nvm_ich8lan,
	.release = e1000_release_nvm_ich8lan,
};

void e1000_init_nvm_params_ich8lan(struct e1000_hw *hw)
{
	hw->nvm.ops = ich8_nvm_ops;
}

s32 e1000_read_nvm_spt(struct e1000_hw *hw, u16 offset)
{
	struct e1000_nvm_info *nvm = &hw->nvm;

	nvm->ops.acquire(hw);
	writew(offset, hw->flash_address + 0x10); /* expect: MMIO006@contract */
	nvm->ops.release(hw);
	return 0;
}
