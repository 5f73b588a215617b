// SPDX-License-Identifier: GPL-2.0
/*
 * A foo_arm driver: three doorbells, each the last write of a spinlock
 * section.  kick: writel_relaxed() after a writel() (only the documented
 * contract leaves it unordered); relaxed: writel_relaxed() alone (riscv too);
 * raw: __raw_writel() (riscv and powerpc64 too).
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

struct foo_arm_priv {
	void __iomem *regs;
	spinlock_t lock;
};

void foo_arm_kick(struct foo_arm_priv *p, u32 v)
{
	spin_lock(&p->lock);
	writel(v, p->regs + 0x10);
	writel_relaxed(v, p->regs + 0x14);
	spin_unlock(&p->lock);
}

void foo_arm_relaxed(struct foo_arm_priv *p, u32 v)
{
	spin_lock(&p->lock);
	writel_relaxed(v, p->regs + 0x14);
	spin_unlock(&p->lock);
}

void foo_arm_raw(struct foo_arm_priv *p, u32 v)
{
	spin_lock(&p->lock);
	__raw_writel(v, p->regs + 0x18);
	spin_unlock(&p->lock);
}
