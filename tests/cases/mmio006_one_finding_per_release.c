/* findings: 1 */
/*
 * Two paths of one section leave different writes unordered at the same
 * mutex_unlock(), and their states do not join before it (each path
 * leaves rval with another value, and rval is returned).  Reduced from
 * qla2xxx's qla2x00_sysfs_write_optrom_ctl(): case 1 reads the flash
 * through isp_ops->read_optrom(), case 3 writes it through
 * isp_ops->write_optrom(), and both leave through `out: mutex_unlock()`.
 * The release is one defect: one finding, at the write the program makes
 * last, whose trace lists both (the escapes of one release are one,
 * whichever states the engine kept apart), not one finding per path.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/mutex.h>
#include <linux/io.h>

#define FOO_FLASH_ADDR	0x10
#define FOO_FLASH_DATA	0x14

struct foo_hw {
	void __iomem *regs;
	struct mutex optrom_mutex;
	u32 region;
};

static void foo_read_flash(struct foo_hw *hw)
{
	writel(hw->region, hw->regs + FOO_FLASH_ADDR);
}

static int foo_write_flash(struct foo_hw *hw, u32 data)
{
	writel(hw->region, hw->regs + FOO_FLASH_ADDR);
	writel(data, hw->regs + FOO_FLASH_DATA);
	return data == 0xffffffff;
}

int foo_optrom_ctl(struct foo_hw *hw, int val, u32 data)
{
	int rval = 0;

	mutex_lock(&hw->optrom_mutex);
	switch (val) {
	case 1:
		foo_read_flash(hw);
		break;
	case 3:
		rval = foo_write_flash(hw, data) ? -EIO : 0; /* expect: MMIO006 */
		break;
	default:
		rval = -EINVAL;
	}
	mutex_unlock(&hw->optrom_mutex);
	return rval;
}
