/*
 * Level 3: the section.  A __raw_writel() two files away is the last write
 * before the unlock: unordered under contract and under ppc64-legacy
 * (__raw_writel never set io_sync).
 */
#include "bar.h"

void bar_xmit(struct bar_dev *bd, u32 tail)
{
	unsigned long flags;

	spin_lock_irqsave(&bd->ring_lock, flags);
	bar_ring_update(bd, tail); /* expect: MMIO001 */
	spin_unlock_irqrestore(&bd->ring_lock, flags);
}
