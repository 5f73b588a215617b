/*
 * drivers/net/ethernet/broadcom/tg3.c (Linux 6.1): tp->write32 is set once
 * at probe, to tg3_write32() (a posted writel) or, on PCIX_TARGET_HWBUG
 * chips, to tg3_write_indirect_reg32() (a config-space cycle under
 * tp->indirect_lock, no MMIO).  Every call through the slot on one path
 * takes the same implementation.  Mixing them - the writel() at the first
 * call, the nested indirect_lock at the second - was a path no device
 * sees, and under ppc64-legacy it looked like the pre-5.2 io_sync reset
 * (MMIO002 on tg3_adjust_link, tg3_ptp_enable, tg3_stop, ... in the Linux
 * run).  With one implementation per path there is nothing to report;
 * a real nested lock after the writel still is.
 */
/* models: contract,generic,ppc64-legacy */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

struct tg3 {
	void __iomem *regs;
	spinlock_t lock;
	spinlock_t indirect_lock;
	int flags;
	void (*write32)(struct tg3 *tp, u32 off, u32 val);
};

static void tg3_write32(struct tg3 *tp, u32 off, u32 val)
{
	writel(val, tp->regs + off);
}

static void tg3_write_indirect_reg32(struct tg3 *tp, u32 off, u32 val)
{
	unsigned long flags;

	spin_lock_irqsave(&tp->indirect_lock, flags);
	tp->flags = off + val;	/* pci_write_config_dword() in tg3 */
	spin_unlock_irqrestore(&tp->indirect_lock, flags);
}

int tg3_probe_one(struct tg3 *tp)
{
	if (tp->flags & 1)
		tp->write32 = tg3_write_indirect_reg32;
	else
		tp->write32 = tg3_write32;
	return 0;
}

/* Two writes through the slot: both posted, or both config cycles. */
void tg3_set_two(struct tg3 *tp, u32 a, u32 b)
{
	spin_lock_bh(&tp->lock);
	tp->write32(tp, 0x6800, a);
	tp->write32(tp, 0x6804, b);
	spin_unlock_bh(&tp->lock);
}

/* A helper writing through the slot, then the slot again: the same. */
static void tg3_write_mac(struct tg3 *tp, u32 v)
{
	tp->write32(tp, 0x0410, v);
}

void tg3_set_mac_then_mode(struct tg3 *tp, u32 mac, u32 mode)
{
	spin_lock_bh(&tp->lock);
	tg3_write_mac(tp, mac);
	tp->write32(tp, 0x6800, mode);
	spin_unlock_bh(&tp->lock);
}

/* The writel() and then the indirect lock itself: the pre-5.2 reset. */
void tg3_write_then_indirect(struct tg3 *tp, u32 v)
{
	spin_lock_bh(&tp->lock);
	tg3_write32(tp, 0x6800, v); /* expect: MMIO002@ppc64-legacy */
	tg3_write_indirect_reg32(tp, 0x6804, v);
	spin_unlock_bh(&tp->lock);
}
