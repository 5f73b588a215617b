/*
 * A call of a pure predicate is one value wherever the same argument is
 * passed: drivers/net/ethernet/broadcom/bnx2x/bnx2x_sriov.c (Linux 6.1)
 * bnx2x_lock_vf_pf_channel() returns early when
 * `!bnx2x_tlv_supported(tlv)` and takes vf->op_mutex otherwise,
 * bnx2x_unlock_vf_pf_channel() tests the same and drops it, and
 * bnx2x_tlv_supported() is `return CHANNEL_TLV_NONE < tlvtype && tlvtype
 * < CHANNEL_TLV_MAX;`.  bnx2x_set_vf_mac() passes both the constant
 * CHANNEL_TLV_PF_SET_MAC, bnx2x_vf_mbx_request() and
 * bnx2x_vf_mbx_resp_send_msg() both `mbx->first_tlv.tl.type`.  Here the
 * predicate is a static inline of the calling file, as a header's would
 * be, so the frontend keys the tests by the call's text itself (in 6.1 it
 * is bnx2x_vfpf.c's: ip_pure_predicate_other_file/).  Keyed by "the last
 * call's result", the two tests were unrelated, and both callers were
 * reported as returning with op_mutex held on some paths.  The lock
 * helper itself still takes the mutex only for a supported tlv.
 */
/* models: contract */
/* args: --enable MMIO007 */
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/io.h>

enum channel_tlvs {
	CHANNEL_TLV_NONE,
	CHANNEL_TLV_ACQUIRE,
	CHANNEL_TLV_PF_SET_MAC = 12,
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
	void __iomem *regview;
};

static inline bool bnx2x_tlv_supported(u16 tlvtype)
{
	return CHANNEL_TLV_NONE < tlvtype && tlvtype < CHANNEL_TLV_MAX;
}

void bnx2x_lock_vf_pf_channel(struct bnx2x_virtf *vf, enum channel_tlvs tlv)
{
	if (!bnx2x_tlv_supported(tlv))
		return;
	mutex_lock(&vf->op_mutex);
	vf->op_current = tlv;
} /* expect: MMIO007@contract */

void bnx2x_unlock_vf_pf_channel(struct bnx2x_virtf *vf, enum channel_tlvs expected_tlv)
{
	if (!bnx2x_tlv_supported(expected_tlv))
		return;
	vf->op_current = CHANNEL_TLV_NONE;
	mutex_unlock(&vf->op_mutex);
}

int bnx2x_set_vf_mac(struct bnx2x_virtf *vf)
{
	bnx2x_lock_vf_pf_channel(vf, CHANNEL_TLV_PF_SET_MAC);
	vf->op_current = CHANNEL_TLV_PF_SET_MAC;
	bnx2x_unlock_vf_pf_channel(vf, CHANNEL_TLV_PF_SET_MAC);
	return 0;
}

static void bnx2x_vf_mbx_resp_send_msg(struct bnx2x_virtf *vf, struct bnx2x_vf_mbx *mbx)
{
	readl(vf->regview);
	bnx2x_unlock_vf_pf_channel(vf, mbx->first_tlv.tl.type);
}

void bnx2x_vf_mbx_request(struct bnx2x_virtf *vf, struct bnx2x_vf_mbx *mbx)
{
	bnx2x_lock_vf_pf_channel(vf, mbx->first_tlv.tl.type);
	writel(1, vf->regview);
	bnx2x_vf_mbx_resp_send_msg(vf, mbx);
}
