/*
 * A helper judged in its callers holds the locks held at every call of
 * every function on the way down, when each is called by name only.
 *
 * Reduced from tg3_timer() -> tg3_setup_phy() -> tg3_setup_copper_phy()
 * (drivers/net/ethernet/broadcom/tg3.c, Linux 6.1): the timer takes
 * tp->lock and calls tg3_setup_phy(), whose summary is over the cap;
 * tg3_setup_copper_phy() writes MAC_MODE and reads it back (tw32_f()), so
 * the capped summary drops the write, and no caller's run sees it.  The
 * helper's own site was then no evidence at all: its one caller holds no
 * lock at the call.  It runs under the timer's tp->lock, so MAC_MODE is
 * written under tp->lock at two sites, and the unlocked writer is one.
 * The helper's site is evidence only: it is never reported, and never a
 * vote against a lock (docs/rules/MMIO005.md).
 */
/* models: contract */
/* rules: MMIO005 */
/* args: --pedantic */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define MAC_MODE	0x00000400

struct tg3 {
	spinlock_t lock;
	void __iomem *regs;
	u32 mac_mode;
};

#define tw32_f(reg, val)	do { writel((val), tp->regs + (reg)); readl(tp->regs + (reg)); } while (0)

/* tg3_setup_phy()'s other work: enough writes, each read back, that its
 * summary is cut to its lock events and the writes unordered at its
 * return, which are none (interproc.h, IPA_MAX_SUMMARY_NODES) */
#define W1(o)	tw32_f(0x200 + (o), 0)
#define W4(o)	W1(o); W1((o) + 4); W1((o) + 8); W1((o) + 12)
#define W16(o)	W4(o); W4((o) + 16); W4((o) + 32); W4((o) + 48)
#define W64(o)	W16(o); W16((o) + 64); W16((o) + 128); W16((o) + 192)

static void tg3_setup_copper_phy(struct tg3 *tp)
{
	tw32_f(MAC_MODE, tp->mac_mode);
}

static void tg3_setup_phy(struct tg3 *tp)
{
	W64(0);
	W64(256);
	tg3_setup_copper_phy(tp);
}

void tg3_timer(struct tg3 *tp)
{
	spin_lock(&tp->lock);
	tg3_setup_phy(tp);
	spin_unlock(&tp->lock);
}

void tg3_set_loopback(struct tg3 *tp)
{
	spin_lock_bh(&tp->lock);
	tp->mac_mode |= 1;
	tw32_f(MAC_MODE, tp->mac_mode);
	spin_unlock_bh(&tp->lock);
}

void tg3_reset_mac_unlocked(struct tg3 *tp)
{
	tw32_f(MAC_MODE, 0); /* expect: MMIO005 */
}
