/*
 * A static function stored only into a slot of the driver's own record,
 * which no code of the program calls, never runs.
 * drivers/tty/serial/jsm/jsm_neo.c (Linux 6.1): neo_send_immediate_char()
 * writes the txrx register with no lock ("The channel lock MUST be held by
 * the calling function"); it is stored only into jsm_neo_ops
 * .send_immediate_char, a slot of jsm's own struct board_ops (jsm.h), and
 * nothing in jsm calls ->send_immediate_char.  Checked as an entry, it was
 * an MMIO005 against the txrx writes made under ch_lock (jsm_neo.c:1364,
 * judged WRONG: dead code; qib's writescratch() in dd->f_writescratch the
 * same).  The slots the driver does call (send_break) keep their
 * functions: neo_send_break()'s callers judge it.  A slot of a kernel
 * record (struct uart_ops, declared in a kernel header) is the kernel's
 * to call, so its functions are entries whoever calls them.
 */
/* models: contract */
/* rules: all */
/* args: --pedantic */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <linux/serial_core.h>

struct neo_uart_struct {
	u8 txrx;
	u8 ier;
};

struct jsm_channel;

struct board_ops {
	void (*send_break)(struct jsm_channel *ch);
	void (*send_immediate_char)(struct jsm_channel *ch, unsigned char c);
};

struct jsm_board {
	const struct board_ops *bd_ops;
};

struct jsm_channel {
	struct uart_port uart_port;
	spinlock_t ch_lock;
	struct jsm_board *ch_bd;
	struct neo_uart_struct __iomem *ch_neo_uart;
};

static void neo_send_break(struct jsm_channel *ch)
{
	unsigned long flags;

	spin_lock_irqsave(&ch->ch_lock, flags);
	writeb(0, &ch->ch_neo_uart->txrx);
	spin_unlock_irqrestore(&ch->ch_lock, flags);
}

static void neo_send_immediate_char(struct jsm_channel *ch, unsigned char c)
{
	writeb(c, &ch->ch_neo_uart->txrx);
}

const struct board_ops jsm_neo_ops = {
	.send_break		= neo_send_break,
	.send_immediate_char	= neo_send_immediate_char,
};

void jsm_input(struct jsm_channel *ch)
{
	unsigned long flags;

	spin_lock_irqsave(&ch->ch_lock, flags);
	writeb(1, &ch->ch_neo_uart->txrx);
	writeb(2, &ch->ch_neo_uart->txrx);
	spin_unlock_irqrestore(&ch->ch_lock, flags);
}

void jsm_tty_break(struct jsm_channel *ch)
{
	ch->ch_bd->bd_ops->send_break(ch);
}

/* The serial core calls send_xchar: an entry, though nothing here calls it. */
static void jsm_tty_send_xchar(struct uart_port *port, char c)
{
	struct jsm_channel *ch = container_of(port, struct jsm_channel, uart_port);

	writeb(c, &ch->ch_neo_uart->txrx); /* expect: MMIO005@contract */
}

const struct uart_ops jsm_ops = {
	.send_xchar = jsm_tty_send_xchar,
};
