/*
 * A helper below a cap whose chains of calls disagree, one holding the
 * register's lock and one not, counts once per group of chains that
 * agree: the locked chain is evidence for the lock.
 *
 * Reduced from tg3_enable_ints() (drivers/net/ethernet/broadcom/tg3.c,
 * Linux 6.1): it writes TG3PCI_MISC_HOST_CTRL, and its callers' summaries
 * are over the cap, so no caller's run sees the write.  tg3_netif_start()
 * calls it only under tp->lock (from the reset task); the probe-time
 * self-test calls it without.  Locks held at every call were none, so
 * the site counted for nothing, and one locked site was too few for any
 * finding.  Split by chain, the reset task's chain holds tp->lock (two
 * locked writes against one unlocked), and the probe chain is a setup
 * path, which does not vote.  The helper's site is still never reported.
 */
/* models: contract */
/* rules: MMIO005 */
/* args: --pedantic */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define TG3PCI_MISC_HOST_CTRL	0x00000068

struct tg3 {
	spinlock_t lock;
	void __iomem *regs;
	u32 misc_host_ctrl;
};

#define tw32(reg, val)		writel((val), tp->regs + (reg))
#define tw32_f(reg, val)	do { writel((val), tp->regs + (reg)); readl(tp->regs + (reg)); } while (0)

/* tg3_enable_ints()'s other work: enough writes, each read back, that its
 * summary is cut to its lock events (interproc.h, IPA_MAX_SUMMARY_NODES) */
#define W1(o)	tw32_f(0x200 + (o), 0)
#define W4(o)	W1(o); W1((o) + 4); W1((o) + 8); W1((o) + 12)
#define W16(o)	W4(o); W4((o) + 16); W4((o) + 32); W4((o) + 48)
#define W64(o)	W16(o); W16((o) + 64); W16((o) + 128); W16((o) + 192)

static void tg3_enable_ints(struct tg3 *tp)
{
	tw32_f(TG3PCI_MISC_HOST_CTRL, tp->misc_host_ctrl & ~1u);
	W64(0);
	W64(256);
}

static void tg3_netif_start(struct tg3 *tp)
{
	tg3_enable_ints(tp);
}

void tg3_reset_task(struct tg3 *tp)
{
	spin_lock_bh(&tp->lock);
	tg3_netif_start(tp);
	spin_unlock_bh(&tp->lock);
}

int tg3_init_one(struct tg3 *tp)
{
	tg3_enable_ints(tp);
	return 0;
}

void tg3_disable_ints(struct tg3 *tp)
{
	spin_lock_bh(&tp->lock);
	tw32_f(TG3PCI_MISC_HOST_CTRL, tp->misc_host_ctrl | 1u);
	spin_unlock_bh(&tp->lock);
}

void tg3_chip_reset(struct tg3 *tp)
{
	tw32_f(TG3PCI_MISC_HOST_CTRL, tp->misc_host_ctrl); /* expect: MMIO005 */
}
