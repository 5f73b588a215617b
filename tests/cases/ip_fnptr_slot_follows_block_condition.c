/*
 * drivers/net/ethernet/broadcom/tg3.c (Linux 6.1) tg3_refclk_write() from
 * tg3_ptp_settime() (also tg3_poll_link(), tg3_generate_fw_event() from
 * tg3_timer(), tg3_nvram_unlock(), tg3_adjust_link()): tw32_f() is
 * _tw32_flush(), which writes through tp->write32 when PCIX_TARGET_HWBUG
 * or ICH_WORKAROUND is set and otherwise calls tg3_write32() directly and
 * reads back through tp->read32.  tg3_get_invariants() installs
 * tg3_read_indirect_reg32() in read32 only under ICH_WORKAROUND, so the
 * posted arm never reaches the indirect read, and nothing is unordered.
 * It used to be reported (MMIO002@ppc64-legacy on the _tw32_flush() call):
 * a slot's choice was tied to nothing, and the flag test in _tw32_flush()
 * was local to it.  Now the ICH_WORKAROUND block is chosen by its
 * condition, `tg3_flag(tp, ICH_WORKAROUND)` with tp named by its type,
 * which is the key of the same test in _tw32_flush(): on the posted arm
 * read32 holds the default tg3_read32().  tg3_flag() is keyed at all
 * because _tg3_flag() returns test_bit() over its parameters, a pure
 * predicate (rules/predicates.json).
 */
/* models: contract,generic,ppc64-legacy */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <linux/bitops.h>

enum TG3_FLAGS {
	TG3_FLAG_ICH_WORKAROUND,
	TG3_FLAG_PCIX_TARGET_HWBUG,
	TG3_FLAG_ASIC_5906,
};
#define GRC_LOCAL_CTRL		0x6808
#define WDMAC_MODE		0x4c00
#define MAILBOX_INTERRUPT_0	0x0204
#define GRCMBOX_BASE		0x5600

struct tg3 {
	void __iomem *regs;
	spinlock_t lock;
	spinlock_t indirect_lock;
	unsigned long tg3_flags[1];
	u32 cfg;
	u32 (*read32)(struct tg3 *tp, u32 off);
	void (*write32)(struct tg3 *tp, u32 off, u32 val);
	u32 (*read32_mbox)(struct tg3 *tp, u32 off);
	void (*write32_mbox)(struct tg3 *tp, u32 off, u32 val);
};

static inline int _tg3_flag(enum TG3_FLAGS flag, unsigned long *bits)
{
	return test_bit(flag, bits);
}
#define tg3_flag(tp, flag)	_tg3_flag(TG3_FLAG_##flag, (tp)->tg3_flags)

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

	if (tg3_flag(tp, PCIX_TARGET_HWBUG))
		tp->write32 = tg3_write_indirect_reg32;

	if (tg3_flag(tp, ICH_WORKAROUND)) {
		tp->read32 = tg3_read_indirect_reg32;
		tp->write32 = tg3_write_indirect_reg32;
		tp->read32_mbox = tg3_read_indirect_mbox;
		tp->write32_mbox = tg3_write_indirect_mbox;
	}
	if (tg3_flag(tp, ASIC_5906)) {
		tp->read32_mbox = tg3_read32_mbox_5906;
		tp->write32_mbox = tg3_write32_mbox_5906;
	}
	return 0;
}

static void _tw32_flush(struct tg3 *tp, u32 off, u32 val)
{
	if (tg3_flag(tp, PCIX_TARGET_HWBUG) || tg3_flag(tp, ICH_WORKAROUND)) {
		tp->write32(tp, off, val);
	} else {
		tg3_write32(tp, off, val);
		tp->read32(tp, off);
	}
}

/* tg3_ptp_settime() -> tg3_refclk_write(), under tg3_full_lock(). */
void tg3_ptp_settime(struct tg3 *tp, u32 ns)
{
	spin_lock_bh(&tp->lock);
	_tw32_flush(tp, GRC_LOCAL_CTRL, ns);
	spin_unlock_bh(&tp->lock);
}
