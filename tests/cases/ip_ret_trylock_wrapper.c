/*
 * Reduced from drivers/net/ethernet/smsc/smc91x.c (Linux 6.1)
 * smc_hardware_send_pkt(), with smc_special_trylock() a static function as
 * drivers/md/dm-bufio.c's dm_bufio_trylock() spells one: `return
 * spin_trylock(...)`.  The caller's `if (!smc_trylock(lp)) return;` takes
 * the wrapper's exit whose value matches (locked when true), so there is no
 * path that unlocks what it did not take, and the wrapper is a conditional
 * acquire whose value tells (no MMIO007).  The packet's relaxed enqueue
 * command before the unlock is the one finding.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

struct smc_local {
	void __iomem *base;
	spinlock_t lock;
	void *pending_tx_skb;
};

static int smc_trylock(struct smc_local *lp)
{
	return spin_trylock(&lp->lock);
}

void smc_hardware_send_pkt(struct smc_local *lp, u16 packet_no)
{
	if (!smc_trylock(lp))
		return;

	if (!lp->pending_tx_skb) {
		spin_unlock(&lp->lock);
		return;
	}
	lp->pending_tx_skb = NULL;
	writew_relaxed(packet_no, lp->base + 0x2);	/* SMC_SET_PN */
	writew_relaxed(0xc0, lp->base + 0x0); /* expect: MMIO001@contract */
	spin_unlock(&lp->lock);
}
