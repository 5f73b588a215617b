/*
 * Reduced from drivers/gpu/drm/radeon/radeon_ring.c (Linux 6.1)
 * radeon_ring_lock(): it takes rdev->ring_lock and returns 0 with it held,
 * or drops it and returns the error of radeon_ring_alloc().  Callers
 * (r100_copy_blit(), radeon_ib_schedule(), ...) do `r = radeon_ring_lock();
 * if (r) return r;` and later radeon_ring_unlock_commit(), which writes the
 * ring's write pointer and unlocks.  The return value tells whether the
 * helper locked: a contract, not an imbalance (no MMIO007 on it or its
 * callers), and the caller's `if (r)` takes the matching exit of the
 * helper.  The commit's relaxed write pointer update before the mutex
 * unlock is the one finding, on the caller's line: the section is the
 * caller's (made relaxed here; radeon's WREG32 is a full writel()).
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/mutex.h>
#include <linux/io.h>

struct radeon_ring {
	u32 wptr;
	u32 ring_free_dw;
};

struct radeon_device {
	void __iomem *rmmio;
	struct mutex ring_lock;
};

static int radeon_ring_alloc(struct radeon_device *rdev, struct radeon_ring *ring, unsigned ndw)
{
	if (ndw > ring->ring_free_dw)
		return -ENOMEM;
	ring->ring_free_dw -= ndw;
	return 0;
}

int radeon_ring_lock(struct radeon_device *rdev, struct radeon_ring *ring, unsigned ndw)
{
	int r;

	mutex_lock(&rdev->ring_lock);
	r = radeon_ring_alloc(rdev, ring, ndw);
	if (r) {
		mutex_unlock(&rdev->ring_lock);
		return r;
	}
	return 0;
}

void radeon_ring_unlock_commit(struct radeon_device *rdev, struct radeon_ring *ring)
{
	writel_relaxed(ring->wptr, rdev->rmmio + 0x0714);
	mutex_unlock(&rdev->ring_lock);
}

int r100_copy_blit(struct radeon_device *rdev, struct radeon_ring *ring)
{
	int r;

	r = radeon_ring_lock(rdev, ring, 64);
	if (r) {
		return r;
	}
	ring->wptr += 64;
	radeon_ring_unlock_commit(rdev, ring); /* expect: MMIO006 */
	return 0;
}
