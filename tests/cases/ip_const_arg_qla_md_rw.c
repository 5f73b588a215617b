/*
 * drivers/scsi/qla2xxx/qla_nx.c (Linux 6.1): qla82xx_md_rw_32(ha, off,
 * data, flag) sets the CRB window (a write read back), then writes `data`
 * `if (flag)`, else reads the register.  qla82xx_minidump_process_rdmem()
 * polls the agent under hw_lock with qla82xx_md_rw_32(ha,
 * MD_MIU_TEST_AGT_CTRL, 0, 0): flag 0 takes the read arm, the poll loop
 * runs at least once, so the writes before it are ordered at both
 * write_unlock_irqrestore() calls (before: MMIO006 on the poll's line,
 * the flag's write arm taken).  qla82xx_md_agent_start() is the same
 * section ending with flag 1 (the write arm, nothing read after it): its
 * MMIO006 stays.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define CRB_WINDOW_2M		0x130060
#define CRB_INDIRECT_2M		0x1e0000
#define MD_MIU_TEST_AGT_CTRL	0x41000090
#define MD_MIU_TEST_AGT_ADDR_LO	0x41000094
#define MIU_TA_CTL_START	1
#define MIU_TA_CTL_ENABLE	2
#define MIU_TA_CTL_BUSY		8
#define MAX_CTL_CHECK		1000

struct qla_hw_data {
	void __iomem *nx_pcibase;
	rwlock_t hw_lock;
};

static u32 qla82xx_md_rw_32(struct qla_hw_data *ha, u32 off, u32 data, u8 flag)
{
	u32 off_value, rval = 0;

	writel(off & 0xFFFF0000, CRB_WINDOW_2M + ha->nx_pcibase);
	/* Read back value to make sure write has gone through */
	readl(CRB_WINDOW_2M + ha->nx_pcibase);
	off_value = off & 0x0000FFFF;

	if (flag)
		writel(data, off_value + CRB_INDIRECT_2M + ha->nx_pcibase);
	else
		rval = readl(off_value + CRB_INDIRECT_2M + ha->nx_pcibase);
	return rval;
}

int qla82xx_minidump_process_rdmem(struct qla_hw_data *ha, u32 r_addr)
{
	unsigned long flags;
	u32 r_value, j;

	write_lock_irqsave(&ha->hw_lock, flags);
	qla82xx_md_rw_32(ha, MD_MIU_TEST_AGT_ADDR_LO, r_addr, 1);
	qla82xx_md_rw_32(ha, MD_MIU_TEST_AGT_CTRL, MIU_TA_CTL_START | MIU_TA_CTL_ENABLE, 1);
	for (j = 0; j < MAX_CTL_CHECK; j++) {
		r_value = qla82xx_md_rw_32(ha, MD_MIU_TEST_AGT_CTRL, 0, 0);
		if ((r_value & MIU_TA_CTL_BUSY) == 0)
			break;
	}
	if (j >= MAX_CTL_CHECK) {
		write_unlock_irqrestore(&ha->hw_lock, flags);
		return -1;
	}
	write_unlock_irqrestore(&ha->hw_lock, flags);
	return 0;
}

void qla82xx_md_agent_start(struct qla_hw_data *ha, u32 r_addr)
{
	unsigned long flags;

	write_lock_irqsave(&ha->hw_lock, flags);
	qla82xx_md_rw_32(ha, MD_MIU_TEST_AGT_ADDR_LO, r_addr, 1);
	qla82xx_md_rw_32(ha, MD_MIU_TEST_AGT_CTRL, MIU_TA_CTL_START, 1); /* expect: MMIO006 */
	write_unlock_irqrestore(&ha->hw_lock, flags);
}
