/*
 * Reduced from drivers/scsi/pmcraid.c (Linux 6.1): every command reaches
 * the IOA through _pmcraid_fire_command(), which writes the IOARCB address
 * to ioarrin.  pmcraid_queuecommand_lck() sends commands with host_lock
 * held, but only because `static DEF_SCSI_QCMD(pmcraid_queuecommand)`, the
 * SCSI midlayer's wrapper (include/scsi/scsi_host.h), takes it around the
 * callback; pmcraid_process_ccn() takes host_lock itself around
 * pmcraid_send_cmd(); pmcraid_get_fwversion() sends without it.  The
 * wrapper's lock is the midlayer's, not the driver's discipline for
 * ioarrin: one driver site holding host_lock is no evidence, so nothing is
 * reported (counting the wrapper made two and flagged get_fwversion).
 */
/* rules: all */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <asm/barrier.h>
#include <scsi/scsi_host.h>

struct pmcraid_instance {
	struct Scsi_Host *host;
	void __iomem *ioarrin;
	spinlock_t pending_pool_lock;
	int pending;
};

struct pmcraid_cmd {
	struct pmcraid_instance *drv_inst;
	u32 ioarcb_bus_addr;
};

static void _pmcraid_fire_command(struct pmcraid_cmd *cmd)
{
	struct pmcraid_instance *pinstance = cmd->drv_inst;
	unsigned long lock_flags;

	spin_lock_irqsave(&pinstance->pending_pool_lock, lock_flags);
	pinstance->pending++;
	spin_unlock_irqrestore(&pinstance->pending_pool_lock, lock_flags);

	/* driver writes lower 32-bit value of IOARCB address only */
	mb();
	iowrite32(cmd->ioarcb_bus_addr, pinstance->ioarrin);
}

static void pmcraid_send_cmd(struct pmcraid_cmd *cmd)
{
	_pmcraid_fire_command(cmd);
}

static int pmcraid_queuecommand_lck(struct scsi_cmnd *scsi_cmd)
{
	pmcraid_send_cmd((struct pmcraid_cmd *)scsi_cmd->host_scribble);
	return 0;
}

static DEF_SCSI_QCMD(pmcraid_queuecommand)

void pmcraid_process_ccn(struct pmcraid_cmd *cmd);
void pmcraid_process_ccn(struct pmcraid_cmd *cmd)
{
	struct pmcraid_instance *pinstance = cmd->drv_inst;
	unsigned long lock_flags;

	spin_lock_irqsave(pinstance->host->host_lock, lock_flags);
	pmcraid_send_cmd(cmd);
	spin_unlock_irqrestore(pinstance->host->host_lock, lock_flags);
}

void pmcraid_get_fwversion(struct pmcraid_cmd *cmd);
void pmcraid_get_fwversion(struct pmcraid_cmd *cmd)
{
	pmcraid_send_cmd(cmd);
}

static struct scsi_host_template pmcraid_host_template = {
	.name			= "pmcraid",
	.queuecommand		= pmcraid_queuecommand,
};

struct scsi_host_template *pmcraid_template(void);
struct scsi_host_template *pmcraid_template(void)
{
	return &pmcraid_host_template;
}
