/*
 * A function its callers reach is judged in them, also where it holds a
 * lock of its own.  drivers/tty/serial/jsm/jsm_cls.c (Linux 6.1):
 * cls_clear_break() takes ch->ch_lock and clears the break bit of LCR; it
 * is stored only in jsm_cls_ops.clear_break, called only by
 * jsm_tty_break() under port->lock (jsm_tty.c:183), where its write holds
 * both locks.  Checked alone, its write held ch_lock and not port->lock,
 * which the LCR writes of jsm_tty_break() and jsm_tty_open() hold: MMIO005
 * at jsm_cls.c:315 (and neo_clear_break(), jsm_neo.c:690), WRONG.  Its
 * own sites still count as evidence for ch_lock; the callers' sites are
 * the ones judged.
 */
/* models: contract */
/* rules: all */
/* args: --pedantic */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define UART_LCR_SBC	0x40
#define UART_LCR_WLEN8	0x03

struct cls_uart_struct {
	u8 txrx;
	u8 ier;
	u8 isr_fcr;
	u8 lcr;
};

struct jsm_channel;

struct board_ops {
	void (*send_break)(struct jsm_channel *ch);
	void (*clear_break)(struct jsm_channel *ch);
};

struct jsm_board {
	const struct board_ops *bd_ops;
};

struct jsm_channel {
	spinlock_t port_lock;
	spinlock_t ch_lock;
	struct jsm_board *ch_bd;
	struct cls_uart_struct __iomem *ch_cls_uart;
	unsigned long ch_flags;
};

static void cls_send_break(struct jsm_channel *ch)
{
	unsigned long flags;

	spin_lock_irqsave(&ch->ch_lock, flags);
	writeb(readb(&ch->ch_cls_uart->lcr) | UART_LCR_SBC, &ch->ch_cls_uart->lcr);
	spin_unlock_irqrestore(&ch->ch_lock, flags);
}

static void cls_clear_break(struct jsm_channel *ch)
{
	unsigned long flags;

	spin_lock_irqsave(&ch->ch_lock, flags);
	if (ch->ch_flags & 1) {
		u8 temp = readb(&ch->ch_cls_uart->lcr);

		writeb(temp & ~UART_LCR_SBC, &ch->ch_cls_uart->lcr);
		ch->ch_flags &= ~1UL;
	}
	spin_unlock_irqrestore(&ch->ch_lock, flags);
}

const struct board_ops jsm_cls_ops = {
	.send_break = cls_send_break,
	.clear_break = cls_clear_break,
};

void jsm_tty_break(struct jsm_channel *channel, int break_state)
{
	unsigned long flags;

	spin_lock_irqsave(&channel->port_lock, flags);
	if (break_state == -1)
		channel->ch_bd->bd_ops->send_break(channel);
	else
		channel->ch_bd->bd_ops->clear_break(channel);
	spin_unlock_irqrestore(&channel->port_lock, flags);
}

void jsm_tty_open(struct jsm_channel *channel)
{
	unsigned long flags;

	spin_lock_irqsave(&channel->port_lock, flags);
	writeb(0, &channel->ch_cls_uart->lcr);
	writeb(UART_LCR_WLEN8, &channel->ch_cls_uart->lcr);
	spin_unlock_irqrestore(&channel->port_lock, flags);
}

void jsm_tty_set_termios(struct jsm_channel *channel)
{
	unsigned long flags;

	spin_lock_irqsave(&channel->port_lock, flags);
	writeb(UART_LCR_WLEN8, &channel->ch_cls_uart->lcr);
	spin_unlock_irqrestore(&channel->port_lock, flags);
}
