/*
 * bnx2x_vfpf.c defines the predicate the channel helpers of
 * bnx2x_sriov.c test: under -p the program shows it is pure, and the
 * branches on its result in the other file are keyed by the call's text.
 */
#include "bnx2x_sriov.h"

bool bnx2x_tlv_supported(u16 tlvtype)
{
	return CHANNEL_TLV_NONE < tlvtype && tlvtype < CHANNEL_TLV_MAX;
}
