/*
 * A function reached only through its ops table runs with that table
 * chosen: drivers/net/ethernet/intel/e1000e (Linux 6.1).
 * e1000e_read_phy_reg_m88() (phy.c) is the read_reg of 82571.c's
 * e82_phy_ops_m88 table, whose acquire and release are the 82571 hardware
 * semaphore; e1000_init_phy_params_82571() overrides acquire and release
 * with the 82574 semaphore under swflag_mutex for 82574/82583, which use
 * e82_phy_ops_bm.  The m88 read calls `hw->phy.ops.acquire()` and
 * `release()` itself: with its own table chosen at entry, those are the
 * 82571 semaphore.  Before, each call chose among every block, and the
 * m88 read was reported as writing MDIC under swflag_mutex with nothing
 * ordering it before mutex_unlock() (MMIO006, WRONG at phy.c:257 in the
 * Linux run).  The BM read gets its own table's semaphore the same way,
 * although an 82574 overrides it: blocks that fill more slots are chosen
 * first (docs/analysis.md), and the override fills two, the table three.
 * A finding a real 82574 path would give (a write under swflag_mutex with
 * nothing ordering it before mutex_unlock(), LETTER for the ones judged)
 * is lost here rather than the m88 read getting one it cannot have.
 */
/* models: contract */
/* args: --enable MMIO006 */
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/io.h>

#define E1000_MDIC	0x00020
#define E1000_SWSM	0x05b50
#define E1000_EXTCNF_CTRL 0x00f00

enum e1000_mac_type { e1000_82571, e1000_82573, e1000_82574 };

struct e1000_hw;

struct e1000_phy_operations {
	s32 (*acquire)(struct e1000_hw *);
	s32 (*read_reg)(struct e1000_hw *, u32, u16 *);
	void (*release)(struct e1000_hw *);
};

struct e1000_phy_info {
	struct e1000_phy_operations ops;
};

struct e1000_mac_info {
	enum e1000_mac_type type;
};

struct e1000_hw {
	void __iomem *hw_addr;
	struct e1000_mac_info mac;
	struct e1000_phy_info phy;
};

static DEFINE_MUTEX(swflag_mutex);

static s32 e1000_get_hw_semaphore_82571(struct e1000_hw *hw)
{
	writel(1, hw->hw_addr + E1000_SWSM);
	return readl(hw->hw_addr + E1000_SWSM) & 1 ? 0 : -1;
}

static void e1000_put_hw_semaphore_82571(struct e1000_hw *hw)
{
	writel(0, hw->hw_addr + E1000_SWSM);
}

static s32 e1000_get_hw_semaphore_82574(struct e1000_hw *hw)
{
	mutex_lock(&swflag_mutex);
	writel(1, hw->hw_addr + E1000_EXTCNF_CTRL);
	return 0;
}

static void e1000_put_hw_semaphore_82574(struct e1000_hw *hw)
{
	writel(0, hw->hw_addr + E1000_EXTCNF_CTRL);
	mutex_unlock(&swflag_mutex);
}

/* phy.c: the m88 PHY read through MDIC. */
static s32 e1000e_read_phy_reg_m88(struct e1000_hw *hw, u32 offset, u16 *data)
{
	s32 ret_val = hw->phy.ops.acquire(hw);

	if (ret_val)
		return ret_val;
	writel(offset << 16, hw->hw_addr + E1000_MDIC);
	*data = 0;
	hw->phy.ops.release(hw);
	return 0;
}

/* phy.c: the BM PHY read, the same shape. */
static s32 e1000e_read_phy_reg_bm2(struct e1000_hw *hw, u32 offset, u16 *data)
{
	s32 ret_val = hw->phy.ops.acquire(hw);

	if (ret_val)
		return ret_val;
	writel(offset << 16, hw->hw_addr + E1000_MDIC);
	*data = 0;
	hw->phy.ops.release(hw);
	return 0;
}

static const struct e1000_phy_operations e82_phy_ops_m88 = {
	.acquire = e1000_get_hw_semaphore_82571,
	.read_reg = e1000e_read_phy_reg_m88,
	.release = e1000_put_hw_semaphore_82571,
};

static const struct e1000_phy_operations e82_phy_ops_bm = {
	.acquire = e1000_get_hw_semaphore_82571,
	.read_reg = e1000e_read_phy_reg_bm2,
	.release = e1000_put_hw_semaphore_82571,
};

/* 82571.c: the 82574/82583 semaphore overrides the table's. */
s32 e1000_init_phy_params_82571(struct e1000_hw *hw)
{
	switch (hw->mac.type) {
	case e1000_82574:
		hw->phy.ops.acquire = e1000_get_hw_semaphore_82574;
		hw->phy.ops.release = e1000_put_hw_semaphore_82574;
		break;
	default:
		break;
	}
	return 0;
}

/* A caller through the slot: the read runs with the table chosen there. */
s32 e1e_rphy(struct e1000_hw *hw, u32 offset, u16 *data)
{
	return hw->phy.ops.read_reg(hw, offset, data);
}

const struct e1000_phy_operations *e1000_phy_ops(int bm)
{
	return bm ? &e82_phy_ops_bm : &e82_phy_ops_m88;
}
