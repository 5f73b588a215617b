/*
 * The tg3 pattern: register writes through a function pointer in the
 * device struct, with several implementations chosen at probe time.  The
 * call is judged against every implementation stored into tp->write32:
 * one of them is relaxed, so the section can end unordered (contract).
 * A slot whose implementations are all full writes is ordered.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

struct tg3;

struct tg3 {
	void __iomem *regs;
	spinlock_t lock;
	int flags;
	void (*write32)(struct tg3 *tp, u32 off, u32 val);
	void (*write32_mbox)(struct tg3 *tp, u32 off, u32 val);
};

static void tg3_write32(struct tg3 *tp, u32 off, u32 val)
{
	writel(val, tp->regs + off);
}

static void tg3_write32_relaxed(struct tg3 *tp, u32 off, u32 val)
{
	writel_relaxed(val, tp->regs + off);
}

static void tg3_write_flush_reg32(struct tg3 *tp, u32 off, u32 val)
{
	writel(val, tp->regs + off);
	readl(tp->regs + off);
}

int tg3_probe_one(struct tg3 *tp)
{
	if (tp->flags & 1)
		tp->write32 = tg3_write_flush_reg32;
	else if (tp->flags & 2)
		tp->write32 = tg3_write32_relaxed;
	else
		tp->write32 = tg3_write32;
	tp->write32_mbox = tg3_write32;
	return 0;
}

void tg3_set_mode(struct tg3 *tp, u32 mode)
{
	spin_lock_bh(&tp->lock);
	tp->write32(tp, 0x6800, mode); /* expect: MMIO001@contract */
	spin_unlock_bh(&tp->lock);
}

void tg3_kick_mbox(struct tg3 *tp, u32 idx)
{
	spin_lock_bh(&tp->lock);
	tp->write32_mbox(tp, 0x5800, idx);
	spin_unlock_bh(&tp->lock);
}
