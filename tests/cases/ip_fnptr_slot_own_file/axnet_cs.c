/*
 * Two modules in one directory fill one slot with their own functions:
 * drivers/net/ethernet/8390/axnet_cs.c (Linux 6.1) sets
 * ei_status.block_output = block_output (port writes, outb_p/outsw) and
 * ax_start_xmit() calls ei_local->block_output() under page_lock;
 * pcnet_cs.c sets it to shmem_block_output(), whose copyout() ends in
 * __raw_writew() to shared memory.  Under -p the directory is one
 * program, and ax_start_xmit() was judged through pcnet's function (before:
 * MMIO001 at axnet_cs.c:1069 naming pcnet_cs.c's copyout()).  A file that
 * stores implementations into a slot calls its own.
 */
/* models: contract,every-write */
#include "ei.h"

static void block_output(struct ei_device *ei, int count, const u8 *buf)
{
	outb_p(0x12, ei->base + 0x0a);
	outsw(ei->base + 0x10, buf, count >> 1);
	outb_p(0x22, ei->base);
}

void axnet_config(struct ei_device *ei)
{
	ei->block_output = &block_output;
}

void ax_start_xmit(struct ei_device *ei, const u8 *buf, int len)
{
	unsigned long flags;

	spin_lock_irqsave(&ei->page_lock, flags);
	ei->block_output(ei, len, buf);
	spin_unlock_irqrestore(&ei->page_lock, flags);
}
