// SPDX-License-Identifier: GPL-2.0
/*
 * A foo_pci_main driver: three doorbells, each the last write of a spinlock
 * section.  kick: writel_relaxed() after a writel() (only the documented
 * contract leaves it unordered); relaxed: writel_relaxed() alone (riscv too);
 * raw: __raw_writel() (riscv and powerpc64 too).
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

struct foo_pci_main_priv {
	void __iomem *regs;
	spinlock_t lock;
};

void foo_pci_main_kick(struct foo_pci_main_priv *p, u32 v)
{
	spin_lock(&p->lock);
	writel(v, p->regs + 0x10);
	writel_relaxed(v, p->regs + 0x14);
	spin_unlock(&p->lock);
}

void foo_pci_main_relaxed(struct foo_pci_main_priv *p, u32 v)
{
	spin_lock(&p->lock);
	writel_relaxed(v, p->regs + 0x14);
	spin_unlock(&p->lock);
}

void foo_pci_main_raw(struct foo_pci_main_priv *p, u32 v)
{
	spin_lock(&p->lock);
	__raw_writel(v, p->regs + 0x18);
	spin_unlock(&p->lock);
}

/* Written for kernels before 5.2: mmiowb() before the unlock. */
void foo_pci_main_flush(struct foo_pci_main_priv *p, u32 v)
{
	spin_lock(&p->lock);
	writel(v, p->regs + 0x1c);
	mmiowb();
	spin_unlock(&p->lock);
}
