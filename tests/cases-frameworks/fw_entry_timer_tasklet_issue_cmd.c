/*
 * Reduced from drivers/memstick/host/jmb38x_ms.c (Linux 4.19).
 * jmb38x_ms_issue_cmd() programs a transfer and ends with
 * "mmiowb(); writel(cmd, host->addr + TPC);".  It is reached only with
 * host->lock held: from jmb38x_ms_submit_tasklet() ("tasklet-callback",
 * tasklet_init() in jmb38x_ms_alloc_host()), and two levels below the
 * abort timer jmb38x_ms_abort() ("timer-callback", timer_setup()) and the interrupt
 * handler jmb38x_ms_isr() ("irq-handler", request_irq()) through
 * jmb38x_ms_complete_cmd().  The writel() after the mmiowb() is a full
 * write, so the unlock orders everything -> MMIO003 once, at the mmiowb()
 * line, with the three callers in the trace.
 * jmb38x_ms_remove() disables the interrupts with two writel() and an
 * mmiowb() before it takes any lock: a remove path with no lock -> MMIO004
 * (a note: nothing in the file calls it).
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <linux/interrupt.h>
#include <linux/timer.h>
#include <linux/pci.h>

#define TPC			0x04
#define INT_STATUS		0x30
#define INT_STATUS_ENABLE	0x34
#define INT_SIGNAL_ENABLE	0x38
#define TPC_DATA_SEL		0x00008000

struct memstick_request {
	int error;
	unsigned char tpc;
};

struct jmb38x_ms_host {
	void __iomem *addr;
	spinlock_t lock;
	struct tasklet_struct notify;
	struct timer_list timer;
	struct memstick_request *req;
	unsigned int irq;
};

struct jmb38x_ms {
	struct pci_dev *pdev;
	int host_cnt;
	struct jmb38x_ms_host *hosts[2];
};

extern int memstick_next_req(struct jmb38x_ms_host *host, struct memstick_request **mrq);

static int jmb38x_ms_issue_cmd(struct jmb38x_ms_host *host)
{
	u32 cmd = TPC_DATA_SEL;

	if (!host->req)
		return -EINVAL;
	cmd |= (u32)host->req->tpc << 16;
	mmiowb(); /* expect: MMIO003 */
	writel(cmd, host->addr + TPC);
	return 0;
}

static void jmb38x_ms_complete_cmd(struct jmb38x_ms_host *host, int last)
{
	int rc;

	if (!last) {
		do {
			rc = memstick_next_req(host, &host->req);
		} while (!rc && jmb38x_ms_issue_cmd(host));
	}
}

static irqreturn_t jmb38x_ms_isr(int irq, void *dev_id)
{
	struct jmb38x_ms_host *host = dev_id;
	u32 irq_status;

	(void)irq;
	spin_lock(&host->lock);
	irq_status = readl(host->addr + INT_STATUS);
	if (irq_status == 0 || irq_status == ~0U) {
		spin_unlock(&host->lock);
		return IRQ_NONE;
	}
	if (host->req)
		jmb38x_ms_complete_cmd(host, 0);
	spin_unlock(&host->lock);
	return IRQ_HANDLED;
}

static void jmb38x_ms_submit_tasklet(unsigned long data)
{
	struct jmb38x_ms_host *host = (struct jmb38x_ms_host *)data;
	unsigned long flags;
	int rc;

	spin_lock_irqsave(&host->lock, flags);
	if (!host->req) {
		do {
			rc = memstick_next_req(host, &host->req);
		} while (!rc && jmb38x_ms_issue_cmd(host));
	}
	spin_unlock_irqrestore(&host->lock, flags);
}

static void jmb38x_ms_abort(struct timer_list *t)
{
	struct jmb38x_ms_host *host = from_timer(host, t, timer);
	unsigned long flags;

	spin_lock_irqsave(&host->lock, flags);
	if (host->req) {
		host->req->error = -ETIMEDOUT;
		jmb38x_ms_complete_cmd(host, 0);
	}
	spin_unlock_irqrestore(&host->lock, flags);
}

int jmb38x_ms_alloc_host(struct jmb38x_ms_host *host);
int jmb38x_ms_alloc_host(struct jmb38x_ms_host *host)
{
	spin_lock_init(&host->lock);
	tasklet_init(&host->notify, jmb38x_ms_submit_tasklet, (unsigned long)host);
	timer_setup(&host->timer, jmb38x_ms_abort, 0);
	return request_irq(host->irq, jmb38x_ms_isr, IRQF_SHARED, "jmb38x_ms", host);
}

void jmb38x_ms_remove(struct jmb38x_ms *jm);
void jmb38x_ms_remove(struct jmb38x_ms *jm)
{
	struct jmb38x_ms_host *host;
	unsigned long flags;
	int cnt;

	for (cnt = 0; cnt < jm->host_cnt; ++cnt) {
		if (!jm->hosts[cnt])
			break;
		host = jm->hosts[cnt];
		tasklet_kill(&host->notify);
		writel(0, host->addr + INT_SIGNAL_ENABLE);
		writel(0, host->addr + INT_STATUS_ENABLE);
		mmiowb(); /* expect: MMIO004 */
		spin_lock_irqsave(&host->lock, flags);
		if (host->req) {
			host->req->error = -ETIMEDOUT;
			jmb38x_ms_complete_cmd(host, 1);
		}
		spin_unlock_irqrestore(&host->lock, flags);
	}
}
