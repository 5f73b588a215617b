/*
 * writel() under a mutex only (the 2024 GPU ring-commit bug).  mutex release
 * runs no mmiowb hook.
 * contract: the write is covered, but only a spinlock release orders covered
 *   writes -> escapes the mutex -> MMIO006.
 * ppc64-legacy: io_sync set, no spin_unlock to sync -> MMIO006.
 * foo_try_commit: mutex_trylock() success edge, same -> MMIO006.
 */
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/io.h>

#define RING_WPTR	0x1c

struct foo_ring {
	void __iomem *mmio;
	struct mutex lock;
	u32 wptr;
};

void foo_ring_commit(struct foo_ring *ring)
{
	mutex_lock(&ring->lock);
	ring->wptr++;
	writel(ring->wptr, ring->mmio + RING_WPTR); /* expect: MMIO006 */
	mutex_unlock(&ring->lock);
}

bool foo_try_commit(struct foo_ring *ring)
{
	if (!mutex_trylock(&ring->lock))
		return false;
	writel(ring->wptr, ring->mmio + RING_WPTR); /* expect: MMIO006 */
	mutex_unlock(&ring->lock);
	return true;
}
