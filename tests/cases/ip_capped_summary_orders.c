/*
 * A helper too big for a full summary (over IPA_MAX_SUMMARY_NODES events)
 * is capped: callers see its lock events, not its writes.  The write in its
 * inner section makes spin_unlock_irqrestore(&dev->ind_lock) issue the
 * barrier (ppc64-legacy: io_sync set again; generic: pending), which also
 * orders the caller's write before the call.  With the write gone, the
 * capped summary looked like "inner lock, nothing written": MMIO002 on the
 * caller's write (bnx2_phy_int() -> bnx2_set_link() -> bnx2_reg_wr_ind(),
 * hfi1's handle_user_interrupt() -> hfi1_rcvctrl() in Linux 6.1).  A capped
 * summary now orders every write before its releases: no finding here.
 */
/* models: contract,generic,ppc64-legacy */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

struct foo_dev {
	void __iomem *regs;
	spinlock_t lock;
	spinlock_t ind_lock;
};

#define FOO_W4(o)	do { writel(v, dev->regs + (o)); writel(v, dev->regs + (o) + 4); \
			     writel(v, dev->regs + (o) + 8); writel(v, dev->regs + (o) + 12); } while (0)
#define FOO_W16(o)	do { FOO_W4(o); FOO_W4((o) + 16); FOO_W4((o) + 32); FOO_W4((o) + 48); } while (0)

static void foo_program_tables(struct foo_dev *dev, u32 v)
{
	unsigned long flags;

	FOO_W16(0x100);
	FOO_W16(0x200);
	FOO_W16(0x300);
	FOO_W16(0x400);
	FOO_W16(0x500);
	FOO_W16(0x600);
	FOO_W16(0x700);
	spin_lock_irqsave(&dev->ind_lock, flags);
	writel(v, dev->regs + 0x10);
	spin_unlock_irqrestore(&dev->ind_lock, flags);
}

void foo_reconfigure(struct foo_dev *dev, u32 v)
{
	spin_lock(&dev->lock);
	writel(v, dev->regs + 0x8);
	foo_program_tables(dev, v);
	spin_unlock(&dev->lock);
}

