/*
 * A helper that drops its caller's lock and takes it back, without an
 * annotation: drivers/scsi/qla1280.c qla1280_mailbox_command() (Linux
 * 6.1) unlocks ha->host->host_lock to wait for the mailbox interrupt and
 * locks it again before returning; qla1280_chip_diag() calls it only
 * after its early checks pass.  Read from chip_diag()'s entry, the lock
 * is "taken" on the paths through the mailbox and not on the early
 * returns, and MMIO007 said chip_diag() returns with it held on some
 * paths and not others.  A lock a path releases without having taken it
 * is the caller's: it is held on entry and at every return, so there is
 * no imbalance to report, in the helper or in its callers.
 */
/* rules: MMIO007 */
/* args: --enable MMIO007 */
#include <linux/kernel.h>
#include <linux/delay.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <scsi/scsi_host.h>

struct device_reg {
	u16 istatus;
	u16 host_cmd;
	u16 mailbox0;
};

struct scsi_qla_host {
	struct device_reg __iomem *iobase;
	struct Scsi_Host *host;
	int mailbox_wait;
	u16 mailbox_out[8];
};

static int qla1280_mailbox_command(struct scsi_qla_host *ha, u16 *mb)
{
	struct device_reg __iomem *reg = ha->iobase;
	int status = 0;

	ha->mailbox_wait = 1;
	writew(mb[0], &reg->mailbox0);
	spin_unlock_irq(ha->host->host_lock);
	writew(0x5000, &reg->host_cmd);
	readw(&reg->istatus);
	msleep(20);	/* the kernel waits for the mailbox interrupt */
	spin_lock_irq(ha->host->host_lock);
	ha->mailbox_wait = 0;
	if (ha->mailbox_out[0] != 0x4000)
		status = 1;
	return status;
}

static int qla1280_chip_diag(struct scsi_qla_host *ha)
{
	struct device_reg __iomem *reg = ha->iobase;
	u16 mb[8];
	int status = 0;

	if (readw(&reg->mailbox0) != 0)
		goto fail;
	mb[0] = 0x0006;
	status = qla1280_mailbox_command(ha, mb);
	if (status)
		goto fail;
	return 0;
 fail:
	return status;
}

int qla1280_initialize_adapter(struct scsi_qla_host *ha)
{
	int status;

	spin_lock_irq(ha->host->host_lock);
	status = qla1280_chip_diag(ha);
	spin_unlock_irq(ha->host->host_lock);
	return status;
}
