/*
 * uart_ops.break_ctl and set_ldisc run under tty_port->mutex
 * ("serial-port-mutex", coarse: uart_break_ctl / uart_set_ldisc take it).
 * break_ctl: writel() then mmiowb() before the framework's mutex_unlock():
 *   a lock is held (no MMIO004, as without the context there would be); it
 *   is a mutex, not a spinlock section (no MMIO003); the mmiowb() orders the
 *   write (no MMIO006).
 * set_ldisc: a writel() under the coarse mutex only -> context, no MMIO006
 *   without --strict.
 * No finding under any model.
 */
/* models: contract,generic,ppc64-legacy */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <linux/serial_core.h>

#define FOO_UART_LCR	0x0c
#define FOO_UART_BRK	BIT(6)
#define FOO_UART_MODE	0x24

static void foo_uart_break_ctl(struct uart_port *port, int ctl)
{
	writel(ctl ? FOO_UART_BRK : 0, port->membase + FOO_UART_LCR);
	mmiowb();
}

static void foo_uart_set_ldisc(struct uart_port *port, struct ktermios *termios)
{
	(void)termios;
	writel(1, port->membase + FOO_UART_MODE);
}

static const struct uart_ops foo_uart_ops = {
	.break_ctl	= foo_uart_break_ctl,
	.set_ldisc	= foo_uart_set_ldisc,
};

void foo_uart_init_port(struct uart_port *port);
void foo_uart_init_port(struct uart_port *port)
{
	port->ops = &foo_uart_ops;
}
