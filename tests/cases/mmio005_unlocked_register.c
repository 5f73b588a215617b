/*
 * MMIO005: FOO_CTRL is written under priv->lock in three places and once
 * without it (after the unlock) -> MMIO005 on the unlocked write, with the
 * locked writes as evidence.  FOO_STAT is written once locked and once
 * not: no majority, no finding.  Writes in foo_probe() (before the device
 * is shared) are not reported without --strict.
 */
/* rules: all */
/* args: --pedantic */	/* weak evidence by the default's bar (docs/rules/MMIO005.md) */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_CTRL	0x04
#define FOO_STAT	0x08

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
};

void foo_enable(struct foo_priv *priv)
{
	spin_lock(&priv->lock);
	writel(1, priv->regs + FOO_CTRL);
	spin_unlock(&priv->lock);
}

void foo_disable(struct foo_priv *priv)
{
	spin_lock(&priv->lock);
	writel(0, priv->regs + FOO_CTRL);
	writel(0, priv->regs + FOO_STAT);
	spin_unlock(&priv->lock);
}

void foo_pause(struct foo_priv *p)
{
	unsigned long flags;

	spin_lock_irqsave(&p->lock, flags);
	writel(2, p->regs + FOO_CTRL);
	spin_unlock_irqrestore(&p->lock, flags);
	writel(3, p->regs + FOO_CTRL); /* expect: MMIO005 */
	writel(3, p->regs + FOO_STAT);
}

int foo_probe(struct foo_priv *priv)
{
	writel(0, priv->regs + FOO_CTRL);
	return 0;
}
