/*
 * A helper judged in its callers holds, at its writes, the locks its
 * callers hold at every call of it.
 * drivers/net/ethernet/intel/iavf (Linux 6.1): iavf_startup() is static
 * and called only by the watchdog, under adapter->crit_lock; it shuts the
 * admin receive queue down (iavf_shutdown_arq() writes ARQBAH under
 * hw->aq.arq_mutex) and sets it up again (iavf_config_arq_regs() writes
 * it without the mutex, as iavf_init_arq() asks: "Do *NOT* hold the
 * lock").  iavf_startup()'s summary drops its writes, so its own sites
 * were the evidence, with arq_mutex alone: the watchdog's and the reset
 * task's setup writes, under crit_lock like every other writer, were
 * MMIO005 "without arq_mutex" (iavf_main.c:2777, 3047, 3121 on Linux 6.1,
 * WRONG).  The locks held at every call of such a function (static,
 * called by name only) are now held at its sites: crit_lock at all of
 * them.  A writer without crit_lock is still one.  (The MMIO006 rows are
 * the setup writes with nothing read back before crit_lock, a mutex, is
 * dropped: true by the rule here, where iavf_config_arq_regs() reads
 * nothing back.)
 */
/* models: contract */
/* rules: MMIO005 */
/* args: --pedantic */
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/io.h>

#define IAVF_VF_ARQBAH1	0x00006000

struct iavf_hw {
	u8 __iomem *hw_addr;
	struct mutex arq_mutex;
	u32 bah;
};

struct iavf_adapter {
	struct iavf_hw hw;
	struct mutex crit_lock;
	int state;
};

static void iavf_shutdown_arq(struct iavf_hw *hw)
{
	mutex_lock(&hw->arq_mutex);
	writel(0, hw->hw_addr + IAVF_VF_ARQBAH1);
	readl(hw->hw_addr + IAVF_VF_ARQBAH1);
	mutex_unlock(&hw->arq_mutex);
}

static void iavf_config_arq_regs(struct iavf_hw *hw)
{
	writel(hw->bah, hw->hw_addr + IAVF_VF_ARQBAH1);
}

/* iavf_startup()'s other work, enough register reads that its summary
 * drops them and is capped (interproc.h, IPA_MAX_SUMMARY_NODES), as on
 * Linux 6.1: its own sites are then the evidence for the locks it takes */
#define R1(o)	readl(hw->hw_addr + 0x100 + (o))
#define R4(o)	R1(o); R1((o) + 4); R1((o) + 8); R1((o) + 12)
#define R16(o)	R4(o); R4((o) + 16); R4((o) + 32); R4((o) + 48)
#define R64(o)	R16(o); R16((o) + 64); R16((o) + 128); R16((o) + 192)

static void iavf_startup(struct iavf_adapter *adapter)
{
	struct iavf_hw *hw = &adapter->hw;

	R64(0);
	R64(256);
	iavf_shutdown_arq(&adapter->hw);
	if (adapter->state)
		iavf_shutdown_arq(&adapter->hw);
	if (adapter->state > 1)
		iavf_shutdown_arq(&adapter->hw);
	iavf_config_arq_regs(&adapter->hw);
}

void iavf_watchdog_task(struct iavf_adapter *adapter)
{
	if (!mutex_trylock(&adapter->crit_lock))
		return;
	iavf_startup(adapter); /* expect: MMIO006 */
	mutex_unlock(&adapter->crit_lock);
}

void iavf_reset_task(struct iavf_adapter *adapter)
{
	mutex_lock(&adapter->crit_lock);
	iavf_startup(adapter); /* expect: MMIO006 */
	mutex_unlock(&adapter->crit_lock);
}

void iavf_remove_unlocked(struct iavf_adapter *adapter)
{
	iavf_config_arq_regs(&adapter->hw); /* expect: MMIO005 */
}
