/*
 * A static key tested before the lock and again before the unlock: the
 * shapes of drivers/net/ethernet/intel/ice/ice_txrx.c (Linux 6.1)
 * ice_xdp_xmit() and ice_run_xdp() (`if
 * (static_branch_unlikely(&ice_xdp_locking_key)) spin_lock(&xdp_ring->
 * tx_lock)` ... the same test before spin_unlock()), as in ixgbe's
 * ixgbe_xdp_xmit() and bnxt's bnxt_xdp_xmit().  A key changes only by
 * patching the jump, never between two tests of one call, so both tests
 * of one key take the same arm, whichever of the key's tests is used
 * (before: MMIO007, the two tests of the expansion were unrelated).  Two
 * different keys are not one value, and keep their MMIO007.
 */
/* args: --enable MMIO007 */
#include <linux/kernel.h>
#include <linux/jump_label.h>
#include <linux/spinlock.h>
#include <linux/errno.h>

DECLARE_STATIC_KEY_FALSE(foo_xdp_locking_key);
DECLARE_STATIC_KEY_TRUE(foo_xdp_fast_key);

struct foo_tx_ring {
	spinlock_t tx_lock;
	u16 next;
};

struct foo_vsi {
	struct foo_tx_ring **xdp_rings;
	unsigned int num_xdp_txq;
};

int foo_xmit_xdp_ring(void *data, u16 size, struct foo_tx_ring *ring);

/* ice_xdp_xmit(): the lock in a block with an else arm that may return */
int foo_xdp_xmit(struct foo_vsi *vsi, int n, void **frames, unsigned int queue_index)
{
	struct foo_tx_ring *xdp_ring;
	int nxmit = 0, i;

	if (static_branch_unlikely(&foo_xdp_locking_key)) {
		queue_index %= vsi->num_xdp_txq;
		xdp_ring = vsi->xdp_rings[queue_index];
		spin_lock(&xdp_ring->tx_lock);
	} else {
		if (unlikely(queue_index >= vsi->num_xdp_txq))
			return -ENXIO;
		xdp_ring = vsi->xdp_rings[queue_index];
	}
	for (i = 0; i < n; i++) {
		if (foo_xmit_xdp_ring(frames[i], 64, xdp_ring))
			break;
		nxmit++;
	}
	if (static_branch_unlikely(&foo_xdp_locking_key))
		spin_unlock(&xdp_ring->tx_lock);
	return nxmit;
}

/* ice_run_xdp(): lock, transmit, unlock, then a return on each arm */
int foo_run_xdp(void *data, struct foo_tx_ring *xdp_ring)
{
	int err;

	if (static_branch_unlikely(&foo_xdp_locking_key))
		spin_lock(&xdp_ring->tx_lock);
	err = foo_xmit_xdp_ring(data, 64, xdp_ring);
	if (static_branch_unlikely(&foo_xdp_locking_key))
		spin_unlock(&xdp_ring->tx_lock);
	if (err)
		return -EIO;
	return 0;
}

/* one key tested by static_branch_likely() and !static_key_enabled() */
int foo_fast_xmit(void *data, struct foo_tx_ring *ring)
{
	int err;

	if (static_branch_likely(&foo_xdp_fast_key))
		spin_lock(&ring->tx_lock);
	err = foo_xmit_xdp_ring(data, 64, ring);
	if (!static_key_enabled(&foo_xdp_fast_key))
		return err;
	spin_unlock(&ring->tx_lock);
	return err;
}

/* two keys: their values are unrelated */
int foo_two_keys(void *data, struct foo_tx_ring *ring)
{
	int err;

	if (static_branch_unlikely(&foo_xdp_locking_key))
		spin_lock(&ring->tx_lock);
	err = foo_xmit_xdp_ring(data, 64, ring);
	if (static_branch_likely(&foo_xdp_fast_key))
		spin_unlock(&ring->tx_lock);
	return err; /* expect: MMIO007 */
}
