/*
 * Early return with its own unlock after a relaxed write.
 * polling path: CMD (relaxed) escapes at the first unlock -> MMIO001@contract
 *   on the CMD line.
 * other path: writel GO to the same device covers CMD -> ordered.
 * ppc64-legacy: relaxed sets io_sync -> ordered on both paths.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_CMD		0x00
#define FOO_GO		0x04

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
	bool polling;
};

int foo_issue(struct foo_priv *priv, u32 cmd)
{
	spin_lock(&priv->lock);
	writel_relaxed(cmd, priv->regs + FOO_CMD); /* expect: MMIO001@contract */
	if (priv->polling) {
		spin_unlock(&priv->lock);
		return 0;
	}
	writel(1, priv->regs + FOO_GO);
	spin_unlock(&priv->lock);
	return 1;
}
