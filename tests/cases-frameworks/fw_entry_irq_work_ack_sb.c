/*
 * Reduced from drivers/net/ethernet/broadcom/bnx2x (Linux 4.19):
 * bnx2x_msix_fp_int(), the fast-path interrupt handler ("irq-handler",
 * passed to request_irq() by bnx2x_req_msix_irqs()), and bnx2x_sp_task(),
 * the slow-path work item ("work-item", INIT_DELAYED_WORK(&bp->sp_task,
 * ...) in bnx2x_init_bp()), both ack the status block through
 * bnx2x_ack_sb(), which calls bnx2x_hc_ack_sb() or bnx2x_igu_ack_sb_gen()
 * (bnx2x_cmn.h): REG_WR() then "Make sure that ACK is written" mmiowb().
 * No lock is held on any of these paths: each mmiowb() orders nothing, two
 * helpers below an interrupt handler and a work item -> MMIO004 once, at
 * each mmiowb() line, with the callers in the trace.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <linux/interrupt.h>
#include <linux/netdevice.h>
#include <linux/workqueue.h>

#define HC_REG_COMMAND_REG		0x108000
#define COMMAND_REG_INT_ACK		0x0
#define IGU_REG_COMMAND_REG_32LSB_DATA	0x130000
#define INT_BLOCK_HC			0
#define USTORM_ID			1
#define ATTENTION_ID			4
#define IGU_INT_DISABLE			1
#define IGU_INT_ENABLE			0

struct bnx2x {
	void __iomem *regview;
	int int_block;
	int port;
	u16 def_att_idx;
	struct delayed_work sp_task;
};

struct bnx2x_fastpath {
	struct bnx2x *bp;
	u8 igu_sb_id;
	struct napi_struct napi;
};

#define REG_WR(bp, offset, val)	writel((u32)val, (bp)->regview + (offset))

static void bnx2x_igu_ack_sb_gen(struct bnx2x *bp, u8 igu_sb_id, u8 segment, u16 index, u8 op, u8 update,
				 u32 igu_addr)
{
	u32 data = ((u32)index << 16) | ((u32)segment << 8) | ((u32)update << 1) | op | igu_sb_id;

	REG_WR(bp, igu_addr, data);

	/* Make sure that ACK is written */
	mmiowb(); /* expect: MMIO004 */
	barrier();
}

static void bnx2x_hc_ack_sb(struct bnx2x *bp, u8 sb_id, u8 storm, u16 index, u8 op, u8 update)
{
	u32 hc_addr = (HC_REG_COMMAND_REG + bp->port * 32 + COMMAND_REG_INT_ACK);
	u32 igu_ack = ((u32)index << 16) | ((u32)sb_id << 8) | ((u32)storm << 4) | ((u32)update << 2) | op;

	REG_WR(bp, hc_addr, igu_ack);

	/* Make sure that ACK is written */
	mmiowb(); /* expect: MMIO004 */
	barrier();
}

static void bnx2x_ack_sb(struct bnx2x *bp, u8 igu_sb_id, u8 storm, u16 index, u8 op, u8 update)
{
	if (bp->int_block == INT_BLOCK_HC)
		bnx2x_hc_ack_sb(bp, igu_sb_id, storm, index, op, update);
	else
		bnx2x_igu_ack_sb_gen(bp, igu_sb_id, 0, index, op, update, IGU_REG_COMMAND_REG_32LSB_DATA);
}

static irqreturn_t bnx2x_msix_fp_int(int irq, void *fp_cookie)
{
	struct bnx2x_fastpath *fp = fp_cookie;
	struct bnx2x *bp = fp->bp;

	(void)irq;
	bnx2x_ack_sb(bp, fp->igu_sb_id, USTORM_ID, 0, IGU_INT_DISABLE, 0);
	__napi_schedule(&fp->napi);
	return IRQ_HANDLED;
}

static void bnx2x_sp_task(struct work_struct *work)
{
	struct bnx2x *bp = container_of(work, struct bnx2x, sp_task.work);

	bnx2x_ack_sb(bp, 0, ATTENTION_ID, bp->def_att_idx, IGU_INT_ENABLE, 1);
}

int bnx2x_req_msix_irqs(struct bnx2x *bp, struct bnx2x_fastpath *fp, unsigned int irq);
int bnx2x_req_msix_irqs(struct bnx2x *bp, struct bnx2x_fastpath *fp, unsigned int irq)
{
	INIT_DELAYED_WORK(&bp->sp_task, bnx2x_sp_task);
	return request_irq(irq, bnx2x_msix_fp_int, 0, "bnx2x-fp", fp);
}
