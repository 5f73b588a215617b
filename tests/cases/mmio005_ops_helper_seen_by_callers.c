/*
 * A helper's own run is no evidence when its callers' runs see its
 * writes.  drivers/tty/serial/jsm (Linux 6.1): jsm_input() (jsm_tty.c)
 * takes ch->ch_lock and calls ch->ch_bd->bd_ops->disable_receiver(); it
 * is called only from the neo interrupt path (neo_intr() ->
 * neo_copy_data_from_uart_to_queue(), jsm_neo.c:472), where bd_ops is
 * jsm_neo_ops.  Run alone, jsm_input() reaches both boards' tables, so
 * cls_disable_receiver()'s IER write counted as held under ch_lock, and
 * an unlocked cls IER write was an MMIO005 (the cause of jsm_tty.c:170,
 * 254, 259, 318 on Linux 6.1, judged WRONG: no cls path writes IER under
 * ch_lock).  neo_intr()'s run, which chooses the neo table, sees
 * jsm_input()'s writes with their context; that is the evidence.  (In
 * 6.1 those rows stay: the evidence there is neo_parse_isr()'s own run,
 * whose summary is capped, so its callers do not see its writes and its
 * own sites still count.)
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

void jsm_input(struct jsm_channel *ch)
{
	unsigned long flags;

	spin_lock_irqsave(&ch->ch_lock, flags);
	ch->ch_bd->bd_ops->disable_receiver(ch);
	ch->ch_bd->bd_ops->disable_receiver(ch);
	spin_unlock_irqrestore(&ch->ch_lock, flags);
}

static irqreturn_t neo_intr(int irq, void *voidbrd)
{
	struct jsm_board *brd = voidbrd;

	(void)irq;
	jsm_input(brd->channel);
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

/* uart stop_rx: a cls board's IER, no ch_lock; no cls path takes it there. */
void jsm_tty_stop_rx(struct jsm_channel *channel)
{
	writeb(0, &channel->ch_cls_uart->ier);
}
