/*
 * powerpc64 since 5.2 vs ppc64-legacy vs generic, one accessor per section.
 * relaxed: powerpc64 / ppc64-legacy: writeX_relaxed is writeX -> ordered;
 *   generic -> MMIO001@generic.
 * __raw_writel: sets no flag anywhere -> MMIO001 under all three.
 * memcpy_toio: raw class -> MMIO001 under all three.
 * writesl: powerpc syncs before and after (barrier) -> ordered on both ppc
 *   models; generic: string sets no pending -> MMIO001@generic.
 */
/* models: powerpc64,ppc64-legacy,generic */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_DB		0x40
#define FOO_SRAM	0x1000

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
};

void foo_kick_relaxed(struct foo_priv *priv, u32 v)
{
	spin_lock(&priv->lock);
	writel_relaxed(v, priv->regs + FOO_DB); /* expect: MMIO001@generic */
	spin_unlock(&priv->lock);
}

void foo_kick_raw(struct foo_priv *priv, u32 v)
{
	spin_lock(&priv->lock);
	__raw_writel(v, priv->regs + FOO_DB); /* expect: MMIO001 */
	spin_unlock(&priv->lock);
}

void foo_load_sram(struct foo_priv *priv, const void *fw, size_t len)
{
	spin_lock(&priv->lock);
	memcpy_toio(priv->regs + FOO_SRAM, fw, len); /* expect: MMIO001 */
	spin_unlock(&priv->lock);
}

void foo_push_words(struct foo_priv *priv, const u32 *buf, unsigned long n)
{
	spin_lock(&priv->lock);
	writesl(priv->regs + FOO_SRAM, buf, n); /* expect: MMIO001@generic */
	spin_unlock(&priv->lock);
}
