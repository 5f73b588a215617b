/*
 * Reduced from drivers/net/ethernet/intel/e1000/e1000_main.c (Linux 6.1).
 * RCTL is written with the net core's addr_list_lock held three times in
 * e1000_set_rx_mode() ("net-rx-mode": its own ew32(RCTL), and
 * e1000_enter_82542_rst() / e1000_leave_82542_rst() on 82542), so MMIO005
 * takes that lock as RCTL's.  Two paths write RCTL without it and are
 * setup paths, not races:
 *  - e1000_open() ("net-open": ndo_open) calls e1000_configure() ->
 *    e1000_setup_rctl() before e1000_request_irq() requests its interrupt;
 *  - e1000_suspend(), in e1000_pm_ops (SIMPLE_DEV_PM_OPS, "pm-sleep"),
 *    calls __e1000_shutdown(), which calls e1000_setup_rctl() and writes
 *    RCTL to enable wake-up receives;
 *  - e1000_shutdown(), e1000_driver's pci_driver.shutdown ("pm-sleep":
 *    reboot and power-off quiesce the device), calls __e1000_shutdown()
 *    too.
 * e1000_reset_task() (a work item, "work-item") reaches e1000_configure()
 * through e1000_up() with no lock: that site is not setup -> MMIO005 on
 * its call line.  Without the two setup entries the open and suspend sites
 * would vote against the lock (three locked sites, three unlocked) and
 * nothing would be reported; setup sites do not vote.  The three locked
 * sites are in one function (e1000_set_rx_mode()), weak evidence: the
 * finding is shown with --pedantic only (docs/rules/MMIO005.md).
 */
/* rules: all */
/* args: --pedantic */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <linux/interrupt.h>
#include <linux/netdevice.h>
#include <linux/workqueue.h>
#include <linux/pm.h>
#include <linux/pci.h>

#define E1000_RCTL	0x00100
#define E1000_RCTL_RST	0x00000001
#define E1000_RCTL_EN	0x00000002
#define E1000_RCTL_UPE	0x00000008
#define E1000_RCTL_MPE	0x00000010

struct e1000_hw {
	u8 __iomem *hw_addr;
	int mac_type;
};

struct e1000_adapter {
	struct e1000_hw hw;
	struct net_device *netdev;
	struct pci_dev *pdev;
	struct work_struct reset_task;
	u32 wol;
};

#define er32(reg)	readl(hw->hw_addr + E1000_##reg)
#define ew32(reg, value)	writel((value), (hw->hw_addr + E1000_##reg))

static irqreturn_t e1000_intr(int irq, void *data)
{
	(void)irq;
	(void)data;
	return IRQ_HANDLED;
}

static void e1000_setup_rctl(struct e1000_adapter *adapter)
{
	struct e1000_hw *hw = &adapter->hw;
	u32 rctl = er32(RCTL);

	rctl &= ~(3 << 12);
	ew32(RCTL, rctl);
}

static void e1000_configure(struct e1000_adapter *adapter)
{
	e1000_setup_rctl(adapter);
}

static int e1000_request_irq(struct e1000_adapter *adapter)
{
	struct net_device *netdev = adapter->netdev;

	return request_irq(adapter->pdev->irq, e1000_intr, IRQF_SHARED, "e1000", netdev);
}

static void e1000_enter_82542_rst(struct e1000_adapter *adapter)
{
	struct e1000_hw *hw = &adapter->hw;
	u32 rctl = er32(RCTL);

	rctl |= E1000_RCTL_RST;
	ew32(RCTL, rctl);
}

static void e1000_leave_82542_rst(struct e1000_adapter *adapter)
{
	struct e1000_hw *hw = &adapter->hw;
	u32 rctl = er32(RCTL);

	rctl &= ~E1000_RCTL_RST;
	ew32(RCTL, rctl);
}

static void e1000_set_rx_mode(struct net_device *netdev)
{
	struct e1000_adapter *adapter = netdev_priv(netdev);
	struct e1000_hw *hw = &adapter->hw;
	u32 rctl = er32(RCTL);

	if (netdev->flags & 0x100)
		rctl |= (E1000_RCTL_UPE | E1000_RCTL_MPE);
	else
		rctl &= ~E1000_RCTL_UPE;
	ew32(RCTL, rctl);

	/* 82542 2.0 needs to be in reset to write receive address registers */
	if (hw->mac_type == 1)
		e1000_enter_82542_rst(adapter);
	if (hw->mac_type == 1)
		e1000_leave_82542_rst(adapter);
}

static int e1000_open(struct net_device *netdev)
{
	struct e1000_adapter *adapter = netdev_priv(netdev);
	int err;

	/* before we allocate an interrupt, we must be ready to handle it. */
	e1000_configure(adapter);
	err = e1000_request_irq(adapter);
	if (err)
		return err;
	netif_start_queue(netdev);
	return 0;
}

static void e1000_up(struct e1000_adapter *adapter)
{
	e1000_configure(adapter);
}

static void e1000_reset_task(struct work_struct *work)
{
	struct e1000_adapter *adapter = container_of(work, struct e1000_adapter, reset_task);

	e1000_up(adapter); /* expect: MMIO005 */
}

static int __e1000_shutdown(struct pci_dev *pdev, bool *enable_wake)
{
	struct net_device *netdev = pci_get_drvdata(pdev);
	struct e1000_adapter *adapter = netdev_priv(netdev);
	struct e1000_hw *hw = &adapter->hw;
	u32 rctl;

	*enable_wake = adapter->wol != 0;
	if (adapter->wol) {
		e1000_setup_rctl(adapter);
		rctl = er32(RCTL);
		/* enable receives in the hardware */
		ew32(RCTL, rctl | E1000_RCTL_EN);
	}
	return 0;
}

static int __maybe_unused e1000_suspend(struct device *dev)
{
	struct pci_dev *pdev = (struct pci_dev *)dev_get_drvdata(dev);
	bool wake;

	return __e1000_shutdown(pdev, &wake);
}

static int __maybe_unused e1000_resume(struct device *dev)
{
	(void)dev;
	return 0;
}

static SIMPLE_DEV_PM_OPS(e1000_pm_ops, e1000_suspend, e1000_resume);

static void e1000_shutdown(struct pci_dev *pdev)
{
	bool wake;

	__e1000_shutdown(pdev, &wake);
}

struct pci_driver e1000_driver = {
	.name     = "e1000",
	.shutdown = e1000_shutdown,
};

static const struct net_device_ops e1000_netdev_ops = {
	.ndo_open		= e1000_open,
	.ndo_set_rx_mode	= e1000_set_rx_mode,
};

const struct dev_pm_ops *e1000_setup_netdev(struct e1000_adapter *adapter);
const struct dev_pm_ops *e1000_setup_netdev(struct e1000_adapter *adapter)
{
	adapter->netdev->netdev_ops = &e1000_netdev_ops;
	INIT_WORK(&adapter->reset_task, e1000_reset_task);
	return &e1000_pm_ops;
}
