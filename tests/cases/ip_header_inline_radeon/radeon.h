/*
 * The register accessors of drivers/gpu/drm/radeon/radeon.h: WREG32() and
 * RREG32() expand to static inline functions that use writel()/readl()
 * directly or, for an index beyond the mapping, the out-of-line indirect
 * helpers of r100.c (under rdev->mmio_idx_lock).
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/io.h>

#define RADEON_MIN_MMIO_SIZE	0x10000
#define RADEON_MM_INDEX		0x0000
#define RADEON_MM_DATA		0x0004
#define RADEON_CP_RB_WPTR	0x0714
#define DMA_RB_WPTR		0xd008

struct radeon_ring {
	u32 wptr;
	u32 reg_offset;
};

struct radeon_device {
	void __iomem *rmmio;
	resource_size_t rmmio_size;
	spinlock_t mmio_idx_lock;
	struct mutex ring_lock;
};

uint32_t r100_mm_rreg_slow(struct radeon_device *rdev, uint32_t reg);
void r100_mm_wreg_slow(struct radeon_device *rdev, uint32_t reg, uint32_t v);

static inline uint32_t r100_mm_rreg(struct radeon_device *rdev, uint32_t reg,
				    bool always_indirect)
{
	/* The mmio size is 64kb at minimum. Allows the if to be optimized out. */
	if ((reg < rdev->rmmio_size || reg < RADEON_MIN_MMIO_SIZE) && !always_indirect)
		return readl(((void __iomem *)rdev->rmmio) + reg);
	else
		return r100_mm_rreg_slow(rdev, reg);
}

static inline void r100_mm_wreg(struct radeon_device *rdev, uint32_t reg, uint32_t v,
				bool always_indirect)
{
	if ((reg < rdev->rmmio_size || reg < RADEON_MIN_MMIO_SIZE) && !always_indirect)
		writel(v, ((void __iomem *)rdev->rmmio) + reg);
	else
		r100_mm_wreg_slow(rdev, reg, v);
}

#define RREG32(reg) r100_mm_rreg(rdev, (reg), false)
#define WREG32(reg, v) r100_mm_wreg(rdev, (reg), (v), false)
