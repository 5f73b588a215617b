/*
 * A lock taken and released under a parameter the callers pass as a
 * constant: drivers/scsi/qla2xxx/qla_target.c (Linux 6.1)
 * qlt_send_term_exchange(qpair, cmd, atio, ha_locked, ul_abort) takes
 * qpair->qp_lock_ptr unless `ha_locked` (an early `if (ha_locked) { ...;
 * goto done; }`) and releases it `if (!ha_locked)` after `done:`.
 * __qlt_send_busy() calls it with ha_locked = 1 (the caller holds the
 * lock), qlt_send_busy() calls __qlt_send_busy(), and
 * qlt_chk_qfull_thresh_hold() takes ha->hardware_lock `if (!ha_locked)`
 * around qlt_send_busy().  The callee is balanced on each value of its
 * parameter, so none of them returns with a lock held on some paths only
 * (before: MMIO007 in qlt_send_busy() and qlt_chk_qfull_thresh_hold()).
 */
/* args: --enable MMIO007 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/errno.h>

struct qla_qpair {
	spinlock_t *qp_lock_ptr;
	void *vha;
};

struct qla_tgt_cmd {
	int aborted;
	int sg_mapped;
};

struct qla_hw_data {
	spinlock_t hardware_lock;
	int num_pend_cmds;
};

struct atio_from_isp {
	u32 tag;
};

int __qlt_send_term_exchange(struct qla_qpair *qpair, struct qla_tgt_cmd *cmd, struct atio_from_isp *atio);
void qlt_alloc_qfull_cmd(void *vha, struct atio_from_isp *atio, u16 status, int qfull);
void qlt_free_cmd(struct qla_tgt_cmd *cmd);
void *qla2x00_find_fcport(void *vha, u32 tag);

static void qlt_send_term_exchange(struct qla_qpair *qpair, struct qla_tgt_cmd *cmd,
				   struct atio_from_isp *atio, int ha_locked, int ul_abort)
{
	unsigned long flags = 0;
	int rc;

	if (ha_locked) {
		rc = __qlt_send_term_exchange(qpair, cmd, atio);
		if (rc == -ENOMEM)
			qlt_alloc_qfull_cmd(qpair->vha, atio, 0, 0);
		goto done;
	}
	spin_lock_irqsave(qpair->qp_lock_ptr, flags);
	rc = __qlt_send_term_exchange(qpair, cmd, atio);
	if (rc == -ENOMEM)
		qlt_alloc_qfull_cmd(qpair->vha, atio, 0, 0);

done:
	if (cmd && !ul_abort && !cmd->aborted)
		qlt_free_cmd(cmd);

	if (!ha_locked)
		spin_unlock_irqrestore(qpair->qp_lock_ptr, flags);
}

static int __qlt_send_busy(struct qla_qpair *qpair, struct atio_from_isp *atio, u16 status)
{
	if (!qla2x00_find_fcport(qpair->vha, atio->tag)) {
		qlt_send_term_exchange(qpair, NULL, atio, 1, 0);
		return 0;
	}
	return status ? -ENOMEM : 0;
}

static void qlt_send_busy(struct qla_qpair *qpair, struct atio_from_isp *atio, u16 status)
{
	int rc = __qlt_send_busy(qpair, atio, status);

	if (rc == -ENOMEM)
		qlt_alloc_qfull_cmd(qpair->vha, atio, status, 1);
}

int qlt_chk_qfull_thresh_hold(struct qla_hw_data *ha, struct qla_qpair *qpair,
			      struct atio_from_isp *atio, u8 ha_locked)
{
	unsigned long flags;

	if (ha->num_pend_cmds < 16)
		return 0;
	if (!ha_locked)
		spin_lock_irqsave(&ha->hardware_lock, flags);
	qlt_send_busy(qpair, atio, 0x28);
	if (!ha_locked)
		spin_unlock_irqrestore(&ha->hardware_lock, flags);
	return 1;
}

/* the caller that does not hold the lock */
void qlt_term_unlocked(struct qla_qpair *qpair, struct qla_tgt_cmd *cmd)
{
	struct atio_from_isp atio = { 0 };

	qlt_send_term_exchange(qpair, cmd, &atio, 0, 1);
}
