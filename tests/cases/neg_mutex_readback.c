/*
 * writel() under a mutex followed by a read-back of the same device: the
 * read returns only after the write arrived ("flush device") -> ordered in
 * every model.  No finding.
 */
/* models: contract,generic,ppc64-legacy,explicit */
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/io.h>

#define FOO_FW_CMD	0x500
#define FOO_FW_STATUS	0x504

struct foo_priv {
	void __iomem *regs;
	struct mutex fw_mutex;
};

u32 foo_fw_command(struct foo_priv *priv, u32 cmd)
{
	u32 status;

	mutex_lock(&priv->fw_mutex);
	writel(cmd, priv->regs + FOO_FW_CMD);
	status = readl(priv->regs + FOO_FW_STATUS);
	mutex_unlock(&priv->fw_mutex);
	return status;
}
