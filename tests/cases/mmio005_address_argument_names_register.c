/*
 * An address a caller computes and passes to a write helper is the
 * register it names, not the whole device.
 * drivers/scsi/qla2xxx (Linux 6.1): the ISPFx00 macros add the offset
 * inside their body and pass the address to wrt_reg_dword(addr, data),
 * which writes `addr`: QLAFX00_WR_REG(ha, off, val) is
 * wrt_reg_dword((ha)->cregbase + off, val).  The argument's text was the
 * device, `ha->cregbase`, so every FX00 register was one key:
 * qlafx00_timer_routine()'s unlocked write of PEX0_WIN0_BASE_ADDR_REG, in
 * reset recovery, was judged against the mailbox doorbell HST_TO_HBA and
 * the interrupt control ICNTRL written under ha->hardware_lock (MMIO005
 * at qla_os.c:7434, WRONG).  The doorbell written unlocked is still one.
 */
/* models: contract */
/* rules: all */
/* args: --pedantic */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define QLAFX00_HST_TO_HBA_REG		0x20A04
#define QLAFX00_HBA_ICNTRL_REG		0x20B08
#define QLAFX00_PEX0_WIN0_BASE_ADDR_REG	0x41824

struct qla_hw_data {
	void __iomem *cregbase;
	spinlock_t hardware_lock;
};

static inline void wrt_reg_dword(void __iomem *addr, u32 data)
{
	writel(data, addr);
}

#define QLAFX00_SET_HST_INTR(ha, value) \
	wrt_reg_dword((ha)->cregbase + QLAFX00_HST_TO_HBA_REG, value)
#define QLAFX00_WR_REG(ha, off, val) \
	wrt_reg_dword((ha)->cregbase + off, val)
#define QLAFX00_ENABLE_ICNTRL_REG(ha) \
	wrt_reg_dword((ha)->cregbase + QLAFX00_HBA_ICNTRL_REG, 1)

void qlafx00_mailbox_command(struct qla_hw_data *ha)
{
	spin_lock_irq(&ha->hardware_lock);
	QLAFX00_SET_HST_INTR(ha, 1);
	spin_unlock_irq(&ha->hardware_lock);
}

void qlafx00_enable_intrs(struct qla_hw_data *ha)
{
	unsigned long flags;

	spin_lock_irqsave(&ha->hardware_lock, flags);
	QLAFX00_ENABLE_ICNTRL_REG(ha);
	QLAFX00_SET_HST_INTR(ha, 2);
	spin_unlock_irqrestore(&ha->hardware_lock, flags);
}

void qlafx00_timer_routine(struct qla_hw_data *ha, u32 data)
{
	QLAFX00_WR_REG(ha, QLAFX00_PEX0_WIN0_BASE_ADDR_REG, data);
}

void qlafx00_abort_isp(struct qla_hw_data *ha)
{
	QLAFX00_SET_HST_INTR(ha, 0); /* expect: MMIO005@contract */
}
