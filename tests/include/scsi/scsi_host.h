/*
 * scsi/scsi_host.h - the SCSI host of Linux 6.1 (include/scsi/scsi_host.h),
 * reduced.  DEF_SCSI_QCMD is the 6.1 macro verbatim: the queuecommand it
 * defines takes shost->host_lock with spin_lock_irqsave() around the
 * driver's func_name##_lck(cmd) and drops it after.
 */
#ifndef _SCSI_SCSI_HOST_H
#define _SCSI_SCSI_HOST_H

#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <scsi/scsi_cmnd.h>

struct Scsi_Host;

struct scsi_host_template {
	const char *name;
	int (* queuecommand)(struct Scsi_Host *, struct scsi_cmnd *);
	int (* eh_abort_handler)(struct scsi_cmnd *);
	int can_queue;
	int this_id;
	unsigned short sg_tablesize;
};

struct Scsi_Host {
	spinlock_t		default_lock;
	spinlock_t		*host_lock;
	struct scsi_host_template *hostt;
	unsigned int		host_no;
	unsigned int		irq;
	unsigned long		hostdata[]		/* Used for storage of host specific stuff */
		__attribute__ ((aligned (sizeof(unsigned long))));
};

/*
 * Note: drivers that need the host_lock around their queuecommand define it
 * with this wrapper (include/scsi/scsi_host.h, Linux 6.1).
 */
#define DEF_SCSI_QCMD(func_name) \
	int func_name(struct Scsi_Host *shost, struct scsi_cmnd *cmd)	\
	{								\
		unsigned long irq_flags;				\
		int rc;							\
		spin_lock_irqsave(shost->host_lock, irq_flags);		\
		rc = func_name##_lck(cmd);				\
		spin_unlock_irqrestore(shost->host_lock, irq_flags);	\
		return rc;						\
	}

static inline void *shost_priv(struct Scsi_Host *shost)
{
	return (void *)shost->hostdata;
}

extern struct Scsi_Host *scsi_host_alloc(struct scsi_host_template *, int);
extern int scsi_add_host(struct Scsi_Host *, void *);
extern void scsi_remove_host(struct Scsi_Host *);
extern void scsi_host_put(struct Scsi_Host *t);

#endif
