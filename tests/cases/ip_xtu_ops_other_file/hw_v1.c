/* Hardware revision 1: a full write. */
#include "ops.h"

static void v1_kick(struct bar_dev *bd, u32 v)
{
	writel(v, bd->mmio + 0x10);
}

const struct bar_hw_ops bar_v1_ops = { .kick = v1_kick };
