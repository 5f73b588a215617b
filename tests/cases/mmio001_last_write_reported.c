/*
 * Three relaxed writes escape the same release: one finding per release per
 * check and model, at the LAST escaping write.
 * contract: all three escape -> MMIO001 at the third.  ppc64-legacy: ordered.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_DMA_LO	0x200
#define FOO_DMA_HI	0x204
#define FOO_DMA_LEN	0x208

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
};

void foo_start_dma(struct foo_priv *priv, u64 addr, u32 len)
{
	spin_lock(&priv->lock);
	writel_relaxed((u32)addr, priv->regs + FOO_DMA_LO);
	writel_relaxed((u32)(addr >> 32), priv->regs + FOO_DMA_HI);
	writel_relaxed(len, priv->regs + FOO_DMA_LEN); /* expect: MMIO001@contract */
	spin_unlock(&priv->lock);
}
