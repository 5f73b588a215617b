/*
 * break/continue inside a locked loop.
 * foo_post_all: every exit of the loop reaches the covering writel(TAIL) ->
 *   no finding (contract covers the same device; ppc64-legacy io_sync set).
 * foo_post_until_abort: break skips the tail write when i != n: a descriptor
 *   written in an earlier iteration escapes -> MMIO001@contract on the
 *   descriptor write; when the loop completes the tail writel covers it.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_TXD(i)	(0x800 + 4 * (i))
#define FOO_TX_TAIL	0x7fc
#define DESC_ABORT	0x80000000u

struct foo_desc {
	u32 addr;
	u32 len;
	u32 flags;
};

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
};

void foo_post_all(struct foo_priv *priv, const struct foo_desc *desc, int n)
{
	int i;

	spin_lock(&priv->lock);
	for (i = 0; i < n; i++) {
		if (!desc[i].len)
			continue;
		if (desc[i].flags & DESC_ABORT)
			break;
		writel_relaxed(desc[i].addr, priv->regs + FOO_TXD(i));
	}
	writel(i, priv->regs + FOO_TX_TAIL);
	spin_unlock(&priv->lock);
}

void foo_post_until_abort(struct foo_priv *priv, const struct foo_desc *desc, int n)
{
	int i;

	spin_lock(&priv->lock);
	for (i = 0; i < n; i++) {
		if (!desc[i].len)
			continue;
		if (desc[i].flags & DESC_ABORT)
			break;
		writel_relaxed(desc[i].addr, priv->regs + FOO_TXD(i)); /* expect: MMIO001@contract */
	}
	if (i == n)
		writel(i, priv->regs + FOO_TX_TAIL);
	spin_unlock(&priv->lock);
}
