/*
 * An interrupt handler registered through a slot is an interrupt
 * handler: request_irq() given the value of an ops slot registers every
 * function stored into it.
 *
 * Reduced from jsm (drivers/tty/serial/jsm, Linux 6.1): jsm_probe_one()
 * calls request_irq(brd->irq, brd->bd_ops->intr, ...), and the ops
 * tables store neo_intr() and cls_intr() into .intr.  No code calls the
 * slot, so the handlers looked like code the program never runs, a setup
 * path whose writes do not vote: the interrupt's IER read-modify-write
 * (neo_parse_isr() -> neo_disable_receiver(), holding bd_intr_lock and
 * ch_lock, not the port lock) counted for nothing, and IER looked guarded
 * by the port lock that jsm_tty_stop_rx() and the termios path take.
 * The two paths do not exclude each other; the handler's write is the
 * other half of the race the port lock's writers are in.
 */
/* models: contract */
/* rules: MMIO005 */
/* args: --pedantic */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/interrupt.h>
#include <linux/io.h>

#define UART_17158_IER_RDI	0x01

struct neo_uart_struct {
	u8 txrx;
	u8 ier;
};

struct jsm_channel {
	spinlock_t port_lock;		/* the uart_port's lock */
	spinlock_t ch_lock;
	struct neo_uart_struct __iomem *ch_neo_uart;
};

struct board_ops {
	irqreturn_t (*intr)(int irq, void *voidbrd);
};

struct jsm_board {
	int irq;
	spinlock_t bd_intr_lock;
	const struct board_ops *bd_ops;
	struct jsm_channel *channel;
};

static irqreturn_t neo_intr(int irq, void *voidbrd)
{
	struct jsm_board *brd = voidbrd;
	struct jsm_channel *ch = brd->channel;
	unsigned long flags;

	spin_lock_irqsave(&brd->bd_intr_lock, flags);
	writeb(readb(&ch->ch_neo_uart->ier) & ~UART_17158_IER_RDI, &ch->ch_neo_uart->ier); /* expect: MMIO005 */
	spin_unlock_irqrestore(&brd->bd_intr_lock, flags);
	return IRQ_HANDLED;
}

const struct board_ops jsm_neo_ops = {
	.intr = neo_intr,
};

int jsm_probe_one(struct jsm_board *brd)
{
	brd->bd_ops = &jsm_neo_ops;
	return request_irq(brd->irq, brd->bd_ops->intr, IRQF_SHARED, "JSM", brd);
}

void jsm_tty_stop_rx(struct jsm_channel *ch)
{
	spin_lock(&ch->port_lock);
	writeb(readb(&ch->ch_neo_uart->ier) & ~UART_17158_IER_RDI, &ch->ch_neo_uart->ier);
	spin_unlock(&ch->port_lock);
}

void jsm_tty_set_termios(struct jsm_channel *ch)
{
	spin_lock(&ch->port_lock);
	writeb(readb(&ch->ch_neo_uart->ier) | UART_17158_IER_RDI, &ch->ch_neo_uart->ier);
	spin_unlock(&ch->port_lock);
}
