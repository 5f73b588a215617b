/*
 * Reduced from drivers/scsi/qla2xxx/qla_nx.c (Linux 6.1) qla82xx_wr_32():
 * `rv = qla82xx_pci_get_crb_addr_2M(ha, off_in, &off)` is stored once, and
 * `if (rv == 1)` decides both the write_lock_irqsave() of ha->hw_lock (with
 * the CRB window semaphore) and, after the register write, the unlock.  A
 * local stored once, outside any loop, has one value for both tests, so
 * they are correlated: no MMIO007 (before: every caller of
 * qla82xx_wr_32()/qla82xx_rd_32() and the function itself), and the write
 * is read back by the semaphore-unlock read before the unlock.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define PCIE_SEM7_UNLOCK 0x1c03c

struct qla_hw_data {
	void __iomem *nx_pcibase;
	rwlock_t hw_lock;
	u32 crb_win;
};

static int qla82xx_pci_get_crb_addr_2M(struct qla_hw_data *ha, unsigned long off_in, void __iomem **off)
{
	if (off_in < 0x2000000) {
		*off = ha->nx_pcibase + off_in;
		return 0;
	}
	*off = ha->nx_pcibase + (off_in & 0xffff);
	return 1;
}

static void qla82xx_crb_win_unlock(struct qla_hw_data *ha)
{
	readl(ha->nx_pcibase + PCIE_SEM7_UNLOCK);
}

int qla82xx_wr_32(struct qla_hw_data *ha, unsigned long off_in, u32 data)
{
	void __iomem *off;
	unsigned long flags = 0;
	int rv;

	rv = qla82xx_pci_get_crb_addr_2M(ha, off_in, &off);

	if (rv == 1) {
		write_lock_irqsave(&ha->hw_lock, flags);
		writel(off_in >> 16, ha->nx_pcibase + 0x130060);	/* CRB window */
	}

	writel(data, off);

	if (rv == 1) {
		qla82xx_crb_win_unlock(ha);
		write_unlock_irqrestore(&ha->hw_lock, flags);
	}
	return 0;
}

int qla82xx_idc_write(struct qla_hw_data *ha, u32 v)
{
	qla82xx_wr_32(ha, 0x2100000, v);
	return qla82xx_wr_32(ha, 0x2100004, v);
}
