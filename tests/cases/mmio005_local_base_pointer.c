/*
 * drivers/infiniband/hw/hfi1/chip.c (Linux 6.1): every CSR is written
 * through write_csr(), which computes `void __iomem *base = dd->kregbase +
 * offset` and writes through the local `base`.  Keyed by the local's name,
 * all CSRs were one register: a CSR written only at init or without a lock
 * was reported against the locks other CSRs are written under (MMIO005 in
 * pio.c, init.c, driver.c, debugfs.c; qib_pio_copy()'s `dst` and qla2xxx's
 * `pkt` likewise).  A local pointer names no register: such writes have no
 * register key.  A register written through a parameter still has one.
 * A third locked writer, pio_send_control_irq(), keeps the case a finding
 * also with `min_locked_sites` 3 (docs/rules/MMIO005.md).
 */
/* rules: all */
/* args: --pedantic */	/* weak evidence by the default's bar (docs/rules/MMIO005.md) */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define CCE_CTRL	0x10
#define SEND_CTRL	0x20

struct hfi1_devdata {
	u8 __iomem *kregbase;
	spinlock_t sendctrl_lock;
};

static void write_csr(struct hfi1_devdata *dd, u32 offset, u64 value)
{
	void __iomem *base = dd->kregbase + offset;

	writeq(value, base);
}

static void write_reg(struct hfi1_devdata *dd, u32 offset, u32 value)
{
	writel(value, dd->kregbase + offset);
}

void pio_send_control(struct hfi1_devdata *dd, u64 mask)
{
	unsigned long flags;

	spin_lock_irqsave(&dd->sendctrl_lock, flags);
	write_csr(dd, SEND_CTRL, mask);
	write_reg(dd, SEND_CTRL, 1);
	spin_unlock_irqrestore(&dd->sendctrl_lock, flags);
}

void pio_send_control_bh(struct hfi1_devdata *dd, u64 mask)
{
	spin_lock_bh(&dd->sendctrl_lock);
	write_csr(dd, SEND_CTRL, mask);
	write_reg(dd, SEND_CTRL, 2);
	spin_unlock_bh(&dd->sendctrl_lock);
}

void pio_send_control_irq(struct hfi1_devdata *dd, u64 mask)
{
	spin_lock_irq(&dd->sendctrl_lock);
	write_csr(dd, SEND_CTRL, mask);
	write_reg(dd, SEND_CTRL, 3);
	spin_unlock_irq(&dd->sendctrl_lock);
}

/* Another CSR, no lock needed: not the same register as SEND_CTRL. */
void cce_reset(struct hfi1_devdata *dd)
{
	write_csr(dd, CCE_CTRL, 1);
}

/* SEND_CTRL without the lock, through the parameter-based helper. */
void send_ctrl_racy(struct hfi1_devdata *dd)
{
	write_reg(dd, SEND_CTRL, 0); /* expect: MMIO005 */
}
