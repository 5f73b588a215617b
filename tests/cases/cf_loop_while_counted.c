/*
 * A poll loop counted down from a constant runs its body at least once:
 * drivers/scsi/qla2xxx/qla_sup.c (Linux 6.1) qla24xx_read_flash_dword()
 * writes flash_addr, then `ulong cnt = 30000; ... while (cnt--) if
 * (rd_reg_dword(&reg->flash_addr) & FARX_DATA_FLAG)`: the read of the
 * same register always follows the write.  qla2x00_sysfs_read_nvram()
 * reaches it under a mutex (before: MMIO006 at qla_attr.c:208, the path
 * that skips the loop).  A count read from elsewhere, or a counter the
 * function sets outside the loop too, may be zero: both arms stay.
 */
/* models: contract */
/* args: --enable MMIO006 */
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/io.h>

#define FARX_DATA_FLAG	0x80000000

struct device_reg_24xx {
	u32 flash_addr;
	u32 flash_data;
};

struct qla_hw_data {
	struct device_reg_24xx __iomem *reg;
	struct mutex optrom_mutex;
	unsigned long poll_count;
};

static int qla24xx_read_flash_dword(struct qla_hw_data *ha, u32 addr, u32 *data)
{
	struct device_reg_24xx __iomem *reg = ha->reg;
	unsigned long cnt = 30000;

	writel(addr & ~FARX_DATA_FLAG, &reg->flash_addr);
	while (cnt--) {
		if (readl(&reg->flash_addr) & FARX_DATA_FLAG) {
			*data = readl(&reg->flash_data);
			return 0;
		}
	}
	*data = 0xdeaddead;
	return -1;
}

static int qla_read_flash_dword_counted(struct qla_hw_data *ha, u32 addr, u32 *data)
{
	struct device_reg_24xx __iomem *reg = ha->reg;
	unsigned long cnt = ha->poll_count;

	writel(addr & ~FARX_DATA_FLAG, &reg->flash_addr);
	while (cnt--) {
		if (readl(&reg->flash_addr) & FARX_DATA_FLAG) {
			*data = readl(&reg->flash_data);
			return 0;
		}
	}
	return -1;
}

int qla2x00_sysfs_read_nvram(struct qla_hw_data *ha, u32 *data)
{
	int rc;

	mutex_lock(&ha->optrom_mutex);
	rc = qla24xx_read_flash_dword(ha, 0x100, data);
	mutex_unlock(&ha->optrom_mutex);
	return rc;
}

int qla2x00_sysfs_read_nvram_counted(struct qla_hw_data *ha, u32 *data)
{
	int rc;

	mutex_lock(&ha->optrom_mutex);
	rc = qla_read_flash_dword_counted(ha, 0x100, data); /* expect: MMIO006 */
	mutex_unlock(&ha->optrom_mutex);
	return rc;
}
