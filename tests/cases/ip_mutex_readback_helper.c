/*
 * drivers/mmc/host/rtsx_pci_sdmmc.c (Linux 6.1), sdmmc_init_sd_express():
 * an iowrite32() under pcr_mutex is followed by rtsx_pci_write_register()
 * calls, each of which writes the HAIMR register and polls it with
 * ioread32() until the chip acknowledges.  The read from the same device
 * flushes the posted write before mutex_unlock(), so the section is
 * ordered.  In the Linux run the helper lives in drivers/misc/cardreader,
 * outside the analyzed directories: an unknown call, assumed to do
 * nothing, and the write is reported (MMIO006, docs/results-linux-6.1.md).
 * With the helper's body in view the read-back is seen and nothing is.
 */
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/io.h>

#define RTSX_HAIMR	0x10
#define RTSX_BIER	0x14
#define HAIMR_TRANS_END	0x40000000

struct pcr {
	void __iomem *remap_addr;
	struct mutex pcr_mutex;
	u32 interrupt_en;
};

static int pcr_write_register(struct pcr *pcr, u16 addr, u8 data)
{
	int i;

	iowrite32(0x80000000u | ((u32)addr << 16) | data, pcr->remap_addr + RTSX_HAIMR);
	for (i = 0; i < 1024; i++)
		if (!(ioread32(pcr->remap_addr + RTSX_HAIMR) & HAIMR_TRANS_END))
			return 0;
	return -ETIMEDOUT;
}

/* The helper is another module's: nothing is known about it. */
int other_module_write_register(struct pcr *pcr, u16 addr, u8 data);

void init_express_seen(struct pcr *pcr)
{
	mutex_lock(&pcr->pcr_mutex);
	iowrite32(pcr->interrupt_en, pcr->remap_addr + RTSX_BIER);
	pcr_write_register(pcr, 0xFF01, 0xFF);
	mutex_unlock(&pcr->pcr_mutex);
}

void init_express_unknown(struct pcr *pcr)
{
	mutex_lock(&pcr->pcr_mutex);
	iowrite32(pcr->interrupt_en, pcr->remap_addr + RTSX_BIER); /* expect: MMIO006 */
	other_module_write_register(pcr, 0xFF01, 0xFF);
	mutex_unlock(&pcr->pcr_mutex);
}
