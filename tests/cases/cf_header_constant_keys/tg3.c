/*
 * Tests against constants a header defines are two tests, not one:
 * drivers/net/ethernet/broadcom/tg3.c (Linux 6.1) tests
 * `tg3_asic_rev(tp) == ASIC_REV_5906` and then other revisions in
 * tg3_write_mem() and most of the file, and `tp->mi_mode &
 * MAC_MI_MODE_AUTO_POLL` in __tg3_readphy().  A literal of a macro body
 * has an extent starting at its #define: in another file it gave no text,
 * so every revision test of the file was one correlation key
 * ("tp->pci_chip_rev_id>>==") and the path on which the first one failed
 * took every later one false, never entering their sections.  Here the
 * sections hold a relaxed write; the writes are made relaxed so that the
 * path is visible as an MMIO001.
 */
/* models: contract */
#include "tg3.h"

void tg3_write_mem_5717(struct tg3 *tp, u32 off)
{
	unsigned long flags;

	if (tg3_asic_rev(tp) == ASIC_REV_5906)
		return;
	if (tg3_asic_rev(tp) == ASIC_REV_5717) {
		spin_lock_irqsave(&tp->indirect_lock, flags);
		writel_relaxed(off, tp->regs + 0x7c); /* expect: MMIO001@contract */
		spin_unlock_irqrestore(&tp->indirect_lock, flags);
	}
}

void tg3_mi_mode_write(struct tg3 *tp, u32 val)
{
	unsigned long flags;

	if (tp->mi_mode & MAC_MI_MODE_AUTO_POLL)
		return;
	if (tp->mi_mode & MAC_MI_MODE_500KHZ_CONST) {
		spin_lock_irqsave(&tp->indirect_lock, flags);
		writel_relaxed(val, tp->regs + 0x454); /* expect: MMIO001@contract */
		spin_unlock_irqrestore(&tp->indirect_lock, flags);
	}
}

/* The same test twice is one key: the second takes the first's arm. */
void tg3_mi_mode_same(struct tg3 *tp, u32 val)
{
	unsigned long flags;

	if (tp->mi_mode & MAC_MI_MODE_AUTO_POLL)
		return;
	if (tp->mi_mode & MAC_MI_MODE_AUTO_POLL) {
		spin_lock_irqsave(&tp->indirect_lock, flags);
		writel_relaxed(val, tp->regs + 0x454);
		spin_unlock_irqrestore(&tp->indirect_lock, flags);
	}
}
