/* Level 2: ring helper, called with bd->ring_lock held. */
#include "bar.h"

void bar_ring_update(struct bar_dev *bd, u32 tail)
{
	bar_reg_write(bd, 0x18, tail);
}
