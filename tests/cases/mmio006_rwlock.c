/*
 * rwlock_t: no mmiowb hook on write_unlock().
 * foo_set_route (write_lock_irqsave): exclusive -> MMIO006 on the write.
 * foo_kick_route (read_lock_bh): shared -> no section -> no finding.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_ROUTE	0x700

struct foo_priv {
	void __iomem *regs;
	rwlock_t route_lock;
	u32 route;
};

void foo_set_route(struct foo_priv *priv, u32 route)
{
	unsigned long flags;

	write_lock_irqsave(&priv->route_lock, flags);
	priv->route = route;
	writel(route, priv->regs + FOO_ROUTE); /* expect: MMIO006 */
	write_unlock_irqrestore(&priv->route_lock, flags);
}

void foo_kick_route(struct foo_priv *priv)
{
	read_lock_bh(&priv->route_lock);
	writel(priv->route, priv->regs + FOO_ROUTE);
	read_unlock_bh(&priv->route_lock);
}
