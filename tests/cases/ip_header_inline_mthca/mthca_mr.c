/*
 * The same header in a second file of the module, no lock: reduced from
 * drivers/infiniband/hw/mthca/mthca_mr.c mthca_tavor_write_mtt_seg()
 * (mthca_write_mtt() calls it with no lock held).  Both files share one
 * summary of the header's functions.
 */
#include "mthca_doorbell.h"

void mthca_tavor_write_mtt_seg(struct mthca_dev *dev, u64 *buffer_list, int n)
{
	int i;

	for (i = 0; i < n; ++i)
		mthca_write64_raw(cpu_to_be64(buffer_list[i] | 1), dev->kar + i * 8);
}
