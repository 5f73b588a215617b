/*
 * A helper's range check of a parameter, decided by the caller's
 * constant: drivers/net/ethernet/broadcom/bnx2x/bnx2x_main.c (Linux 6.1)
 * bnx2x_release_hw_lock(bp, resource) returns early `if (resource >
 * HW_LOCK_MAX_RESOURCE_VALUE)` (31), else reads the lock control
 * register (REG_RD) before releasing the resource.  bnx2x_mdio_read()
 * writes under bp->port.phy_mutex and ends with bnx2x_release_phy_lock()
 * -> bnx2x_release_hw_lock(bp, HW_LOCK_RESOURCE_MDIO) (0): the read
 * always comes, and orders the write before mutex_unlock() (before:
 * MMIO006 at bnx2x_main.c:12777, and at bnx2x_ethtool.c:1837 through
 * bnx2x_set_gpio()).  A run-time resource keeps both arms.  Reduced: the
 * helper here only reads; bnx2x_release_hw_lock()'s own REG_WR of the
 * resource bit, after the read, is a write of its own under the mutex.
 */
/* models: contract */
/* args: --enable MMIO006 */
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/io.h>
#include <linux/errno.h>

#define HW_LOCK_MAX_RESOURCE_VALUE	31
#define HW_LOCK_RESOURCE_MDIO		0
#define MISC_REG_DRIVER_CONTROL_1	0xa510
#define EMAC_REG_EMAC_MDIO_COMM		0xac

struct bnx2x {
	void __iomem *regview;
	struct mutex phy_mutex;
};

int bnx2x_release_hw_lock(struct bnx2x *bp, u32 resource)
{
	u32 lock_status;

	if (resource > HW_LOCK_MAX_RESOURCE_VALUE)
		return -EINVAL;
	lock_status = readl(bp->regview + MISC_REG_DRIVER_CONTROL_1);
	if (!(lock_status & (1 << resource)))
		return -EFAULT;
	return 0;
}

static void bnx2x_release_phy_lock(struct bnx2x *bp)
{
	bnx2x_release_hw_lock(bp, HW_LOCK_RESOURCE_MDIO);
	mutex_unlock(&bp->phy_mutex);
}

int bnx2x_mdio_read(struct bnx2x *bp, u32 val)
{
	mutex_lock(&bp->phy_mutex);
	writel(val, bp->regview + EMAC_REG_EMAC_MDIO_COMM);
	bnx2x_release_phy_lock(bp);
	return 0;
}

int bnx2x_mdio_release_any(struct bnx2x *bp, u32 val, u32 resource)
{
	mutex_lock(&bp->phy_mutex);
	writel(val, bp->regview + EMAC_REG_EMAC_MDIO_COMM); /* expect: MMIO006 */
	bnx2x_release_hw_lock(bp, resource);
	mutex_unlock(&bp->phy_mutex);
	return 0;
}
