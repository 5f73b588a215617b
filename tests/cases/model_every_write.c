/*
 * every-write (LoongArch, __io_aw() = mmiowb()): writeX orders itself under
 * any lock; relaxed/raw/string do not.
 * foo_mutex_full: every-write ordered; contract -> MMIO006.
 * foo_mutex_relaxed: both -> MMIO006.
 * foo_spin_relaxed: both -> MMIO001.
 * foo_spin_full: both ordered.
 */
/* models: contract,every-write */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/io.h>

#define RING_WPTR	0x1c

struct foo_ring {
	void __iomem *mmio;
	struct mutex mutex;
	spinlock_t lock;
	u32 wptr;
};

void foo_mutex_full(struct foo_ring *ring)
{
	mutex_lock(&ring->mutex);
	writel(ring->wptr, ring->mmio + RING_WPTR); /* expect: MMIO006@contract */
	mutex_unlock(&ring->mutex);
}

void foo_mutex_relaxed(struct foo_ring *ring)
{
	mutex_lock(&ring->mutex);
	writel_relaxed(ring->wptr, ring->mmio + RING_WPTR); /* expect: MMIO006 */
	mutex_unlock(&ring->mutex);
}

void foo_spin_relaxed(struct foo_ring *ring)
{
	spin_lock(&ring->lock);
	writel_relaxed(ring->wptr, ring->mmio + RING_WPTR); /* expect: MMIO001 */
	spin_unlock(&ring->lock);
}

void foo_spin_full(struct foo_ring *ring)
{
	spin_lock(&ring->lock);
	writel(ring->wptr, ring->mmio + RING_WPTR);
	spin_unlock(&ring->lock);
}
