#include "foo_hw.h"

void foo_rx_refill(struct foo_dev *d, u32 v)
{
	unsigned long flags;

	spin_lock_irqsave(&d->lock, flags);
	foo_ring(d, v);
	foo_kick(d, v + 1);
	spin_unlock_irqrestore(&d->lock, flags);
}
