/* The VF channel of drivers/net/ethernet/broadcom/bnx2x/bnx2x_sriov.h and
 * bnx2x_vfpf.h (Linux 6.1), reduced. */
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/io.h>

enum channel_tlvs {
	CHANNEL_TLV_NONE,
	CHANNEL_TLV_ACQUIRE,
	CHANNEL_TLV_PF_SET_MAC = 12,
	CHANNEL_TLV_MAX
};

struct bnx2x_virtf {
	struct mutex op_mutex;
	u16 op_current;
	void __iomem *regview;
};

bool bnx2x_tlv_supported(u16 tlvtype);
void bnx2x_lock_vf_pf_channel(struct bnx2x_virtf *vf, enum channel_tlvs tlv);
void bnx2x_unlock_vf_pf_channel(struct bnx2x_virtf *vf, enum channel_tlvs expected_tlv);
