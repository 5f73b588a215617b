/*
 * uart_ops.set_mctrl runs under the framework's port->lock
 * ("serial-port-lock") and takes the driver's own register-window lock
 * after its write, the nested pattern of DESIGN section 1 with the outer
 * lock held by serial_core.
 * ppc64-legacy: port->lock's acquire cleared io_sync, the writel set it,
 *   the inner acquire clears it, neither unlock syncs -> the write escapes
 *   port->lock; generic orders it -> MMIO002 at the write.
 * generic: nesting 2 at the inner lock, its unlock sees pending -> barrier.
 * contract: a full write, covered, ordered by the next spinlock release.
 */
/* models: contract,generic,ppc64-legacy */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <linux/serial_core.h>

#define FOO_UART_MCR	0x10
#define FOO_UART_SEL	0x7c

struct foo_uart {
	struct uart_port port;
	spinlock_t win_lock;
	u32 mctrl_shadow;
};

static void foo_uart_set_mctrl(struct uart_port *port, unsigned int mctrl)
{
	struct foo_uart *up = container_of(port, struct foo_uart, port);

	writel(mctrl, port->membase + FOO_UART_MCR); /* expect: MMIO002@ppc64-legacy */
	spin_lock(&up->win_lock);
	up->mctrl_shadow = mctrl;
	spin_unlock(&up->win_lock);
}

static const struct uart_ops foo_uart_ops = {
	.set_mctrl	= foo_uart_set_mctrl,
};

void foo_uart_init(struct foo_uart *up);
void foo_uart_init(struct foo_uart *up)
{
	spin_lock_init(&up->win_lock);
	up->port.ops = &foo_uart_ops;
}
