/*
 * A summary keeps the call whose result a kept branch tests:
 * drivers/net/ethernet/broadcom/tg3.c (Linux 6.1) tg3_ape_lock() tests
 * `!tg3_flag(tp, ENABLE_APE)` and then, in its poll loop,
 * pci_channel_offline(tp->pdev), each a branch on "the result of the last
 * call".  It takes no kernel lock, so its summary kept the two branches
 * but not the calls: in a caller, the offline test read the flag test's
 * result, and the flag test of a second copy (tg3_phy_reset() reaches it
 * through tg3_readphy() and tg3_writephy()) read the first copy's offline
 * result.  Here a path with the APE enabled and the channel online leaves
 * each relaxed write unordered; before, neither was reported.  Each call
 * has a section of its own: one finding per unlock.
 */
/* models: contract */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

struct pci_dev;

struct tg3 {
	spinlock_t lock;
	void __iomem *aperegs;
	struct pci_dev *pdev;
};

extern bool tg3_ape_enabled(struct tg3 *tp);
extern bool pci_channel_offline(struct pci_dev *pdev);

static void tg3_ape_request(struct tg3 *tp, int locknum)
{
	if (!tg3_ape_enabled(tp))
		return;
	if (locknum)
		writel_relaxed(2, tp->aperegs + 0x8c);
	else
		writel_relaxed(1, tp->aperegs + 0x84);
	if (pci_channel_offline(tp->pdev))
		writel(0, tp->aperegs + 0x8c);
}

void tg3_phy_request_both(struct tg3 *tp)
{
	spin_lock_bh(&tp->lock);
	tg3_ape_request(tp, 0); /* expect: MMIO001@contract */
	spin_unlock_bh(&tp->lock);
	spin_lock_bh(&tp->lock);
	tg3_ape_request(tp, 1); /* expect: MMIO001@contract */
	spin_unlock_bh(&tp->lock);
}
