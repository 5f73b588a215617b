/*
 * Reduced from drivers/net/ethernet/intel/e1000e/netdev.c (Linux 6.1):
 * e1000e_release_hw_control() writes CTRL_EXT (clears DRV_LOAD).  It is
 * reached from e1000e_open() (ndo_open: the net core holds RTNL, "coarse"
 * in rules/frameworks/net.json) through e1000e_reset() and
 * e1000_update_mng_vlan() before the interrupt is requested, and on the
 * error path after it; from e1000e_set_rx_mode() (ndo_set_rx_mode, under
 * the core's addr_list_lock) through e1000e_vlan_filter_disable(); from
 * e1000_watchdog_task() (a work item) through e1000_update_mng_vlan().
 * Only the ndo_open sites hold rtnl_mutex, and only because the core
 * serializes configuration around the callback: that is not the driver's
 * lock for CTRL_EXT, so no lock protects the register and nothing is
 * reported (taking rtnl_mutex as its lock flagged set_rx_mode and the
 * watchdog).  mmio005_coarse_rtnl_strict.c: the same code under --strict.
 */
/* rules: all */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <linux/interrupt.h>
#include <linux/netdevice.h>
#include <linux/workqueue.h>
#include <linux/pci.h>

#define E1000_CTRL_EXT			0x00018
#define E1000_CTRL_EXT_DRV_LOAD		0x10000000
#define E1000_MNG_VLAN_NONE		0xffff

struct e1000_hw {
	u8 __iomem *hw_addr;
	u16 mng_vlan;
};

struct e1000_adapter {
	struct e1000_hw hw;
	struct net_device *netdev;
	struct pci_dev *pdev;
	struct work_struct watchdog_task;
	u16 mng_vlan_id;
	int has_amt;
};

#define er32(reg)		readl(hw->hw_addr + E1000_##reg)
#define ew32(reg, value)	writel((value), (hw->hw_addr + E1000_##reg))

static irqreturn_t e1000_intr(int irq, void *data)
{
	(void)irq;
	(void)data;
	return IRQ_HANDLED;
}

static void e1000e_release_hw_control(struct e1000_adapter *adapter)
{
	struct e1000_hw *hw = &adapter->hw;
	u32 ctrl_ext = er32(CTRL_EXT);

	ew32(CTRL_EXT, ctrl_ext & ~E1000_CTRL_EXT_DRV_LOAD);
}

static void e1000_vlan_rx_kill_vid(struct e1000_adapter *adapter, u16 vid)
{
	if (vid == adapter->mng_vlan_id)
		e1000e_release_hw_control(adapter);
}

static void e1000_update_mng_vlan(struct e1000_adapter *adapter)
{
	u16 old_vid = adapter->mng_vlan_id;

	adapter->mng_vlan_id = adapter->hw.mng_vlan;
	if (old_vid != E1000_MNG_VLAN_NONE && old_vid != adapter->hw.mng_vlan)
		e1000_vlan_rx_kill_vid(adapter, old_vid);
}

static void e1000e_vlan_filter_disable(struct e1000_adapter *adapter)
{
	if (adapter->mng_vlan_id != E1000_MNG_VLAN_NONE) {
		e1000_vlan_rx_kill_vid(adapter, adapter->mng_vlan_id);
		adapter->mng_vlan_id = E1000_MNG_VLAN_NONE;
	}
}

static void e1000e_reset(struct e1000_adapter *adapter)
{
	e1000_update_mng_vlan(adapter);
}

static void e1000e_set_rx_mode(struct net_device *netdev)
{
	struct e1000_adapter *adapter = netdev_priv(netdev);

	if (netdev->flags & 0x100)
		e1000e_vlan_filter_disable(adapter);
}

static void e1000_watchdog_task(struct work_struct *work)
{
	struct e1000_adapter *adapter = container_of(work, struct e1000_adapter, watchdog_task);

	e1000_update_mng_vlan(adapter);
}

static int e1000e_open(struct net_device *netdev)
{
	struct e1000_adapter *adapter = netdev_priv(netdev);
	int err;

	if (adapter->has_amt)
		e1000e_reset(adapter);
	e1000_update_mng_vlan(adapter);
	err = request_irq(adapter->pdev->irq, e1000_intr, IRQF_SHARED, "e1000e", netdev);
	if (err)
		goto err_req_irq;
	return 0;

err_req_irq:
	e1000e_release_hw_control(adapter);
	return err;
}

static const struct net_device_ops e1000e_netdev_ops = {
	.ndo_open		= e1000e_open,
	.ndo_set_rx_mode	= e1000e_set_rx_mode,
};

void e1000e_setup_netdev(struct e1000_adapter *adapter);
void e1000e_setup_netdev(struct e1000_adapter *adapter)
{
	adapter->netdev->netdev_ops = &e1000e_netdev_ops;
	INIT_WORK(&adapter->watchdog_task, e1000_watchdog_task);
}
