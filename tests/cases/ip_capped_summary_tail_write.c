/*
 * A helper over the summary cap keeps, of its writes, those that can
 * still be unordered when it returns: here the relaxed FIFO write it
 * makes last.  Before, a capped summary kept lock events only, and the
 * caller's spin_unlock() never saw the write.  Its other writes are each
 * read back before the helper returns, so they stay out.  The helper's
 * tests around the kept write are not kept, so the finding is a note,
 * shown with --pedantic (tests/test_interproc.py checks the severity,
 * the trace and the default run).
 *
 * Reduced from neo_intr() -> neo_parse_lsr() ->
 * neo_copy_data_from_queue_to_uart() (drivers/tty/serial/jsm/jsm_neo.c,
 * Linux 6.1): under brd->bd_intr_lock the status parser takes ch_lock
 * for each status bit and, on THRE, fills the TX FIFO with memcpy_toio()
 * last.
 */
/* args: --pedantic */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

struct uart_dev {
	spinlock_t intr_lock;
	spinlock_t ch_lock;
	void __iomem *regs;
	u32 lsr;
	bool thre;
};

/* status bit b: acked under the channel lock and read back */
#define ACK(b)	do { if (d->lsr & (1u << (b))) { spin_lock(&d->ch_lock); writeb(b, d->regs + 0x10); \
			(void)readb(d->regs + 0x14); spin_unlock(&d->ch_lock); } } while (0)
#define ACK8(b)	do { ACK(b); ACK((b) + 1); ACK((b) + 2); ACK((b) + 3); ACK((b) + 4); ACK((b) + 5); \
			ACK((b) + 6); ACK((b) + 7); } while (0)

static void uart_fill_fifo(struct uart_dev *d, u32 v)
{
	writel_relaxed(v, d->regs + 0x40);
}

/* 32 sections of ch_lock behind 32 tests: over the cap with lock events
 * alone */
static void uart_parse_lsr(struct uart_dev *d, u32 v)
{
	ACK8(0);
	ACK8(8);
	ACK8(16);
	ACK8(24);
	if (d->thre)
		uart_fill_fifo(d, v);
}

void uart_intr(struct uart_dev *d, u32 v)
{
	unsigned long flags;

	spin_lock_irqsave(&d->intr_lock, flags);
	uart_parse_lsr(d, v); /* expect: MMIO001@contract */
	spin_unlock_irqrestore(&d->intr_lock, flags);
}

/* the same, read back after the call: ordered */
void uart_poll(struct uart_dev *d, u32 v)
{
	spin_lock(&d->intr_lock);
	uart_parse_lsr(d, v);
	(void)readl(d->regs + 0x44);
	spin_unlock(&d->intr_lock);
}
