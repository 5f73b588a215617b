/*
 * A helper below a cap whose chains of calls disagree counts once per
 * group of chains that agree: the locked chain is evidence for the lock,
 * and an unlocked chain outside setup paths a vote against it.
 *
 * Reduced from tg3_enable_ints() (drivers/net/ethernet/broadcom/tg3.c,
 * Linux 6.1), as mmio005_split_chains_locked_one_counts.c, but the
 * unlocked caller is the ethtool self-test, tg3_test_interrupt(), which
 * calls tg3_enable_ints() without tp->lock at run time.  Counting the
 * locked chain alone, two locked writes would outvote the one unlocked
 * writer, tg3_chip_reset(); with the self-test's chain the vote is two
 * to two, and the register has no finding.
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

void tg3_test_interrupt(struct tg3 *tp)
{
	tg3_enable_ints(tp);
}

void tg3_disable_ints(struct tg3 *tp)
{
	spin_lock_bh(&tp->lock);
	tw32_f(TG3PCI_MISC_HOST_CTRL, tp->misc_host_ctrl | 1u);
	spin_unlock_bh(&tp->lock);
}

void tg3_chip_reset(struct tg3 *tp)
{
	tw32_f(TG3PCI_MISC_HOST_CTRL, tp->misc_host_ctrl);
}
