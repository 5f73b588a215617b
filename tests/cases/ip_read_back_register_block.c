/*
 * A read of one member of a register block orders the writes to its other
 * members: drivers/scsi/qla2xxx/qla_sup.c (Linux 6.1)
 * qla24xx_write_flash_dword() writes reg->flash_data and reg->flash_addr
 * (struct device_reg_24xx __iomem *reg = &ha->iobase->isp24), then polls
 * `while (cnt--) if (!(rd_reg_dword(&reg->flash_addr) & FARX_DATA_FLAG))`.
 * The device of each access was its whole address, so the flash_addr read
 * was taken for another device than the flash_data write (before:
 * MMIO006 at qla_attr.c:270, qla2x00_sysfs_write_nvram() under
 * optrom_mutex).  Two bases of one root stay apart (tp->regs,
 * tp->aperegs: tg3's two BARs).
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

struct device_reg {
	struct device_reg_24xx isp24;
};

struct qla_hw_data {
	struct device_reg __iomem *iobase;
	void __iomem *regs, *aperegs;
	struct mutex optrom_mutex;
};

/* qla_def.h's accessors: the device of each access is its address, as
 * the caller spells it through the helper's parameter. */
static inline void wrt_reg_dword(u32 __iomem *addr, u32 data)
{
	writel(data, addr);
}

static inline u32 rd_reg_dword(const u32 __iomem *addr)
{
	return readl(addr);
}

static int qla24xx_write_flash_dword(struct qla_hw_data *ha, u32 addr, u32 data)
{
	struct device_reg_24xx __iomem *reg = &ha->iobase->isp24;
	unsigned long cnt = 500000;

	wrt_reg_dword(&reg->flash_data, data);
	wrt_reg_dword(&reg->flash_addr, addr | FARX_DATA_FLAG);
	while (cnt--) {
		if (!(rd_reg_dword(&reg->flash_addr) & FARX_DATA_FLAG))
			return 0;
	}
	return -1;
}

int qla2x00_sysfs_write_nvram(struct qla_hw_data *ha, u32 data)
{
	int rc;

	mutex_lock(&ha->optrom_mutex);
	rc = qla24xx_write_flash_dword(ha, 0x100, data);
	mutex_unlock(&ha->optrom_mutex);
	return rc;
}

int tg3_ape_kick(struct qla_hw_data *ha, u32 data)
{
	u32 v;

	mutex_lock(&ha->optrom_mutex);
	writel(data, ha->aperegs + 0x10); /* expect: MMIO006 */
	v = readl(ha->regs + 0x10);
	mutex_unlock(&ha->optrom_mutex);
	return v;
}

/*
 * The same base reached two ways: drivers/net/ethernet/broadcom/bnx2x
 * (Linux 6.1) bnx2x_mdio_read() -> bnx2x_phy_read(&bp->link_params, ...)
 * -> bnx2x_cl45_read(params->bp, ...) -> bnx2x_bits_dis() writes through
 * `bp->link_params.bp->regview`; bnx2x_release_phy_lock() ->
 * bnx2x_release_hw_lock() reads `bp->regview` before mutex_unlock()
 * (before: MMIO006 at bnx2x_main.c:12777).
 */
struct bnx2x;

struct link_params {
	struct bnx2x *bp;
};

struct bnx2x {
	void __iomem *regview;
	struct mutex phy_mutex;
	struct link_params link_params;
};

static void bnx2x_bits_dis(struct bnx2x *bp, u32 reg, u32 bits)
{
	writel(readl(bp->regview + reg) & ~bits, bp->regview + reg);
}

static void bnx2x_phy_read(struct link_params *params, u32 reg)
{
	bnx2x_bits_dis(params->bp, reg, 0x4);
}

int bnx2x_mdio_read(struct bnx2x *bp, u32 reg)
{
	u32 v;

	mutex_lock(&bp->phy_mutex);
	bnx2x_phy_read(&bp->link_params, reg);
	v = readl(bp->regview + 0xa510);
	mutex_unlock(&bp->phy_mutex);
	return v;
}
