/*
 * Strong evidence, shown by default: the admin queue interrupt cause
 * (IAVF_VFINT_ICR0_ENA1, and IAVF_VFINT_DYN_CTL01 beside it) is written
 * with adapter->crit_lock held at three sites in two functions (twice in
 * iavf_reset_task(), once in iavf_open()), the key names one register,
 * and the unlocked write runs in a work item (the kernel holds no driver
 * lock there) with no lock of its own.  Reduced from
 * drivers/net/ethernet/intel/iavf/iavf_main.c iavf_adminq_task(), which
 * re-enables the interrupt after mutex_unlock(&adapter->crit_lock) (or
 * without it when the trylock fails).  Linux 6.1 triage
 * (docs/triage-linux-6.1.md): LETTER, the enable is a constant write that
 * a concurrent reset repeats, so interleaving it costs a spurious
 * interrupt at most.  MMIO006 (writes under a mutex) is not this case's
 * business.
 */
/* rules: MMIO005 */
/* args: --disable MMIO006 */
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/io.h>
#include <linux/workqueue.h>

#define IAVF_VFINT_DYN_CTL01			0x00005C00
#define IAVF_VFINT_DYN_CTL01_INTENA_MASK	0x00000001
#define IAVF_VFINT_DYN_CTL01_ITR_INDX_MASK	0x00000018
#define IAVF_VFINT_ICR0_ENA1			0x00005000
#define IAVF_VFINT_ICR0_ENA1_ADMINQ_MASK	0x40000000

#define wr32(a, reg, value)	writel((value), ((a)->hw_addr + (reg)))

enum iavf_state_t { __IAVF_STARTUP, __IAVF_RUNNING, __IAVF_REMOVE };

struct iavf_hw {
	u8 __iomem *hw_addr;
};

struct iavf_adapter {
	struct iavf_hw hw;
	struct mutex crit_lock;
	struct work_struct reset_task;
	struct work_struct adminq_task;
	enum iavf_state_t state;
};

static void iavf_misc_irq_disable(struct iavf_adapter *adapter)
{
	struct iavf_hw *hw = &adapter->hw;

	wr32(hw, IAVF_VFINT_DYN_CTL01, 0);
}

static void iavf_misc_irq_enable(struct iavf_adapter *adapter)
{
	struct iavf_hw *hw = &adapter->hw;

	wr32(hw, IAVF_VFINT_DYN_CTL01, IAVF_VFINT_DYN_CTL01_INTENA_MASK |
				       IAVF_VFINT_DYN_CTL01_ITR_INDX_MASK);
	wr32(hw, IAVF_VFINT_ICR0_ENA1, IAVF_VFINT_ICR0_ENA1_ADMINQ_MASK);
}

static void iavf_reset_task(struct work_struct *work)
{
	struct iavf_adapter *adapter = container_of(work, struct iavf_adapter, reset_task);

	mutex_lock(&adapter->crit_lock);
	if (adapter->state == __IAVF_REMOVE) {
		iavf_misc_irq_enable(adapter);
		mutex_unlock(&adapter->crit_lock);
		return;
	}
	iavf_misc_irq_disable(adapter);
	adapter->state = __IAVF_RUNNING;
	iavf_misc_irq_enable(adapter);
	mutex_unlock(&adapter->crit_lock);
}

static void iavf_adminq_task(struct work_struct *work)
{
	struct iavf_adapter *adapter = container_of(work, struct iavf_adapter, adminq_task);

	if (!mutex_trylock(&adapter->crit_lock))
		goto out;
	adapter->state = __IAVF_RUNNING;
	mutex_unlock(&adapter->crit_lock);
out:
	/* re-enable Admin queue interrupt cause */
	iavf_misc_irq_enable(adapter); /* expect: MMIO005 */
}

int iavf_open(struct iavf_adapter *adapter)
{
	mutex_lock(&adapter->crit_lock);
	iavf_misc_irq_enable(adapter);
	mutex_unlock(&adapter->crit_lock);
	return 0;
}

int iavf_probe(struct iavf_adapter *adapter)
{
	INIT_WORK(&adapter->reset_task, iavf_reset_task);
	INIT_WORK(&adapter->adminq_task, iavf_adminq_task);
	return 0;
}
