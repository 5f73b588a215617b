/*
 * A pointer the function also converts with container_of() is a member of
 * that container, so its lock has the container's type path.
 * drivers/tty/serial/rp2.c (Linux 6.1): rp2_uart_shutdown(struct uart_port
 * *port) does `up = port_to_up(port)` (container_of(port, struct
 * rp2_uart_port, port)) and writes RP2_CHAN_STAT holding `port->lock`;
 * rp2_ch_interrupt() and rp2_uart_startup() write it holding
 * `up->port.lock`.  One lock: port is &up->port.  The two spellings had
 * two type paths ("struct uart_port::lock", "struct
 * rp2_uart_port::port.lock"), so MMIO005 reported the shutdown write as
 * made under another lock (rp2.c:540, judged WRONG).  A function with no
 * such local keeps the pointer's own type path.
 */
/* rules: MMIO005 */
/* args: --pedantic */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <linux/interrupt.h>

#define RP2_CHAN_STAT	0x04
#define RP2_UART_CTL	0x18

struct uart_port {
	spinlock_t lock;
	unsigned int irq;
};

struct rp2_uart_port {
	struct uart_port port;
	void __iomem *base;
	int idx;
};

static inline struct rp2_uart_port *port_to_up(struct uart_port *port)
{
	return container_of(port, struct rp2_uart_port, port);
}

static void rp2_rmw(struct rp2_uart_port *up, int reg, u32 clr_bits, u32 set_bits)
{
	u32 tmp = readl(up->base + reg);

	tmp &= ~clr_bits;
	tmp |= set_bits;
	writel(tmp, up->base + reg);
}

static irqreturn_t rp2_ch_interrupt(int irq, void *dev_id)
{
	struct rp2_uart_port *up = dev_id;
	u32 status;

	spin_lock(&up->port.lock);
	status = readl(up->base + RP2_CHAN_STAT);
	writel(status, up->base + RP2_CHAN_STAT);
	spin_unlock(&up->port.lock);
	return IRQ_HANDLED;
}

int rp2_uart_startup(struct rp2_uart_port *up)
{
	unsigned long flags;

	spin_lock_irqsave(&up->port.lock, flags);
	rp2_rmw(up, RP2_CHAN_STAT, 0, 0);
	spin_unlock_irqrestore(&up->port.lock, flags);
	return request_irq(up->port.irq, rp2_ch_interrupt, 0, "rp2", up);
}

void rp2_uart_shutdown(struct uart_port *port)
{
	struct rp2_uart_port *up = port_to_up(port);
	unsigned long flags;

	spin_lock_irqsave(&port->lock, flags);
	rp2_rmw(up, RP2_CHAN_STAT, 0, 0);
	spin_unlock_irqrestore(&port->lock, flags);
}
