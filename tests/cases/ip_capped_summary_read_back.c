/*
 * A helper over the summary cap with its reads dropped (KEEP_NO_READS):
 * its writes stay, the read-backs that order them went too.  Without them
 * the writes looked pending at its return, and the caller's mutex_unlock()
 * got an MMIO006 that the code does not have: every write here is read
 * back before the helper returns.  The last read of each run of dropped
 * ones now stays in the summary as a full barrier.
 *
 * Reduced from iavf_watchdog_task() -> iavf_init_adminq() ->
 * iavf_config_arq_regs() (drivers/net/ethernet/intel/iavf/iavf_adminq.c,
 * Linux 6.1): the ARQ registers are written, then `reg = rd32(hw,
 * hw->aq.arq.bal)` reads one back, under adapter->crit_lock.
 */
/* models: contract,generic,ppc64-legacy */
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/io.h>

struct foo_dev {
	void __iomem *regs;
	struct mutex crit_lock;
};

/* each register written, then read back with the queue's two status
 * registers: 25 writes and 75 reads, over the cap with the reads, under
 * it without them */
#define FOO_WR(o)	do { writel(v, dev->regs + (o)); (void)readl(dev->regs + (o)); \
			     (void)readl(dev->regs + 0x800); (void)readl(dev->regs + 0x804); } while (0)
#define FOO_WR4(o)	do { FOO_WR(o); FOO_WR((o) + 4); FOO_WR((o) + 8); FOO_WR((o) + 12); } while (0)
#define FOO_WR16(o)	do { FOO_WR4(o); FOO_WR4((o) + 16); FOO_WR4((o) + 32); FOO_WR4((o) + 48); } while (0)

static void foo_config_queues(struct foo_dev *dev, u32 v)
{
	FOO_WR16(0x100);
	FOO_WR4(0x200);
	FOO_WR4(0x300);
	FOO_WR(0x400);
}

void foo_watchdog(struct foo_dev *dev, u32 v)
{
	mutex_lock(&dev->crit_lock);
	foo_config_queues(dev, v);
	mutex_unlock(&dev->crit_lock);
}
