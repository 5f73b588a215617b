/*
 * Another file writes the same register without the lock: MMIO005 across
 * files, with mode.c's writes as the evidence.
 */
/* rules: all */
/* args: --pedantic */	/* weak evidence by the default's bar (docs/rules/MMIO005.md) */
#include "regs.h"

void baz_irq_quirk(struct baz_dev *bz)
{
	writel(2, bz->base + BAZ_MODE); /* expect: MMIO005 */
}
