/*
 * Reduced from drivers/net/ethernet/broadcom/tg3.c (Linux 4.19): tg3_poll(),
 * the NAPI poll function ("napi-poll", netif_napi_add() in
 * tg3_napi_init()), completes and calls tg3_int_reenable(), which writes
 * the interrupt mailbox and then mmiowb().  NAPI poll runs from
 * net_rx_action() with no driver lock: the mmiowb() orders nothing ->
 * MMIO004 at the mmiowb() line, tg3_poll() in the trace.  The interrupt
 * handler only schedules NAPI (no finding).
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <linux/interrupt.h>
#include <linux/netdevice.h>

#define HOSTCC_MODE		0x00003c00
#define HOSTCC_MODE_ENABLE	0x00000002

struct tg3;

struct tg3_napi {
	struct napi_struct napi;
	struct tg3 *tp;
	u32 int_mbox;
	u32 last_tag;
	u32 coal_now;
};

struct tg3 {
	void __iomem *regs;
	u32 coalesce_mode;
	bool tagged_status;
	struct tg3_napi napi[1];
	struct net_device *dev;
};

extern bool tg3_has_work(struct tg3_napi *tnapi);
extern int tg3_poll_work(struct tg3_napi *tnapi, int work_done, int budget);

static void tw32_mailbox(struct tg3 *tp, u32 off, u32 val)
{
	writel(val, tp->regs + off);
}

static void tw32(struct tg3 *tp, u32 off, u32 val)
{
	writel(val, tp->regs + off);
}

static void tg3_int_reenable(struct tg3_napi *tnapi)
{
	struct tg3 *tp = tnapi->tp;

	tw32_mailbox(tp, tnapi->int_mbox, tnapi->last_tag << 24);
	mmiowb(); /* expect: MMIO004 */

	/* When doing tagged status, this work check is unnecessary.
	 * The last_tag we write above tells the chip which piece of
	 * work we've completed.
	 */
	if (!tp->tagged_status && tg3_has_work(tnapi))
		tw32(tp, HOSTCC_MODE, tp->coalesce_mode | HOSTCC_MODE_ENABLE | tnapi->coal_now);
}

static int tg3_poll(struct napi_struct *napi, int budget)
{
	struct tg3_napi *tnapi = container_of(napi, struct tg3_napi, napi);
	int work_done = 0;

	while (1) {
		work_done = tg3_poll_work(tnapi, work_done, budget);
		if (unlikely(work_done >= budget))
			break;
		if (likely(!tg3_has_work(tnapi))) {
			napi_complete_done(napi, work_done);
			tg3_int_reenable(tnapi);
			break;
		}
	}
	return work_done;
}

static irqreturn_t tg3_msi(int irq, void *dev_id)
{
	struct tg3_napi *tnapi = dev_id;

	(void)irq;
	tw32_mailbox(tnapi->tp, tnapi->int_mbox, 0x00000001);
	__napi_schedule(&tnapi->napi);
	return IRQ_RETVAL(1);
}

int tg3_napi_init(struct tg3 *tp, unsigned int irq);
int tg3_napi_init(struct tg3 *tp, unsigned int irq)
{
	netif_napi_add(tp->dev, &tp->napi[0].napi, tg3_poll);
	return request_irq(irq, tg3_msi, 0, "tg3", &tp->napi[0]);
}
