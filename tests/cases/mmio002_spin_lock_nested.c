/*
 * Parent/child locks of the same class with spin_lock_nested(): the inner
 * acquire cleared io_sync on old powerpc like any spin_lock() ->
 * MMIO002@ppc64-legacy on the parent's writel.  generic / contract: ordered.
 */
/* models: contract,generic,ppc64-legacy */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_PORT_EN	0x18

struct foo_port {
	spinlock_t lock;
	void __iomem *regs;
	struct foo_port *child;
	bool enabled;
};

void foo_port_enable(struct foo_port *port)
{
	spin_lock(&port->lock);
	writel(1, port->regs + FOO_PORT_EN); /* expect: MMIO002@ppc64-legacy */
	spin_lock_nested(&port->child->lock, SINGLE_DEPTH_NESTING);
	port->child->enabled = true;
	spin_unlock(&port->child->lock);
	spin_unlock(&port->lock);
}
