/*
 * A register offset a macro pastes together is the register its #define
 * names, whatever else the macro call passes.
 * drivers/net/ethernet/intel/e1000e (Linux 6.1): ew32(reg, val) is
 * __ew32(hw, E1000_##reg, (val)), and __ew32() writes hw->hw_addr + reg.
 * The argument `E1000_##reg` has no text of its own in the driver's
 * file, so its key was the whole macro call: `ew32(EXTCNF_CTRL,
 * extcnf_ctrl)` in e1000_acquire_swflag_ich8lan() and `ew32(EXTCNF_CTRL,
 * ctrl)` elsewhere were two registers, and the message named a macro call
 * (MMIO005 at e1000e/phy.c:2342 and netdev.c:4802 named
 * "hw_addr + ew32(EXTCNF_CTRL,extcnf_ctrl)").  The key is now
 * `struct e1000_hw::hw_addr + E1000_EXTCNF_CTRL`, however the value is
 * spelled.
 */
/* models: contract */
/* rules: all */
/* args: --pedantic */
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/io.h>

#define E1000_EXTCNF_CTRL	0x00F00	/* Extended Configuration Control */
#define E1000_EXTCNF_CTRL_SWFLAG	0x00000020

struct e1000_hw {
	void __iomem *hw_addr;
};

static DEFINE_MUTEX(swflag_mutex);

void __ew32(struct e1000_hw *hw, unsigned long reg, u32 val)
{
	writel(val, hw->hw_addr + reg);
}

u32 __er32(struct e1000_hw *hw, unsigned long reg)
{
	return readl(hw->hw_addr + reg);
}

#define ew32(reg, val)	__ew32(hw, E1000_##reg, (val))
#define er32(reg)	__er32(hw, E1000_##reg)

void e1000_get_hw_semaphore_82574(struct e1000_hw *hw)
{
	u32 extcnf_ctrl = E1000_EXTCNF_CTRL_SWFLAG;

	mutex_lock(&swflag_mutex);
	ew32(EXTCNF_CTRL, extcnf_ctrl);
	extcnf_ctrl = er32(EXTCNF_CTRL);
	mutex_unlock(&swflag_mutex);
}

void e1000_put_hw_semaphore_82574(struct e1000_hw *hw)
{
	u32 extcnf_ctrl = 0;

	mutex_lock(&swflag_mutex);
	ew32(EXTCNF_CTRL, extcnf_ctrl);
	extcnf_ctrl = er32(EXTCNF_CTRL);
	mutex_unlock(&swflag_mutex);
}

void e1000_release_swflag(struct e1000_hw *hw, u32 ctrl)
{
	ew32(EXTCNF_CTRL, ctrl); /* expect: MMIO005@contract */
}
