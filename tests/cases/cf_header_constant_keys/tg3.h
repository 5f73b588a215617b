/* Chip revisions, MI mode bits and struct tg3 of
 * drivers/net/ethernet/broadcom/tg3.h (Linux 6.1), reduced. */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define ASIC_REV_5906			0x0c
#define ASIC_REV_5717			0x5717
#define MAC_MI_MODE_AUTO_POLL		0x00000010
#define MAC_MI_MODE_500KHZ_CONST	0x00008000

struct tg3 {
	u32 pci_chip_rev_id;
	u32 mi_mode;
	spinlock_t indirect_lock;
	void __iomem *regs;
};

#define tg3_asic_rev(tp)	((tp)->pci_chip_rev_id >> 12)
