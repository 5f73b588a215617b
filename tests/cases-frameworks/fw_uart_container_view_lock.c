/*
 * A callback that views its uart_port as a member of its own container
 * names the serial core's port->lock as its own code does.
 * drivers/tty/serial/jsm/jsm_tty.c (Linux 6.1): jsm_tty_set_mctrl() is
 * uart_ops.set_mctrl, called with port->lock held ("serial-port-lock"),
 * and does `channel = container_of(port, struct jsm_channel,
 * uart_port)`; jsm_tty_open() (startup) and jsm_tty_set_termios() take
 * `port->lock` themselves, with the same container_of, and write the same
 * MCR register.  Their `port->lock` has the container's type path
 * ("struct jsm_channel::uart_port.lock", lockid.c), so the framework's
 * lock held around set_mctrl must have it too: otherwise the set_mctrl
 * write is made "without port->lock (holding port->lock)", MMIO005.
 * The container_of() may also be written inside an expression, with no
 * local (rp2.c's rp2_uart_start_tx(): `rp2_rmw_set(port_to_up(port),
 * ...)`; jsm_tty_start_tx() below).  Nothing to report.
 */
/* models: contract */
/* rules: all */
/* args: --pedantic */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <linux/serial_core.h>

#define UART_MCR	4
#define UART_MCR_RTS	0x02

struct jsm_channel {
	struct uart_port uart_port;
	u8 __iomem *ch_neo_uart;
	u8 ch_mostat;
};

static inline struct jsm_channel *to_channel(struct uart_port *port)
{
	return container_of(port, struct jsm_channel, uart_port);
}

static void jsm_tty_start_tx(struct uart_port *port)
{
	writeb(0, to_channel(port)->ch_neo_uart + UART_MCR);
}

static void jsm_tty_set_mctrl(struct uart_port *port, unsigned int mctrl)
{
	struct jsm_channel *channel = container_of(port, struct jsm_channel, uart_port);

	channel->ch_mostat = mctrl & UART_MCR_RTS;
	writeb(channel->ch_mostat, channel->ch_neo_uart + UART_MCR);
}

static int jsm_tty_open(struct uart_port *port)
{
	struct jsm_channel *channel = container_of(port, struct jsm_channel, uart_port);
	unsigned long flags;

	spin_lock_irqsave(&port->lock, flags);
	writeb(0, channel->ch_neo_uart + UART_MCR);
	writeb(channel->ch_mostat, channel->ch_neo_uart + UART_MCR);
	spin_unlock_irqrestore(&port->lock, flags);
	return 0;
}

static void jsm_tty_set_termios(struct uart_port *port, struct ktermios *termios,
				const struct ktermios *old_termios)
{
	struct jsm_channel *channel = container_of(port, struct jsm_channel, uart_port);
	unsigned long flags;

	(void)termios;
	(void)old_termios;
	spin_lock_irqsave(&port->lock, flags);
	writeb(channel->ch_mostat, channel->ch_neo_uart + UART_MCR);
	spin_unlock_irqrestore(&port->lock, flags);
}

const struct uart_ops jsm_ops = {
	.set_mctrl	= jsm_tty_set_mctrl,
	.start_tx	= jsm_tty_start_tx,
	.startup	= jsm_tty_open,
	.set_termios	= jsm_tty_set_termios,
};
