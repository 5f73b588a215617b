/* Level 1: the accessor wrapper. */
#include "bar.h"

void bar_reg_write(struct bar_dev *bd, u32 off, u32 v)
{
	__raw_writel(v, bd->mmio + off);
}
