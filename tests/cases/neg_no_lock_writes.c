/*
 * MMIO writes with no lock held (probe/reset paths): nothing is outstanding,
 * there is no section to leave -> no finding under any model, whatever the
 * accessor.
 */
/* models: contract,generic,riscv,rfc2019,ppc64-legacy,powerpc64,unconditional,explicit,every-write,none */
#include <linux/kernel.h>
#include <linux/io.h>
#include <linux/delay.h>

#define FOO_CTRL	0x00
#define FOO_SRAM	0x1000
#define FOO_RESET	0x80000000u

struct foo_priv {
	void __iomem *regs;
};

void foo_hw_reset(struct foo_priv *priv, const void *fw, size_t len)
{
	writel_relaxed(FOO_RESET, priv->regs + FOO_CTRL);
	udelay(100);
	__raw_writel(0, priv->regs + FOO_CTRL);
	memcpy_toio(priv->regs + FOO_SRAM, fw, len);
	writel(1, priv->regs + FOO_CTRL);
}
