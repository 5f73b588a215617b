/*
 * A wmb() right before the unlock, after a full writel() of the section:
 * the pre-5.2 way some drivers ordered the doorbell before the unlock.
 * Reduced from drivers/ufs/core/ufshcd.c __ufshcd_issue_tm_cmd() (the
 * ufshcd_writel() of the task doorbell, "make sure that doorbell is
 * committed immediately", under host->host_lock).
 * Without the wmb() the writel would be ordered at the unlock under every
 * model except explicit (as for mmiowb(): mmio003_after_full_write.c) ->
 * MMIO008 there.  explicit: the wmb() is what orders the write -> needed,
 * no MMIO008 (and, ordered, no MMIO001).  A memory store and a comment
 * between the barrier and the unlock change nothing.  MMIO003 is not
 * reported: the barrier is not mmiowb().
 */
/* models: contract,generic,riscv,rfc2019,ppc64-legacy,powerpc64,unconditional,explicit,every-write,none */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <asm/barrier.h>

#define FOO_TM_DOORBELL	0x80

struct foo_hba {
	void __iomem *mmio_base;
	spinlock_t *host_lock;
	unsigned long outstanding_tasks;
};

void foo_issue_tm_cmd(struct foo_hba *hba, int task_tag)
{
	unsigned long flags;

	spin_lock_irqsave(hba->host_lock, flags);
	hba->outstanding_tasks |= 1UL << task_tag;
	writel(1 << task_tag, hba->mmio_base + FOO_TM_DOORBELL);
	/* Make sure that doorbell is committed immediately */
	wmb(); /* expect: MMIO008@contract,generic,riscv,rfc2019,ppc64-legacy,powerpc64,unconditional,every-write,none */
	hba->outstanding_tasks |= 0;

	spin_unlock_irqrestore(hba->host_lock, flags);
}

/* mb() is a full barrier too: the same note. */
void foo_ack(struct foo_hba *hba)
{
	spin_lock(hba->host_lock);
	writel(0, hba->mmio_base + FOO_TM_DOORBELL);
	mb(); /* expect: MMIO008@contract,generic,riscv,rfc2019,ppc64-legacy,powerpc64,unconditional,every-write,none */
	spin_unlock(hba->host_lock);
}
