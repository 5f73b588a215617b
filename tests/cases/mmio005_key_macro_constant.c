/*
 * Registers written through one driver macro are told apart by the
 * constant the driver passed (AT_XDMAC_GIE, AT_XDMAC_GID), not merged
 * under the macro's name.  Reduced from drivers/dma/at_xdmac.c:
 * at_xdmac_start_xfer() enables a channel (GIE) under atchan->lock,
 * at_xdmac_device_terminate_all() likewise, and at_xdmac_remove()
 * disables it (GID) with no lock.  A write of GIE with no lock is still
 * found, whatever the other arguments of the macro call.  relaxed is
 * writel() on powerpc: no MMIO001 under ppc64-legacy.
 */
/* rules: all */
/* args: --pedantic */	/* weak evidence by the default's bar (docs/rules/MMIO005.md) */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define AT_XDMAC_GIE		0x0C
#define AT_XDMAC_GID		0x10

struct at_xdmac {
	void __iomem *regs;
};

struct at_xdmac_chan {
	struct at_xdmac *atxdmac;
	spinlock_t lock;
	u32 mask;
};

#define at_xdmac_write(atxdmac, reg, value) \
	writel_relaxed((value), (atxdmac)->regs + (reg))

void at_xdmac_start_xfer(struct at_xdmac_chan *atchan)
{
	spin_lock_bh(&atchan->lock);
	at_xdmac_write(atchan->atxdmac, AT_XDMAC_GIE, atchan->mask); /* expect: MMIO001@contract */
	spin_unlock_bh(&atchan->lock);
}

void at_xdmac_resume_xfer(struct at_xdmac_chan *atchan)
{
	spin_lock_bh(&atchan->lock);
	at_xdmac_write(atchan->atxdmac, AT_XDMAC_GIE, atchan->mask); /* expect: MMIO001@contract */
	spin_unlock_bh(&atchan->lock);
}

void at_xdmac_remove(struct at_xdmac *atxdmac)
{
	at_xdmac_write(atxdmac, AT_XDMAC_GID, -1L);
}

void at_xdmac_enable_unlocked(struct at_xdmac *atxdmac, u32 mask)
{
	at_xdmac_write(atxdmac, AT_XDMAC_GIE, mask); /* expect: MMIO005 */
}
