/*
 * The correct pre-2024 fix for a mutex-protected doorbell: mmiowb() before
 * mutex_unlock().  A lock is held (no MMIO004); it is not hooked (no MMIO003,
 * which is about spinlock sections); the mmiowb() orders the write in every
 * model, explicit included (no MMIO006).  No finding.
 */
/* models: contract,generic,ppc64-legacy,explicit */
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
	writel(ring->wptr, ring->mmio + RING_WPTR);
	mmiowb();
	mutex_unlock(&ring->lock);
}
