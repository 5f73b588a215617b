/*
 * drivers/net/ethernet/intel/iavf/iavf_main.c (Linux 6.1): iavf_open() and
 * iavf_reset_task() end their crit_lock / client_lock section with
 * iavf_irq_enable(adapter, true), which enables the queue interrupts with
 * writel() and then, `if (flush)`, reads VFGEN_RSTAT (iavf_flush(), a
 * readl()).  The read orders the writes before mutex_unlock(); with the
 * constant `true` the flush is always taken, so there is no finding.
 *
 * The callee's `if (flush)` tests a parameter it never writes: its summary
 * keeps the branch with the parameter, and the caller's constant argument
 * takes the TRUE edge only (interproc/splice.c).  Before, the branch stayed
 * open and the path without the read reached the unlock: MMIO006 on the
 * iavf_irq_enable() call line.
 */
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/io.h>

struct iavf_adapter {
	void __iomem *hw_addr;
	struct mutex crit_lock;
	int num_vectors;
};

static void iavf_irq_enable_queues(struct iavf_adapter *adapter)
{
	for (int i = 1; i < adapter->num_vectors; i++)
		writel(0x3, adapter->hw_addr + 0x5000 + 4 * i);
}

static void iavf_irq_enable(struct iavf_adapter *adapter, bool flush)
{
	writel(0x1, adapter->hw_addr + 0x4800);
	iavf_irq_enable_queues(adapter);
	if (flush)
		readl(adapter->hw_addr + 0x8800);
}

int iavf_open(struct iavf_adapter *adapter)
{
	mutex_lock(&adapter->crit_lock);
	iavf_irq_enable(adapter, true);
	mutex_unlock(&adapter->crit_lock);
	return 0;
}
