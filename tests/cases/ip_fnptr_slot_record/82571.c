/*
 * 82571.c's implementations of the same slot, stored by assignment
 * (e1000_init_nvm_params_82571()): its own callers reach them.
 */
#include "hw.h"

static DEFINE_MUTEX(swflag_mutex);

static s32 e1000_get_hw_semaphore_82574(struct e1000_hw *hw)
{
	mutex_lock(&swflag_mutex);
	writel(1, hw->hw_addr + 0x0f00);
	return 0;
}

static void e1000_put_hw_semaphore_82574(struct e1000_hw *hw)
{
	writel(0, hw->hw_addr + 0x0f00);
	mutex_unlock(&swflag_mutex);
}

void e1000_init_nvm_params_82571(struct e1000_hw *hw)
{
	struct e1000_nvm_info *nvm = &hw->nvm;

	nvm->ops.acquire = e1000_get_hw_semaphore_82574;
	nvm->ops.release = e1000_put_hw_semaphore_82574;
}
