/*
 * Reduced from drivers/scsi/qla1280.c (Linux 4.19): qla1280_isp_cmd()
 * writes the request-queue index to mailbox4 and then mmiowb() (the
 * comment that introduced it explains the host_lock race on SGI Altix).
 * In 4.19 every caller holds host_lock; here the same helper is also
 * reached from a threaded interrupt handler's thread function (registered
 * with devm_request_threaded_irq(), "irq-handler") that calls it without
 * the lock, as a driver converted to a threaded handler would: one caller
 * has no lock, so the mmiowb() is not redundant everywhere (no MMIO003)
 * and orders nothing on that path -> MMIO004 once at the mmiowb() line,
 * naming the thread function.  The primary handler only wakes the thread.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <linux/interrupt.h>

struct device_reg {
	u16 istatus, mailbox4;
};

struct scsi_qla_host {
	struct device_reg __iomem *iobase;
	spinlock_t *host_lock;
	u16 req_ring_index;
	struct device *dev;
	unsigned int irq;
};

#define WRT_REG_WORD(addr, data)	writew(data, addr)

static void qla1280_isp_cmd(struct scsi_qla_host *ha)
{
	struct device_reg __iomem *reg = ha->iobase;

	ha->req_ring_index++;
	WRT_REG_WORD(&reg->mailbox4, ha->req_ring_index);
	mmiowb(); /* expect: MMIO004 */
}

static void qla1280_marker(struct scsi_qla_host *ha)
{
	unsigned long flags;

	spin_lock_irqsave(ha->host_lock, flags);
	qla1280_isp_cmd(ha);
	spin_unlock_irqrestore(ha->host_lock, flags);
}

static irqreturn_t qla1280_intr_handler(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	return IRQ_WAKE_THREAD;
}

static irqreturn_t qla1280_intr_thread(int irq, void *dev_id)
{
	struct scsi_qla_host *ha = dev_id;

	(void)irq;
	qla1280_isp_cmd(ha);
	return IRQ_HANDLED;
}

int qla1280_setup(struct scsi_qla_host *ha);
int qla1280_setup(struct scsi_qla_host *ha)
{
	qla1280_marker(ha);
	return devm_request_threaded_irq(ha->dev, ha->irq, qla1280_intr_handler, qla1280_intr_thread,
					 IRQF_ONESHOT, "qla1280", ha);
}
