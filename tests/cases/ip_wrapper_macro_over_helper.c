/*
 * The register macro style (FOO_WRITE(dev, REG, v) over a static helper,
 * as many drivers define in their .h): the macro expands to a call of the
 * helper, which is summarized like any function.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/rwlock.h>
#include <linux/io.h>

struct foo_dev {
	void __iomem *regs;
	spinlock_t lock;
};

static inline void __foo_write(struct foo_dev *dev, u32 reg, u32 val)
{
	writel_relaxed(val, dev->regs + reg);
}

#define FOO_WRITE(dev, reg, val)	__foo_write((dev), (reg), (val))
#define FOO_DOORBELL	0x90

void foo_ring(struct foo_dev *dev, u32 tail)
{
	spin_lock_bh(&dev->lock);
	FOO_WRITE(dev, FOO_DOORBELL, tail); /* expect: MMIO001@contract */
	spin_unlock_bh(&dev->lock);
}
