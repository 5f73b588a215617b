/*
 * A poll loop with constant bounds runs its body at least once:
 * rtsx_pci_write_register() (drivers/misc/cardreader/rtsx_pcr.c, Linux
 * 6.1) writes HAIMR, then `for (i = 0; i < MAX_RW_REG_CNT; i++)` reads it
 * back until the chip is done.  The path that skips the loop does not
 * exist, so the write is ordered by the read before mutex_unlock().  A
 * loop whose bound is a variable may run zero times: that write is
 * reported.
 */
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/io.h>

#define RTSX_HAIMR		0x10
#define HAIMR_TRANS_END		0x40000000
#define MAX_RW_REG_CNT		1024

struct pcr {
	void __iomem *remap_addr;
	struct mutex pcr_mutex;
};

int write_register_polled(struct pcr *pcr, u32 val)
{
	int i;

	mutex_lock(&pcr->pcr_mutex);
	iowrite32(val, pcr->remap_addr + RTSX_HAIMR);
	for (i = 0; i < MAX_RW_REG_CNT; i++) {
		if (!(ioread32(pcr->remap_addr + RTSX_HAIMR) & HAIMR_TRANS_END))
			break;
	}
	mutex_unlock(&pcr->pcr_mutex);
	return i < MAX_RW_REG_CNT ? 0 : -ETIMEDOUT;
}

int write_register_declared(struct pcr *pcr, u32 val)
{
	mutex_lock(&pcr->pcr_mutex);
	iowrite32(val, pcr->remap_addr + RTSX_HAIMR);
	for (int i = MAX_RW_REG_CNT; i > 0; i--) {
		if (!(ioread32(pcr->remap_addr + RTSX_HAIMR) & HAIMR_TRANS_END))
			break;
	}
	mutex_unlock(&pcr->pcr_mutex);
	return 0;
}

int write_register_tries(struct pcr *pcr, u32 val, int tries)
{
	int i;

	mutex_lock(&pcr->pcr_mutex);
	iowrite32(val, pcr->remap_addr + RTSX_HAIMR); /* expect: MMIO006 */
	for (i = 0; i < tries; i++) {
		if (!(ioread32(pcr->remap_addr + RTSX_HAIMR) & HAIMR_TRANS_END))
			break;
	}
	mutex_unlock(&pcr->pcr_mutex);
	return 0;
}
