/*
 * drivers/net/ethernet/intel/iavf/iavf_main.c (Linux 6.1):
 * iavf_irq_enable(adapter, flush) reads VFGEN_RSTAT back only `if (flush)`.
 * A caller that passes the constant `false` (iavf_open_noflush(), the
 * shape of iavf_open() with the other constant) takes the arm without the
 * read: the constant decides the branch the other way, and the writes
 * reach mutex_unlock() unordered (MMIO006).  The same helper with a
 * constant that is an enumerator after macro expansion decides it too
 * (iavf_open_enum(), IAVF_NO_FLUSH).
 */
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/io.h>

struct iavf_adapter {
	void __iomem *hw_addr;
	struct mutex crit_lock;
	int num_vectors;
};

enum iavf_flush_mode { IAVF_NO_FLUSH, IAVF_FLUSH };
#define IAVF_ENABLE_MODE IAVF_NO_FLUSH

static void iavf_irq_enable_queues(struct iavf_adapter *adapter)
{
	for (int i = 1; i < adapter->num_vectors; i++)
		writel(0x3, adapter->hw_addr + 0x5000 + 4 * i);
}

static void iavf_irq_enable(struct iavf_adapter *adapter, bool flush)
{
	writel(0x1, adapter->hw_addr + 0x4800);
	iavf_irq_enable_queues(adapter);
	if (!flush)
		return;
	readl(adapter->hw_addr + 0x8800);
}

int iavf_open_noflush(struct iavf_adapter *adapter)
{
	mutex_lock(&adapter->crit_lock);
	iavf_irq_enable(adapter, false); /* expect: MMIO006 */
	mutex_unlock(&adapter->crit_lock);
	return 0;
}

int iavf_open_enum(struct iavf_adapter *adapter)
{
	mutex_lock(&adapter->crit_lock);
	iavf_irq_enable(adapter, IAVF_ENABLE_MODE); /* expect: MMIO006 */
	mutex_unlock(&adapter->crit_lock);
	return 0;
}

int iavf_open_enum_flush(struct iavf_adapter *adapter)
{
	mutex_lock(&adapter->crit_lock);
	iavf_irq_enable(adapter, IAVF_FLUSH);
	mutex_unlock(&adapter->crit_lock);
	return 0;
}
