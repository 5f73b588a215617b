/*
 * Ring commits under rdev->ring_lock, a mutex (the class of the LoongArch
 * GPU lockups that made the kernel hook mmiowb() into writeX() there):
 * reduced from drivers/gpu/drm/radeon/radeon_ring.c
 * radeon_ring_unlock_commit() with the set_wptr implementations of
 * r100.c r100_gfx_set_wptr() (reads the pointer back: ordered) and
 * si_dma.c si_dma_set_wptr() (no read-back: MMIO006).  The asic
 * callback is called directly here.
 */
#include "radeon.h"

void r100_gfx_set_wptr(struct radeon_device *rdev, struct radeon_ring *ring);

static void si_dma_set_wptr(struct radeon_device *rdev, struct radeon_ring *ring)
{
	WREG32(DMA_RB_WPTR + ring->reg_offset, (ring->wptr << 2) & 0x3fffc);
}

int radeon_ring_lock_commit_dma(struct radeon_device *rdev, struct radeon_ring *ring)
{
	mutex_lock(&rdev->ring_lock);
	ring->wptr += 4;
	si_dma_set_wptr(rdev, ring); /* expect: MMIO006 */
	mutex_unlock(&rdev->ring_lock);
	return 0;
}

int radeon_ring_lock_commit_gfx(struct radeon_device *rdev, struct radeon_ring *ring)
{
	mutex_lock(&rdev->ring_lock);
	ring->wptr += 4;
	r100_gfx_set_wptr(rdev, ring);
	mutex_unlock(&rdev->ring_lock);
	return 0;
}
