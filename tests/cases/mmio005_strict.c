/*
 * --strict: writes in probe/init paths are reported too (foo_probe's
 * unlocked FOO_CTRL write, and the __init function's).
 */
/* rules: all */
/* args: --strict */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_CTRL	0x04

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
};

void foo_a(struct foo_priv *priv)
{
	spin_lock(&priv->lock);
	writel(1, priv->regs + FOO_CTRL);
	spin_unlock(&priv->lock);
}

void foo_b(struct foo_priv *priv)
{
	spin_lock(&priv->lock);
	writel(2, priv->regs + FOO_CTRL);
	spin_unlock(&priv->lock);
}

void foo_c(struct foo_priv *priv)
{
	spin_lock(&priv->lock);
	writel(4, priv->regs + FOO_CTRL);
	spin_unlock(&priv->lock);
}

int foo_probe(struct foo_priv *priv)
{
	writel(0, priv->regs + FOO_CTRL); /* expect: MMIO005 */
	return 0;
}

int __init foo_setup(struct foo_priv *priv)
{
	writel(0, priv->regs + FOO_CTRL); /* expect: MMIO005 */
	return 0;
}
