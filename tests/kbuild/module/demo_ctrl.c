// SPDX-License-Identifier: GPL-2.0
/*
 * demo_ctrl.c - control path: a register written under a mutex (the 2024
 * GPU ring-commit shape: no release hook orders it), and the module glue.
 */
#include <linux/io.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>

#include "demo.h"

/* Only a mutex protects the write: nothing orders it before the release. */
void demo_set_mode(struct demo_dev *dev, u32 mode)
{
	mutex_lock(&dev->cfg_lock);
	dev->mode = mode;
	writel(mode, dev->regs + DEMO_MODE); /* expect: MMIO006@contract MMIO006@generic MMIO006@ppc64-legacy */
	mutex_unlock(&dev->cfg_lock);
}

/* Correct: the same register under the spinlock, with a full writel(). */
void demo_set_mode_locked(struct demo_dev *dev, u32 mode)
{
	spin_lock(&dev->sq_lock);
	writel(mode, dev->regs + DEMO_MODE);
	spin_unlock(&dev->sq_lock);
}

static int __init demo_init(void)
{
	return 0;
}

static void __exit demo_exit(void)
{
}

module_init(demo_init);
module_exit(demo_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("mmiocheck Kbuild test module (never loaded)");
