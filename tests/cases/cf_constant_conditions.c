/*
 * Integer-constant conditions take only the edge they select.
 * `do { } while (0)` runs its body once and loops back never.
 * `for (;;)` with a break: the relaxed write is last before the unlock ->
 *   MMIO001@contract.  ppc64-legacy: ordered.
 * foo_const_skip: the relaxed write sits under `if (0)` -> dead -> the
 *   section only has writel -> no finding.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_DB		0x40
#define FOO_CTRL	0x00

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
	int budget;
};

void foo_const_loop(struct foo_priv *priv, u32 tail)
{
	spin_lock(&priv->lock);
	do {
		priv->budget--;
	} while (0);
	for (;;) {
		writel_relaxed(tail, priv->regs + FOO_DB); /* expect: MMIO001@contract */
		break;
	}
	spin_unlock(&priv->lock);
}

void foo_const_skip(struct foo_priv *priv, u32 tail)
{
	spin_lock(&priv->lock);
	writel(tail, priv->regs + FOO_CTRL);
	if (0)
		writel_relaxed(tail, priv->regs + FOO_DB);
	spin_unlock(&priv->lock);
}
