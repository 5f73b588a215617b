/*
 * writel() then writel_relaxed() to the same device, relaxed last.
 * contract: the writel covers only itself and earlier writes; the relaxed one
 *   after it is not covered -> MMIO001 on the relaxed line.
 * generic / riscv / rfc2019: writel sets pending -> barrier at unlock orders
 *   every outstanding write, the relaxed one too -> no finding.
 * ppc64-legacy / powerpc64: both set the flag -> ordered.
 * explicit: nothing orders -> both escape -> one MMIO001 at the last (relaxed).
 */
/* models: contract,generic,riscv,rfc2019,ppc64-legacy,powerpc64,explicit */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_CMD		0x00
#define FOO_ARG		0x04

struct foo_priv {
	void __iomem *regs;
	spinlock_t cmd_lock;
};

void foo_send_cmd(struct foo_priv *priv, u32 cmd, u32 arg)
{
	spin_lock(&priv->cmd_lock);
	writel(cmd, priv->regs + FOO_CMD);
	writel_relaxed(arg, priv->regs + FOO_ARG); /* expect: MMIO001@contract,explicit */
	spin_unlock(&priv->cmd_lock);
}
