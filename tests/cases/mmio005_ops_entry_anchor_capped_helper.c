/*
 * A static helper that only one ops-table function reaches, by name,
 * starts its checks from that table.  drivers/tty/serial/jsm/jsm_neo.c
 * (Linux 6.1): neo_intr() runs only as jsm_neo_ops.intr (passed to
 * request_irq() through brd->bd_ops->intr); it calls neo_parse_isr(),
 * static, which takes ch->ch_lock and calls ch->ch_bd->bd_ops->... on
 * the neo board.  neo_parse_isr() is too big for a full summary (capped:
 * its callers do not see its writes), so its own run is the evidence for
 * the registers it writes under ch_lock, and run alone it reached both
 * boards' tables: cls_disable_receiver()'s IER write counted as held
 * under ch_lock, and the cls IER writes the uart callbacks make without
 * it were MMIO005 (jsm_tty.c:170, 254, 259, 318, judged WRONG: no cls
 * path writes IER under ch_lock).  It now starts from neo_intr()'s choice
 * of jsm_neo_ops, among every table of the program (neo_intr()'s own
 * file fills only its own, so a choice made there found one table and
 * no choice at all), and in 6.1 those rows name the neo registers, which
 * the interrupt's flow control does write under ch_lock.
 */
/* models: contract */
/* rules: all */
/* args: --pedantic */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <linux/interrupt.h>

struct neo_uart_struct {
	u8 ier;
	u8 scratch[128];
};

struct cls_uart_struct {
	u8 ier;
};

struct jsm_channel;

struct board_ops {
	irqreturn_t (*intr)(int irq, void *voidbrd);
	void (*disable_receiver)(struct jsm_channel *ch);
};

struct jsm_board {
	const struct board_ops *bd_ops;
	struct jsm_channel *channel;
	int irq;
};

struct jsm_channel {
	spinlock_t ch_lock;
	struct jsm_board *ch_bd;
	struct neo_uart_struct __iomem *ch_neo_uart;
	struct cls_uart_struct __iomem *ch_cls_uart;
};

static void neo_disable_receiver(struct jsm_channel *ch)
{
	writeb(0, &ch->ch_neo_uart->ier);
}

static void cls_disable_receiver(struct jsm_channel *ch)
{
	writeb(0, &ch->ch_cls_uart->ier);
}

#define NEO_W4(o)	do { writeb(0, &ch->ch_neo_uart->scratch[(o)]); writeb(0, &ch->ch_neo_uart->scratch[(o) + 1]); \
			     writeb(0, &ch->ch_neo_uart->scratch[(o) + 2]); writeb(0, &ch->ch_neo_uart->scratch[(o) + 3]); } while (0)
#define NEO_W16(o)	do { NEO_W4(o); NEO_W4((o) + 4); NEO_W4((o) + 8); NEO_W4((o) + 12); } while (0)

/* Big enough that its summary is capped. */
static void neo_parse_isr(struct jsm_channel *ch)
{
	unsigned long flags;

	NEO_W16(0);
	NEO_W16(16);
	NEO_W16(32);
	NEO_W16(48);
	NEO_W16(64);
	NEO_W16(80);
	NEO_W16(96);
	spin_lock_irqsave(&ch->ch_lock, flags);
	ch->ch_bd->bd_ops->disable_receiver(ch);
	ch->ch_bd->bd_ops->disable_receiver(ch);
	spin_unlock_irqrestore(&ch->ch_lock, flags);
}

static irqreturn_t neo_intr(int irq, void *voidbrd)
{
	struct jsm_board *brd = voidbrd;

	(void)irq;
	neo_parse_isr(brd->channel);
	return IRQ_HANDLED;
}

static irqreturn_t cls_intr(int irq, void *voidbrd)
{
	(void)irq;
	(void)voidbrd;
	return IRQ_HANDLED;
}

const struct board_ops jsm_neo_ops = {
	.intr = neo_intr,
	.disable_receiver = neo_disable_receiver,
};

const struct board_ops jsm_cls_ops = {
	.intr = cls_intr,
	.disable_receiver = cls_disable_receiver,
};

int jsm_probe_one(struct jsm_board *brd, int neo)
{
	if (neo)
		brd->bd_ops = &jsm_neo_ops;
	else
		brd->bd_ops = &jsm_cls_ops;
	return request_irq(brd->irq, brd->bd_ops->intr, IRQF_SHARED, "JSM", brd);
}

/* uart stop_rx on a cls board: IER without ch_lock, as every cls path. */
void jsm_tty_stop_rx(struct jsm_channel *channel)
{
	writeb(0, &channel->ch_cls_uart->ier);
}
