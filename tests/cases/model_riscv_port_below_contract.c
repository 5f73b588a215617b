/*
 * memory-barriers.txt gives outX() the ordering of writeX(), so a port
 * write last in a spinlock section is ordered before the unlock, and
 * covers the device's earlier relaxed writes.  riscv's outX() only fences
 * and sets no pending flag: the write escapes there, but the fix belongs
 * in arch/riscv, so without --pedantic it is not reported.  A relaxed
 * write after the port write is the driver's own: still reported.
 * Reduced from drivers/net/ethernet/3com/3c589_cs.c (Linux 6.1):
 * tc589_set_xcvr()/update_stats() under lp->lock, all outw().
 */
/* models: contract,riscv */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define EL3_CMD		0x0e
#define EL3_WINDOW(n)	(0x0800 + (n))

struct el3_private {
	spinlock_t lock;
	void __iomem *regs;
};

void tc589_select_window(struct el3_private *lp, unsigned int ioaddr, int win)
{
	unsigned long flags;

	spin_lock_irqsave(&lp->lock, flags);
	outw(EL3_WINDOW(win), ioaddr + EL3_CMD);
	spin_unlock_irqrestore(&lp->lock, flags);
}

void tc589_kick(struct el3_private *lp)
{
	unsigned long flags;

	spin_lock_irqsave(&lp->lock, flags);
	writel_relaxed(1, lp->regs + 0x10);
	outw(EL3_WINDOW(1), (unsigned long)lp->regs + EL3_CMD);
	spin_unlock_irqrestore(&lp->lock, flags);
}

void tc589_kick_relaxed_last(struct el3_private *lp, unsigned int ioaddr)
{
	unsigned long flags;

	spin_lock_irqsave(&lp->lock, flags);
	outw(EL3_WINDOW(1), ioaddr + EL3_CMD);
	writel_relaxed(1, lp->regs + 0x10); /* expect: MMIO001@contract,riscv */
	spin_unlock_irqrestore(&lp->lock, flags);
}
