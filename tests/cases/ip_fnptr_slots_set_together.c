/*
 * drivers/net/ethernet/broadcom/tg3.c (Linux 6.1): tg3_get_invariants()
 * installs the register and mailbox accessors in blocks - the posted
 * defaults, then under ICH_WORKAROUND read32, write32 and both mailbox
 * slots together to the config-space variants (under tp->indirect_lock),
 * then on 5906 both mailbox slots to the GRC mailbox variants.  The slots
 * a block sets together hold that block's functions together: a path
 * does not write through the posted tg3_write32() and read back through
 * tg3_read_indirect_reg32() (tg3_timer()), nor write a mailbox with
 * tg3_write32_mbox_5906() and read it with tg3_read_indirect_mbox()
 * (tg3_disable_ints() from tg3_stop(), tg3_open(), tg3_suspend()).
 * Each slot used to take its own target on a path, and the mix looked like
 * the pre-5.2 io_sync reset (MMIO002@ppc64-legacy at the two calls below;
 * tg3_timer() and the tg3_disable_ints() callers in the Linux run).  An
 * indirect call now chooses among blocks of stores, in one order for every
 * slot (bigger blocks first, the defaults at the top of the body last), so
 * the slots a block fills take its functions together.  The stores alone
 * in their block (PCIX_TARGET_HWBUG's write32, tg3_chip_reset()'s
 * temporary write32) come after the bigger blocks, so choosing them rules
 * the ICH_WORKAROUND block out.
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

/* tg3_chip_reset(): the 5701 flush workaround is dropped for the reset. */
void tg3_chip_reset(struct tg3 *tp)
{
	void (*write_op)(struct tg3 *, u32, u32) = tp->write32;

	if (write_op == tg3_write_flush_reg32)
		tp->write32 = tg3_write32;
	tp->write32 = write_op;
}

/* tg3_timer(): tw32(GRC_LOCAL_CTRL) then tr32(WDMAC_MODE) under tp->lock. */
void tg3_timer(struct tg3 *tp)
{
	spin_lock(&tp->lock);
	tp->write32(tp, GRC_LOCAL_CTRL, 1);
	if (!(tp->read32(tp, WDMAC_MODE) & 1))
		tp->cfg = 0;
	spin_unlock(&tp->lock);
}

/* tg3_disable_ints(): tw32_mailbox_f(), the mailbox written and read back. */
void tg3_disable_ints(struct tg3 *tp)
{
	spin_lock_bh(&tp->lock);
	tp->write32_mbox(tp, MAILBOX_INTERRUPT_0, 1);
	tp->read32_mbox(tp, MAILBOX_INTERRUPT_0);
	spin_unlock_bh(&tp->lock);
}

/* The write through write32 in a helper, the read back in its caller:
 * the helper's choice reaches the caller with its summary. */
static void tg3_set_local_ctrl(struct tg3 *tp, u32 v)
{
	tp->write32(tp, GRC_LOCAL_CTRL, v);
}

void tg3_timer_through_helper(struct tg3 *tp)
{
	spin_lock(&tp->lock);
	tg3_set_local_ctrl(tp, 1);
	if (!(tp->read32(tp, WDMAC_MODE) & 1))
		tp->cfg = 0;
	spin_unlock(&tp->lock);
}
