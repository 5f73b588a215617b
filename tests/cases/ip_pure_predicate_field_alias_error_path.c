/*
 * The error path of bnx2x's VF response, drivers/net/ethernet/broadcom/
 * bnx2x/bnx2x_vfpf.c (Linux 6.1): bnx2x_vf_mbx_resp_send_msg() unlocks
 * vf->op_mutex (taken by bnx2x_vf_mbx_request() for a supported tlv)
 * only after both DMAE copies; when the first fails it jumps to
 * mbx_error, skips the unlock and calls bnx2x_vf_release(), which takes
 * op_mutex again through bnx2x_lock_vf_pf_channel(bp, vf,
 * CHANNEL_TLV_PF_RELEASE_VF) - a mutex the thread holds: a self-deadlock
 * on a DMAE failure.  The mailbox's two spellings meet
 * (ip_pure_predicate_field_alias.c), so what is left is this path: the
 * request, and bnx2x_vf_mbx() above it, return with op_mutex held on it
 * (MMIO007, REAL in the Linux run: the error path should release the
 * channel before releasing the VF).
 */
/* models: contract */
/* args: --enable MMIO007 */
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/io.h>

enum channel_tlvs {
	CHANNEL_TLV_NONE,
	CHANNEL_TLV_ACQUIRE,
	CHANNEL_TLV_INIT,
	CHANNEL_TLV_MAX
};

struct channel_tlv {
	u16 type;
	u16 length;
};

struct vfpf_first_tlv {
	struct channel_tlv tl;
	u32 resp_msg_offset;
};

struct bnx2x_vf_mbx {
	struct vfpf_first_tlv first_tlv;
};

struct bnx2x_virtf {
	struct mutex op_mutex;
	u16 op_current;
	u8 index;
	u8 state;
};

struct bnx2x_vfdb {
	struct bnx2x_virtf vfs[64];
	struct bnx2x_vf_mbx mbxs[64];
};

struct bnx2x {
	struct bnx2x_vfdb *vfdb;
	void __iomem *regview;
};

#define BP_VF(bp, idx)		(&((bp)->vfdb->vfs[idx]))
#define BP_VF_MBX(bp, vfid)	(&((bp)->vfdb->mbxs[vfid]))

static inline bool bnx2x_tlv_supported(u16 tlvtype)
{
	return CHANNEL_TLV_NONE < tlvtype && tlvtype < CHANNEL_TLV_MAX;
}

void bnx2x_lock_vf_pf_channel(struct bnx2x *bp, struct bnx2x_virtf *vf, enum channel_tlvs tlv)
{
	if (!bnx2x_tlv_supported(tlv))
		return;
	mutex_lock(&vf->op_mutex);
	vf->op_current = tlv;
} /* expect: MMIO007@contract */

void bnx2x_unlock_vf_pf_channel(struct bnx2x *bp, struct bnx2x_virtf *vf, enum channel_tlvs expected_tlv)
{
	if (!vf)
		return;
	if (!bnx2x_tlv_supported(expected_tlv))
		return;
	vf->op_current = CHANNEL_TLV_NONE;
	mutex_unlock(&vf->op_mutex);
}

int bnx2x_vf_release(struct bnx2x *bp, struct bnx2x_virtf *vf)
{
	bnx2x_lock_vf_pf_channel(bp, vf, CHANNEL_TLV_ACQUIRE);
	vf->state = 0;
	bnx2x_unlock_vf_pf_channel(bp, vf, CHANNEL_TLV_ACQUIRE);
	return 0;
}

/* The response: the mailbox found again from the VF's index. */
static void bnx2x_vf_mbx_resp_send_msg(struct bnx2x *bp, struct bnx2x_virtf *vf)
{
	struct bnx2x_vf_mbx *mbx = BP_VF_MBX(bp, vf->index);

	if (readl(bp->regview))
		goto mbx_error;
	bnx2x_unlock_vf_pf_channel(bp, vf, mbx->first_tlv.tl.type);
	return;
mbx_error:
	bnx2x_vf_release(bp, vf);
}

static void bnx2x_vf_mbx_request(struct bnx2x *bp, struct bnx2x_virtf *vf, struct bnx2x_vf_mbx *mbx)
{
	if (vf->state == 2)	/* VF_LOST: just acknowledge */
		return;
	if (bnx2x_tlv_supported(mbx->first_tlv.tl.type)) {
		bnx2x_lock_vf_pf_channel(bp, vf, mbx->first_tlv.tl.type);
		switch (mbx->first_tlv.tl.type) {
		case CHANNEL_TLV_ACQUIRE:
		case CHANNEL_TLV_INIT:
			writel(1, bp->regview);
			bnx2x_vf_mbx_resp_send_msg(bp, vf);
			return;	/* expect: MMIO007@contract */
		}
	}
	/* unknown or unhandled: acknowledge and unlock (a mutex section) */
	writel(0, bp->regview);	/* expect: MMIO006@contract */
	bnx2x_unlock_vf_pf_channel(bp, vf, mbx->first_tlv.tl.type);
}

void bnx2x_vf_mbx(struct bnx2x *bp, u8 vf_idx)
{
	struct bnx2x_vf_mbx *mbx = BP_VF_MBX(bp, vf_idx);
	struct bnx2x_virtf *vf = BP_VF(bp, vf_idx);

	bnx2x_vf_mbx_request(bp, vf, mbx);
} /* expect: MMIO007@contract */
