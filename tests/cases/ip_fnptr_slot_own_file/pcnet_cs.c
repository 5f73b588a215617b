/*
 * pcnet_cs.c's implementation of the slot: shared-memory writes with
 * __raw_writew(), unordered before any unlock (the MMIO001 is reported
 * in its own callers, here pcnet_start_xmit()).
 */
#include "ei.h"

static void shmem_block_output(struct ei_device *ei, int count, const u8 *buf)
{
	__raw_writew(buf[0], ei->mem);
}

void pcnet_config(struct ei_device *ei)
{
	ei->block_output = &shmem_block_output;
}

void pcnet_start_xmit(struct ei_device *ei, const u8 *buf, int len)
{
	unsigned long flags;

	spin_lock_irqsave(&ei->page_lock, flags);
	ei->block_output(ei, len, buf); /* expect: MMIO001@contract,every-write */
	spin_unlock_irqrestore(&ei->page_lock, flags);
}
