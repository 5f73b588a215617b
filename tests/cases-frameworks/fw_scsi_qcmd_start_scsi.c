/*
 * Reduced from drivers/scsi/qla1280.c (Linux 4.19): the host template's
 * queuecommand is defined by the SCSI midlayer's wrapper,
 * `static DEF_SCSI_QCMD(qla1280_queuecommand)`, which (include/scsi/
 * scsi_host.h) takes shost->host_lock with spin_lock_irqsave() around
 * qla1280_queuecommand_lck().  That calls qla1280_64bit_start_scsi(),
 * which writes the request-queue index to mailbox4 and then mmiowb()
 * ("Enforce mmio write ordering; see comment in qla1280_isp_cmd()").
 * The wrapper is analyzed as the 6.1 macro really expands (the 4.19
 * _lck() also took the done callback; 6.1 drops it): every path to the
 * mmiowb() holds host_lock and the last write is a full writew() ->
 * MMIO003 once at the mmiowb() line, the wrapper and _lck in the trace.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <scsi/scsi_host.h>

#define REQUEST_ENTRY_CNT	256

struct device_reg {
	u16 id_l, id_h, cfg_0, cfg_1, ictrl, istatus, semaphore, nvram;
	u16 mailbox0, mailbox1, mailbox2, mailbox3, mailbox4, mailbox5;
};

struct scsi_qla_host {
	struct device_reg __iomem *iobase;
	u16 req_ring_index;
	int actthreads;
};

#define WRT_REG_WORD(addr, data)	writew(data, addr)

static int qla1280_64bit_start_scsi(struct scsi_qla_host *ha, struct scsi_cmnd *cmd)
{
	struct device_reg __iomem *reg = ha->iobase;

	(void)cmd;
	/* Adjust ring index. */
	ha->req_ring_index++;
	if (ha->req_ring_index == REQUEST_ENTRY_CNT)
		ha->req_ring_index = 0;

	/* Set chip new ring index. */
	ha->actthreads++;
	WRT_REG_WORD(&reg->mailbox4, ha->req_ring_index);
	/* Enforce mmio write ordering; see comment in qla1280_isp_cmd(). */
	mmiowb(); /* expect: MMIO003 */
	return 0;
}

static int qla1280_queuecommand_lck(struct scsi_cmnd *cmd)
{
	struct Scsi_Host *host = cmd->device->host;
	struct scsi_qla_host *ha = (struct scsi_qla_host *)host->hostdata;

	return qla1280_64bit_start_scsi(ha, cmd);
}

static DEF_SCSI_QCMD(qla1280_queuecommand)

static struct scsi_host_template qla1280_driver_template = {
	.name			= "qla1280",
	.queuecommand		= qla1280_queuecommand,
	.can_queue		= 0xfffff,
};

struct scsi_host_template *qla1280_template(void);
struct scsi_host_template *qla1280_template(void)
{
	return &qla1280_driver_template;
}
