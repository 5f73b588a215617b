/*
 * for loops inside a section.
 * foo_fill_ring: relaxed writes in the loop, nothing after -> on any path that
 *   entered the loop the last escaping write is the loop's write ->
 *   MMIO001@contract there (n == 0 writes nothing).  ppc64-legacy: ordered.
 * foo_fill_ring_tail: same loop, then writel tail to the same device ->
 *   covers every loop write -> no finding.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_RXD(i)	(0x400 + 4 * (i))
#define FOO_RX_TAIL	0x3fc

struct foo_priv {
	void __iomem *regs;
	spinlock_t rx_lock;
};

void foo_fill_ring(struct foo_priv *priv, const u32 *bufs, int n)
{
	int i;

	spin_lock(&priv->rx_lock);
	for (i = 0; i < n; i++)
		writel_relaxed(bufs[i], priv->regs + FOO_RXD(i)); /* expect: MMIO001@contract */
	spin_unlock(&priv->rx_lock);
}

void foo_fill_ring_tail(struct foo_priv *priv, const u32 *bufs, int n)
{
	int i;

	spin_lock(&priv->rx_lock);
	for (i = 0; i < n; i++)
		writel_relaxed(bufs[i], priv->regs + FOO_RXD(i));
	writel(n, priv->regs + FOO_RX_TAIL);
	spin_unlock(&priv->rx_lock);
}
