/*
 * A write made under a spinlock is not told to take a mutex: it cannot
 * sleep there, so "take the mutex here" is a fix no one can make.
 *
 * Reduced from qla2xxx's ISP2xxx control/status register
 * (drivers/scsi/qla2xxx, Linux 6.1): the option-ROM paths, under
 * optrom_mutex, set and clear CSR_FLASH_ENABLE (qla2x00_flash_enable()
 * and qla2x00_flash_disable()); the firmware dump, which the interrupt
 * handler runs under hardware_lock, selects register banks through the
 * same register (qla2300_fw_dump()).  The option-ROM paths pause the chip
 * and mask its interrupt first (qla2x00_suspend_hba()), which is what
 * keeps the two apart; MMIO005 said "take ha->optrom_mutex here" inside
 * the interrupt handler.
 */
/* models: contract */
/* rules: MMIO005 */
/* args: --pedantic */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/interrupt.h>
#include <linux/io.h>

#define CSR_FLASH_ENABLE	0x0002

struct device_reg_2xxx {
	u16 flash_address;
	u16 flash_data;
	u16 unused_1;
	u16 ctrl_status;
};

struct qla_hw_data {
	int irq;
	struct mutex optrom_mutex;
	spinlock_t hardware_lock;
	struct device_reg_2xxx __iomem *iobase;
};

static void qla2x00_flash_enable(struct qla_hw_data *ha)
{
	struct device_reg_2xxx __iomem *reg = ha->iobase;

	writew(readw(&reg->ctrl_status) | CSR_FLASH_ENABLE, &reg->ctrl_status);
	readw(&reg->ctrl_status);
}

static void qla2x00_flash_disable(struct qla_hw_data *ha)
{
	struct device_reg_2xxx __iomem *reg = ha->iobase;

	writew(readw(&reg->ctrl_status) & ~CSR_FLASH_ENABLE, &reg->ctrl_status);
	readw(&reg->ctrl_status);
}

u16 qla2x00_read_optrom_data(struct qla_hw_data *ha, u16 addr)
{
	struct device_reg_2xxx __iomem *reg = ha->iobase;
	u16 data;

	mutex_lock(&ha->optrom_mutex);
	qla2x00_flash_enable(ha);
	writew(addr, &reg->flash_address);
	data = readw(&reg->flash_data);
	qla2x00_flash_disable(ha);
	mutex_unlock(&ha->optrom_mutex);
	return data;
}

static void qla2300_fw_dump(struct qla_hw_data *ha)
{
	struct device_reg_2xxx __iomem *reg = ha->iobase;

	writew(0x20, &reg->ctrl_status);	/* select FPM registers */
	readw(&reg->ctrl_status);
}

static irqreturn_t qla2300_intr_handler(int irq, void *dev_id)
{
	struct qla_hw_data *ha = dev_id;
	unsigned long flags;

	spin_lock_irqsave(&ha->hardware_lock, flags);
	qla2300_fw_dump(ha);
	spin_unlock_irqrestore(&ha->hardware_lock, flags);
	return IRQ_HANDLED;
}

int qla2x00_request_irqs(struct qla_hw_data *ha)
{
	return request_irq(ha->irq, qla2300_intr_handler, IRQF_SHARED, "qla2xxx", ha);
}
