/* Hardware revision 2: a raw write (not ordered by any model's unlock). */
#include "ops.h"

static void v2_kick(struct bar_dev *bd, u32 v)
{
	__raw_writel(v, bd->mmio + 0x10);
}

const struct bar_hw_ops bar_v2_ops = { .kick = v2_kick };
