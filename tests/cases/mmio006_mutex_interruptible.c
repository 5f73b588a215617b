/*
 * mutex_lock_interruptible() with an early return: the -EINTR path holds no
 * lock; the other path writes under the mutex only -> MMIO006 on the writel
 * (contract and ppc64-legacy alike: no hook on mutex_unlock()).
 */
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/io.h>

#define FOO_FW_CMD	0x500

struct foo_priv {
	void __iomem *regs;
	struct mutex fw_mutex;
};

int foo_fw_command(struct foo_priv *priv, u32 cmd)
{
	int ret;

	ret = mutex_lock_interruptible(&priv->fw_mutex);
	if (ret)
		return ret;
	writel(cmd, priv->regs + FOO_FW_CMD); /* expect: MMIO006 */
	mutex_unlock(&priv->fw_mutex);
	return 0;
}
