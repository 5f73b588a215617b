/*
 * A uart_ops.start_tx that feeds the FIFO with relaxed accessors (as
 * amba-pl011 does), and a stop_tx that writes the interrupt mask with
 * writel().  serial_core calls both with port->lock held, interrupts off
 * ("serial-port-lock": serial_core.h 'Locking: @port->lock taken').
 * contract, generic: the FIFO writes are relaxed and nothing after them
 *   orders them before the framework's spin_unlock_irqrestore() -> MMIO001
 *   at the write in the loop (the last escaping write on every path).
 * ppc64-legacy: writeb_relaxed is writeb -> io_sync -> ordered.
 * stop_tx: a full write under a spinlock -> ordered under every model.
 * throttle is not a slot (no lock): its relaxed write is outside any section.
 */
/* models: contract,generic,ppc64-legacy */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <linux/serial_core.h>

#define FOO_UART_DR	0x00
#define FOO_UART_IMSC	0x38
#define FOO_UART_TXIM	BIT(5)
#define FOO_UART_RTSEN	BIT(14)
#define FOO_UART_CR	0x30

static void foo_uart_start_tx(struct uart_port *port)
{
	struct circ_buf *xmit = &port->state->xmit;

	while (!uart_circ_empty(xmit)) {
		writeb_relaxed(xmit->buf[xmit->tail], port->membase + FOO_UART_DR); /* expect: MMIO001@contract,generic */
		uart_xmit_advance(port, 1);
	}
}

static void foo_uart_stop_tx(struct uart_port *port)
{
	writel(0, port->membase + FOO_UART_IMSC);
}

static void foo_uart_throttle(struct uart_port *port)
{
	writel_relaxed(FOO_UART_RTSEN, port->membase + FOO_UART_CR);
}

static const struct uart_ops foo_uart_ops = {
	.start_tx	= foo_uart_start_tx,
	.stop_tx	= foo_uart_stop_tx,
	.throttle	= foo_uart_throttle,
};

void foo_uart_init_port(struct uart_port *port);
void foo_uart_init_port(struct uart_port *port)
{
	port->ops = &foo_uart_ops;
}
