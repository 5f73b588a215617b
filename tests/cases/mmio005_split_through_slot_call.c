/*
 * A helper below a cap that is reached only through a slot counts per
 * group of chains too: an indirect call is a call of each function stored
 * into its slot, with the locks held at it.
 *
 * Reduced from jsm's CLS UART (drivers/tty/serial/jsm, Linux 6.1):
 * cls_param() is stored into board_ops.param and called only as
 * `ch->ch_bd->bd_ops->param(ch)`, by jsm_tty_set_termios() and
 * jsm_tty_open() under the port lock.  It read-modify-writes IER (and the
 * divisor latch's high byte, at the same address) among enough other
 * writes that its summary is cut to its lock events, so neither caller
 * sees its writes.  No direct call of it was recorded, so its writes
 * counted for nothing and the interrupt path's unlocked IER write
 * (cls_disable_receiver(), under bd_intr_lock only) had nothing to be
 * judged against.  Through the slot's calls, both writes hold the port
 * lock: MMIO005 at the interrupt's write.
 */
/* models: contract */
/* rules: MMIO005 */
/* args: --pedantic */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/interrupt.h>
#include <linux/io.h>

#define UART_IER_RDI	0x01
#define UART_IER_THRI	0x02

struct cls_uart_struct {
	u8 txrx;
	u8 ier;
	u8 isr_fcr;
	u8 lcr;
	u8 mcr;
	u8 lsr;
	u8 msr;
	u8 spr;
};

struct jsm_board;

struct jsm_channel {
	spinlock_t port_lock;		/* the uart_port's lock */
	struct jsm_board *ch_bd;
	struct cls_uart_struct __iomem *ch_cls_uart;
	unsigned int quot;
};

struct board_ops {
	void (*param)(struct jsm_channel *ch);
};

struct jsm_board {
	int irq;
	spinlock_t bd_intr_lock;
	const struct board_ops *bd_ops;
	struct jsm_channel *channel;
};

/* cls_param()'s other work (LCR, FIFO and flow-control setup): enough
 * writes, each read back, that its summary is cut to its lock events
 * (interproc.h, IPA_MAX_SUMMARY_NODES) */
#define W1(o)	do { writeb(0, &ch->ch_cls_uart->spr + (o)); readb(&ch->ch_cls_uart->lsr); } while (0)
#define W4(o)	W1(o); W1((o) + 1); W1((o) + 2); W1((o) + 3)
#define W16(o)	W4(o); W4((o) + 4); W4((o) + 8); W4((o) + 12)
#define W64(o)	W16(o); W16((o) + 16); W16((o) + 32); W16((o) + 48)

static void cls_param(struct jsm_channel *ch)
{
	u8 ier = readb(&ch->ch_cls_uart->ier);

	if (ch->quot)
		writeb(ch->quot >> 8, &ch->ch_cls_uart->ier);
	W64(0);
	W64(64);
	writeb(ier | UART_IER_THRI, &ch->ch_cls_uart->ier);
}

static void cls_disable_receiver(struct jsm_channel *ch)
{
	writeb(readb(&ch->ch_cls_uart->ier) & ~UART_IER_RDI, &ch->ch_cls_uart->ier);
}

static irqreturn_t cls_intr(int irq, void *voidbrd)
{
	struct jsm_board *brd = voidbrd;
	unsigned long flags;

	spin_lock_irqsave(&brd->bd_intr_lock, flags);
	cls_disable_receiver(brd->channel); /* expect: MMIO005 */
	spin_unlock_irqrestore(&brd->bd_intr_lock, flags);
	return IRQ_HANDLED;
}

const struct board_ops jsm_cls_ops = {
	.param = cls_param,
};

int jsm_probe_one(struct jsm_board *brd)
{
	brd->bd_ops = &jsm_cls_ops;
	return request_irq(brd->irq, cls_intr, IRQF_SHARED, "JSM", brd);
}

void jsm_tty_set_termios(struct jsm_channel *ch)
{
	unsigned long flags;

	spin_lock_irqsave(&ch->port_lock, flags);
	ch->ch_bd->bd_ops->param(ch);
	spin_unlock_irqrestore(&ch->port_lock, flags);
}

int jsm_tty_open(struct jsm_channel *ch)
{
	unsigned long flags;

	spin_lock_irqsave(&ch->port_lock, flags);
	ch->ch_bd->bd_ops->param(ch);
	spin_unlock_irqrestore(&ch->port_lock, flags);
	return 0;
}
