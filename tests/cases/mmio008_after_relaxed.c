/*
 * A wmb() right before the unlock after relaxed writes.  Reduced from
 * drivers/iommu/mtk_iommu.c mtk_iommu_tlb_flush_all() (two
 * writel_relaxed() of the invalidate registers, wmb(), unlock of
 * bank->tlb_lock).  Without the wmb() the relaxed writes would escape
 * under contract and generic (the 5.2 unlock orders only what writel()
 * marks pending) -> the barrier is needed there: no MMIO008, and no
 * MMIO001 (it does order them).  ppc64-legacy / powerpc64: a relaxed write
 * sets the flag too, so the unlock would have synced anyway -> MMIO008.
 */
/* models: contract,generic,ppc64-legacy,powerpc64 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <asm/barrier.h>

#define FOO_INV_SEL	0x38
#define FOO_INVALIDATE	0x20

struct foo_bank {
	void __iomem *base;
	spinlock_t tlb_lock;
};

void foo_tlb_flush_all(struct foo_bank *bank)
{
	unsigned long flags;

	spin_lock_irqsave(&bank->tlb_lock, flags);
	writel_relaxed(3, bank->base + FOO_INV_SEL);
	writel_relaxed(1, bank->base + FOO_INVALIDATE);
	wmb(); /* expect: MMIO008@ppc64-legacy,powerpc64 */
	spin_unlock_irqrestore(&bank->tlb_lock, flags);
}
