/*
 * drivers/net/ethernet/intel/iavf/iavf_main.c (Linux 6.1): iavf_open() and
 * iavf_reset_task() end their crit_lock / client_lock section with
 * iavf_irq_enable(adapter, true), which enables the queue interrupts with
 * writel() and then, `if (flush)`, reads VFGEN_RSTAT (iavf_flush(), a
 * readl()).  The read orders the writes before mutex_unlock(); with the
 * constant `true` the flush is always taken, so there is no finding.
 *
 * PENDING (fails today, not run by ctest): mmiocheck reports MMIO006 on
 * the iavf_irq_enable() call line.  A constant argument is not recorded
 * (ir_node.args: 0 = not a plain lvalue), so the callee's `if (flush)`
 * branch stays open in the spliced summary and the path without the read
 * reaches the unlock.  Fix idea: record an argument's constant truth at
 * the call and, when splicing, assign it to the callee's qualified key of
 * that parameter (an IR_ASSIGN at the copy's entry).  Move this file to
 * tests/cases/ once it passes.
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
