/*
 * Reduced from drivers/net/ethernet/emulex/benet/be_cmds.c (Linux 6.1)
 * be_mbox_notify_wait(): `void __iomem *db = adapter->db +
 * MPU_MAILBOX_DB_OFFSET;` and the mailbox address is written through db
 * under adapter->mbox_lock (a mutex), then the ready bit is polled.  Here
 * the poll reads through adapter->db, the base the alias was made from: a
 * read the analysis cannot tell apart from the written device is credited
 * as a read-back (before: MMIO006 on the second iowrite32()).
 */
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/io.h>

#define MPU_MAILBOX_DB_OFFSET 0x160
#define MPU_MAILBOX_DB_RDY_MASK 0x1

struct be_adapter {
	void __iomem *db;
	struct mutex mbox_lock;
	u64 mbox_dma;
};

static int be_mbox_notify_wait(struct be_adapter *adapter)
{
	void __iomem *db = adapter->db + MPU_MAILBOX_DB_OFFSET;

	iowrite32((u32)(adapter->mbox_dma >> 32) | 0x2, db);
	iowrite32((u32)adapter->mbox_dma, db);
	return ioread32(adapter->db + MPU_MAILBOX_DB_OFFSET) & MPU_MAILBOX_DB_RDY_MASK ? 0 : -5;
}

int be_cmd_fw_init(struct be_adapter *adapter)
{
	int status;

	mutex_lock(&adapter->mbox_lock);
	status = be_mbox_notify_wait(adapter);
	mutex_unlock(&adapter->mbox_lock);
	return status;
}
