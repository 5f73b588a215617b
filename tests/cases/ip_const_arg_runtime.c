/*
 * drivers/net/ethernet/intel/iavf/iavf_main.c (Linux 6.1): iavf_irq_enable()
 * reads VFGEN_RSTAT back only `if (flush)`.  Its callers in 6.1 all pass
 * the constant `true` (ip_const_arg_flush.c); these callers keep both arms
 * open, so the path without the read reaches mutex_unlock() and MMIO006
 * stays:
 *  - iavf_open_runtime(): the argument is a value known only at run time;
 *  - iavf_open_rewritten(): the constant is passed, but the helper
 *    (iavf_irq_enable_unless_down()) writes its parameter before testing
 *    it, so the caller's value does not decide the test.
 */
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/io.h>

struct iavf_adapter {
	void __iomem *hw_addr;
	struct mutex crit_lock;
	int num_vectors;
	bool down;
	bool flush_on_enable;
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

int iavf_open_runtime(struct iavf_adapter *adapter)
{
	mutex_lock(&adapter->crit_lock);
	iavf_irq_enable(adapter, adapter->flush_on_enable); /* expect: MMIO006 */
	mutex_unlock(&adapter->crit_lock);
	return 0;
}

static void iavf_irq_enable_unless_down(struct iavf_adapter *adapter, bool flush)
{
	writel(0x1, adapter->hw_addr + 0x4800);
	if (adapter->down)
		flush = false;
	if (flush)
		readl(adapter->hw_addr + 0x8800);
}

int iavf_open_rewritten(struct iavf_adapter *adapter)
{
	mutex_lock(&adapter->crit_lock);
	iavf_irq_enable_unless_down(adapter, true); /* expect: MMIO006 */
	mutex_unlock(&adapter->crit_lock);
	return 0;
}
