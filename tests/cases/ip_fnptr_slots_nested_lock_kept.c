/*
 * drivers/net/ethernet/broadcom/tg3.c (Linux 6.1): the accessor slots set
 * together in tg3_get_invariants() (tests/cases-pending/
 * ip_fnptr_slots_set_together.c) must not hide a nested lock that is
 * really there.  tg3_ape_lock() style:
 * a posted write, then a call through read32 - on a path that took the
 * ICH_WORKAROUND block, tg3_read_indirect_reg32() and its
 * tp->indirect_lock, and then write32 is that block's config-space write
 * too; the direct writel() before the nested acquire is the pre-5.2
 * io_sync reset under ppc64-legacy.  Choosing the slots of one block
 * together may fix a slot's partners; it must never remove the writes and
 * locks of the chosen block.
 */
/* models: contract,generic,ppc64-legacy */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define TG3_ICH_WORKAROUND	0x1
#define TG3_PCIX_TARGET_HWBUG	0x2
#define TG3_ASIC_5906		0x4
#define GRC_LOCAL_CTRL		0x6808
#define WDMAC_MODE		0x4c00
#define MAILBOX_INTERRUPT_0	0x0204
#define GRCMBOX_BASE		0x5600

struct tg3 {
	void __iomem *regs;
	spinlock_t lock;
	spinlock_t indirect_lock;
	unsigned long flags;
	u32 cfg;
	u32 (*read32)(struct tg3 *tp, u32 off);
	void (*write32)(struct tg3 *tp, u32 off, u32 val);
	u32 (*read32_mbox)(struct tg3 *tp, u32 off);
	void (*write32_mbox)(struct tg3 *tp, u32 off, u32 val);
};

static void tg3_write32(struct tg3 *tp, u32 off, u32 val)
{
	writel(val, tp->regs + off);
}

static u32 tg3_read32(struct tg3 *tp, u32 off)
{
	return readl(tp->regs + off);
}

static void tg3_write_flush_reg32(struct tg3 *tp, u32 off, u32 val)
{
	writel(val, tp->regs + off);
	readl(tp->regs + off);
}

static void tg3_write_indirect_reg32(struct tg3 *tp, u32 off, u32 val)
{
	unsigned long flags;

	spin_lock_irqsave(&tp->indirect_lock, flags);
	tp->cfg = off ^ val;	/* pci_write_config_dword() */
	spin_unlock_irqrestore(&tp->indirect_lock, flags);
}

static u32 tg3_read_indirect_reg32(struct tg3 *tp, u32 off)
{
	unsigned long flags;
	u32 val;

	spin_lock_irqsave(&tp->indirect_lock, flags);
	val = tp->cfg + off;	/* pci_read_config_dword() */
	spin_unlock_irqrestore(&tp->indirect_lock, flags);
	return val;
}

static void tg3_write_indirect_mbox(struct tg3 *tp, u32 off, u32 val)
{
	unsigned long flags;

	spin_lock_irqsave(&tp->indirect_lock, flags);
	tp->cfg = off + 0x5600 + val;
	spin_unlock_irqrestore(&tp->indirect_lock, flags);
}

static u32 tg3_read_indirect_mbox(struct tg3 *tp, u32 off)
{
	unsigned long flags;
	u32 val;

	spin_lock_irqsave(&tp->indirect_lock, flags);
	val = tp->cfg + off + 0x5600;
	spin_unlock_irqrestore(&tp->indirect_lock, flags);
	return val;
}

static u32 tg3_read32_mbox_5906(struct tg3 *tp, u32 off)
{
	return readl(tp->regs + off + GRCMBOX_BASE);
}

static void tg3_write32_mbox_5906(struct tg3 *tp, u32 off, u32 val)
{
	writel(val, tp->regs + off + GRCMBOX_BASE);
}

int tg3_get_invariants(struct tg3 *tp)
{
	tp->read32 = tg3_read32;
	tp->write32 = tg3_write32;
	tp->read32_mbox = tg3_read32;
	tp->write32_mbox = tg3_write32;

	if (tp->flags & TG3_PCIX_TARGET_HWBUG)
		tp->write32 = tg3_write_indirect_reg32;

	if (tp->flags & TG3_ICH_WORKAROUND) {
		tp->read32 = tg3_read_indirect_reg32;
		tp->write32 = tg3_write_indirect_reg32;
		tp->read32_mbox = tg3_read_indirect_mbox;
		tp->write32_mbox = tg3_write_indirect_mbox;
	}
	if (tp->flags & TG3_ASIC_5906) {
		tp->read32_mbox = tg3_read32_mbox_5906;
		tp->write32_mbox = tg3_write32_mbox_5906;
	}
	return 0;
}

/* A direct posted write, then the indirect read (through the slot). */
void tg3_ape_poll(struct tg3 *tp, u32 v)
{
	spin_lock_bh(&tp->lock);
	tg3_write32(tp, GRC_LOCAL_CTRL, v); /* expect: MMIO002@ppc64-legacy */
	tp->read32(tp, WDMAC_MODE);
	spin_unlock_bh(&tp->lock);
}

/* read32 from the ICH block, a direct write, then write32: the same
 * block's tg3_write_indirect_reg32() takes tp->indirect_lock after it. */
void tg3_ape_post(struct tg3 *tp, u32 v)
{
	spin_lock_bh(&tp->lock);
	if (tp->read32(tp, WDMAC_MODE) & 1)
		tg3_write32(tp, MAILBOX_INTERRUPT_0, v); /* expect: MMIO002@ppc64-legacy */
	tp->write32(tp, GRC_LOCAL_CTRL, v);
	spin_unlock_bh(&tp->lock);
}
