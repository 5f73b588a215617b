#include "foo_hw.h"

void foo_tx_send(struct foo_dev *d, u32 v)
{
	spin_lock(&d->lock);
	foo_kick(d, v);
	spin_unlock(&d->lock);
}
