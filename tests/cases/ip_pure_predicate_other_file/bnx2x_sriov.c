/*
 * A pure predicate defined in another file of the program:
 * drivers/net/ethernet/broadcom/bnx2x/bnx2x_sriov.c (Linux 6.1)
 * bnx2x_lock_vf_pf_channel() and bnx2x_unlock_vf_pf_channel() each test
 * `bnx2x_tlv_supported(tlv)`, which bnx2x_vfpf.c defines, and
 * bnx2x_set_vf_mac() passes both CHANNEL_TLV_PF_SET_MAC.  Keyed by "the
 * last call's result", the two tests were unrelated and bnx2x_set_vf_mac()
 * was reported as returning with op_mutex held on some paths (MMIO007 at
 * 23 bnx2x functions under --pedantic in the Linux run, 11 of the
 * sample's 20 WRONG).  The unlock helper also returns early on
 * `if (!vf)`, and bnx2x_set_vf_mac() dereferenced vf before the calls: a
 * pointer the caller's text dereferences before a call is not NULL there.
 * The lock helper itself takes the mutex only for a supported tlv, which
 * MMIO007 says.
 */
/* models: contract */
/* args: --enable MMIO007 */
#include "bnx2x_sriov.h"

void bnx2x_lock_vf_pf_channel(struct bnx2x_virtf *vf, enum channel_tlvs tlv)
{
	if (!bnx2x_tlv_supported(tlv))
		return;
	mutex_lock(&vf->op_mutex);
	vf->op_current = tlv;
} /* expect: MMIO007@contract */

void bnx2x_unlock_vf_pf_channel(struct bnx2x_virtf *vf, enum channel_tlvs expected_tlv)
{
	if (!vf)
		return;
	if (!bnx2x_tlv_supported(expected_tlv))
		return;
	vf->op_current = CHANNEL_TLV_NONE;
	mutex_unlock(&vf->op_mutex);
}

int bnx2x_set_vf_mac(struct bnx2x_virtf *vf)
{
	if (vf->op_current == CHANNEL_TLV_NONE)
		return -1;
	bnx2x_lock_vf_pf_channel(vf, CHANNEL_TLV_PF_SET_MAC);
	vf->op_current = CHANNEL_TLV_PF_SET_MAC;
	bnx2x_unlock_vf_pf_channel(vf, CHANNEL_TLV_PF_SET_MAC);
	return 0;
}
