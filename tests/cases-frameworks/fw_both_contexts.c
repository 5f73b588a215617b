/*
 * One callback, two contexts.  foo_uart_start_tx sits in uart_ops.start_tx
 * (serial_core calls it with port->lock held, "serial-port-lock") and the
 * driver also calls it directly from foo_uart_kick() with no lock held.
 * framework context: the writel is ordered by the framework's unlock, the
 *   mmiowb() is redundant -> MMIO003.
 * direct call: no lock held on that path -> the mmiowb() orders nothing
 *   -> MMIO004, reported once at the mmiowb() line of the static helper
 *   (docs/analysis.md), with foo_uart_kick()'s call in the trace.
 * Both under both default models.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <linux/serial_core.h>

#define FOO_UART_IER	0x04
#define FOO_UART_THRI	BIT(1)

static void foo_uart_start_tx(struct uart_port *port)
{
	writel(FOO_UART_THRI, port->membase + FOO_UART_IER);
	mmiowb(); /* expect: MMIO003 MMIO004 */
}

static const struct uart_ops foo_uart_ops = {
	.start_tx	= foo_uart_start_tx,
};

void foo_uart_kick(struct uart_port *port);
void foo_uart_kick(struct uart_port *port)
{
	port->ops = &foo_uart_ops;
	foo_uart_start_tx(port);
}
