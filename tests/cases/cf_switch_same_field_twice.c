/*
 * Two switches on one field take matching cases: drivers/net/ethernet/
 * intel/e1000e/82571.c (Linux 6.1) e1000_reset_hw_82571() takes the MDIO
 * semaphore in `switch (hw->mac.type)` before the MAC reset, and releases
 * it in a second `switch (hw->mac.type)` after it, each case for its own
 * mac type, and only `if (!ret_val)`: e1000_get_hw_semaphore_82574()
 * holds swflag_mutex exactly when it returns 0.  A switch's cases were
 * one untested choice, so the path "82574 took it, the second switch took
 * the default" returned with the mutex held: MMIO007.  Each case of a
 * switch on a pure expression is now a test of `expr == value`, so the
 * second switch takes the first one's case.  A switch on a call result
 * (not a pure expression) is still one choice.
 */
/* rules: MMIO007 */
/* args: --enable MMIO007 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/mutex.h>
#include <linux/io.h>

enum e1000_mac_type { e1000_82571, e1000_82572, e1000_82573, e1000_82574, e1000_82583 };

struct e1000_mac_info {
	enum e1000_mac_type type;
};

struct e1000_hw {
	struct e1000_mac_info mac;
	void __iomem *hw_addr;
};

static DEFINE_MUTEX(swflag_mutex);

static int e1000_get_hw_semaphore_82574(struct e1000_hw *hw)
{
	mutex_lock(&swflag_mutex);
	if (readl(hw->hw_addr + 0x0f00) & 0x20) {
		mutex_unlock(&swflag_mutex);
		return -EIO;
	}
	return 0;
}

static void e1000_put_hw_semaphore_82574(struct e1000_hw *hw)
{
	mutex_unlock(&swflag_mutex);
}

int e1000_reset_hw_82571(struct e1000_hw *hw)
{
	int ret_val = 0;

	switch (hw->mac.type) {
	case e1000_82574:
	case e1000_82583:
		ret_val = e1000_get_hw_semaphore_82574(hw);
		break;
	default:
		break;
	}

	readl(hw->hw_addr);

	switch (hw->mac.type) {
	case e1000_82574:
	case e1000_82583:
		if (!ret_val)
			e1000_put_hw_semaphore_82574(hw);
		break;
	default:
		break;
	}
	return 0;
}

extern int foo_next_type(struct e1000_hw *hw);

/* Two switches on two calls' results: nothing ties them. */
int foo_reset(struct e1000_hw *hw)
{
	switch (foo_next_type(hw)) {
	case e1000_82574:
		mutex_lock(&swflag_mutex);
		break;
	default:
		break;
	}
	switch (foo_next_type(hw)) {
	case e1000_82574:
		mutex_unlock(&swflag_mutex);
		break;
	default:
		break;
	}
	return 0; /* expect: MMIO007 */
}
