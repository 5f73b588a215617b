/*
 * One lock spelled through a container_of() helper, reduced from
 * drivers/tty/serial/8250/8250_omap.c (Linux 6.1) omap_8250_set_termios():
 * `struct uart_8250_port *up = up_to_u8250p(port);` (container_of(port,
 * struct uart_8250_port, port)), spin_lock_irq(&port->lock), the saved
 * registers written back by omap8250_restore_regs(), then
 * spin_unlock_irq(&up->port.lock).  up->port is *port, so the unlock
 * releases the lock taken: no MMIO007, and the writes, full writel()s
 * (serial_out() is the 8250 core's mem32_serial_out() on this port), give
 * no finding.  The relaxed variant below, the same shape with
 * writel_relaxed(), is MMIO001 under contract at the call that writes
 * last.
 */
/* args: --enable MMIO007 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define UART_LCR 3
#define UART_IER 1
#define UART_LCR_CONF_MODE_B 0xbf

struct uart_port {
	spinlock_t lock;
	void __iomem *membase;
	unsigned int read_status_mask;
};

struct uart_8250_port {
	struct uart_port port;
	unsigned char ier, lcr;
};

static inline struct uart_8250_port *up_to_u8250p(struct uart_port *up)
{
	return container_of(up, struct uart_8250_port, port);
}

static void serial_out(struct uart_8250_port *up, int offset, int value)
{
	writel(value, up->port.membase + (offset << 2));
}

static void omap8250_restore_regs(struct uart_8250_port *up)
{
	serial_out(up, UART_LCR, UART_LCR_CONF_MODE_B);
	serial_out(up, UART_LCR, up->lcr);
	serial_out(up, UART_IER, up->ier);
}

void omap_8250_set_termios(struct uart_port *port, unsigned char cval)
{
	struct uart_8250_port *up = up_to_u8250p(port);

	spin_lock_irq(&port->lock);
	up->port.read_status_mask = 0x61;
	up->lcr = cval;
	omap8250_restore_regs(up);
	spin_unlock_irq(&up->port.lock);
}

static void serial_out_relaxed(struct uart_8250_port *up, int offset, int value)
{
	writel_relaxed(value, up->port.membase + (offset << 2));
}

void omap_8250_set_termios_relaxed(struct uart_port *port, unsigned char cval)
{
	struct uart_8250_port *up = up_to_u8250p(port);

	spin_lock_irq(&port->lock);
	up->lcr = cval;
	serial_out_relaxed(up, UART_LCR, up->lcr); /* expect: MMIO001@contract */
	spin_unlock_irq(&up->port.lock);
}
