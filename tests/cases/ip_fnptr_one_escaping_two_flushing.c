/*
 * Reduced from drivers/net/ethernet/broadcom/tg3.c (Linux 6.1): the
 * tp->write32_mbox slot is set at probe to tg3_write32() (here made a
 * relaxed write, as a driver with a posted doorbell does), to
 * tg3_write_flush_reg32() (writel() then readl() of the same register) or
 * to tg3_write_indirect_mbox() (a config-space cycle, no MMIO, and a full
 * writel() last).  tg3_tx_doorbell() (tg3_start_xmit()'s
 * `tw32_tx_mbox(tnapi->prodmbox, entry)` under the tx lock) is reported
 * once, for the one implementation whose write escapes the unlock; the
 * paths through the two that read back or end with a full write give
 * nothing, and the trace goes into tg3_write32_relaxed().
 */
/* models: contract,generic,ppc64-legacy */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

struct tg3 {
	void __iomem *regs;
	spinlock_t tx_lock;
	void (*write32_mbox)(struct tg3 *tp, u32 off, u32 val);
};

static void tg3_write32_relaxed(struct tg3 *tp, u32 off, u32 val)
{
	writel_relaxed(val, tp->regs + off);
}

static void tg3_write_flush_reg32(struct tg3 *tp, u32 off, u32 val)
{
	writel(val, tp->regs + off);
	readl(tp->regs + off);
}

static void tg3_write_indirect_mbox(struct tg3 *tp, u32 off, u32 val)
{
	writel(off + 0x5600, tp->regs + 0x78);
	writel(val, tp->regs + 0x7c);
}

void tg3_get_invariants(struct tg3 *tp, int kind)
{
	if (kind == 1)
		tp->write32_mbox = tg3_write_flush_reg32;
	else if (kind == 2)
		tp->write32_mbox = tg3_write_indirect_mbox;
	else
		tp->write32_mbox = tg3_write32_relaxed;
}

void tg3_tx_doorbell(struct tg3 *tp, u32 prodmbox, u32 entry)
{
	spin_lock(&tp->tx_lock);
	tp->write32_mbox(tp, prodmbox, entry); /* expect: MMIO001@contract,generic */
	spin_unlock(&tp->tx_lock);
}
