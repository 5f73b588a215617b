// SPDX-License-Identifier: GPL-2.0
/*
 * drv.c - the tiny project's driver.  With TINYDRV_RELAXED_DOORBELL (set by
 * target_compile_definitions) the doorbell is rung with writel_relaxed(),
 * an MMIO001 under the contract model; without the define it is clean, so
 * the test sees whether the definitions reached mmiocheck.
 */
#include <linux/spinlock.h>
#include <linux/io.h>
#include "hw_regs.h"

struct tiny {
	void __iomem *regs;
	spinlock_t lock;
};

void tiny_kick(struct tiny *t)
{
	spin_lock(&t->lock);
#ifdef TINYDRV_RELAXED_DOORBELL
	writel_relaxed(1, t->regs + HW_DOORBELL);
#else
	writel(1, t->regs + HW_DOORBELL);
#endif
	spin_unlock(&t->lock);
}
