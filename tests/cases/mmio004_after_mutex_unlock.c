/*
 * A wrong fix for a mutex-protected ring commit: mmiowb() after
 * mutex_unlock().  The mutex release is unhooked and nothing orders the
 * writel before it -> MMIO006 on the writel (both models; ppc64-legacy:
 * io_sync set but no spinlock unlock to sync).  The mmiowb() runs with no
 * lock held after a release -> MMIO004 (warning).
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
	mmiowb(); /* expect: MMIO004 */
}
