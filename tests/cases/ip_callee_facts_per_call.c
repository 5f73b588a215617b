/*
 * A helper's own tests belong to one call: called on two channels, it may
 * take one arm for the first and the other for the second.  chan_step()
 * posts a relaxed doorbell only for a polled channel (post) and orders it
 * with wmb() only for a polled one (sync): with the rx channel polled and
 * the tx channel not, the doorbell is still pending at spin_unlock().
 * Carried from the first call to the second, the helper's test of
 * c->polled said both channels agree, and the finding was missed.
 *
 * Reduced from igb_msg_task() (drivers/net/ethernet/intel/igb/igb_main.c,
 * Linux 6.1), where the tests of igb_set_rx_mode(), three calls deep in
 * the VF loop under adapter->vfs_lock, went around the loop with the path
 * states: a state per combination of their outcomes reached the loop head.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <asm/barrier.h>

struct chan {
	void __iomem *db;
	bool polled;
};

struct pair_dev {
	spinlock_t lock;
	struct chan rx, tx;
};

static void chan_step(struct chan *c, int post)
{
	if (post) {
		if (c->polled)
			writel_relaxed(1, c->db);
	} else {
		if (c->polled)
			wmb();
	}
}

void pair_kick(struct pair_dev *d)
{
	spin_lock(&d->lock);
	chan_step(&d->rx, 1); /* expect: MMIO001@contract */
	chan_step(&d->tx, 0);
	spin_unlock(&d->lock);
}
