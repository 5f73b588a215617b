/*
 * Two translation units analyzed in one invocation; findings carry their own
 * file.  foo_main.c: relaxed doorbell -> MMIO001@contract (ppc64-legacy:
 * ordered); firmware command under a mutex -> MMIO006 (both models).
 */
#include "foo.h"

void foo_ring_doorbell(struct foo_priv *priv, u32 tail)
{
	spin_lock(&priv->lock);
	writel_relaxed(tail, priv->regs + FOO_TX_DB); /* expect: MMIO001@contract */
	spin_unlock(&priv->lock);
}

void foo_fw_cmd(struct foo_priv *priv, u32 cmd)
{
	mutex_lock(&priv->fw_lock);
	writel(cmd, priv->regs + FOO_FW_CMD); /* expect: MMIO006 */
	mutex_unlock(&priv->fw_lock);
}
