/*
 * Sparse annotations as contracts.  __releases(x): the function is entered
 * with x held and releases it, so its own writes before the unlock are
 * judged in it.  __must_hold(x): x is held throughout; a drop-and-retake
 * inside releases the caller's lock and judges the writes before it; an
 * mmiowb() in such a function is inside a section (not stray).
 * __acquires(x): returning with x held is the contract, not an imbalance;
 * a path that returns with x released breaks it (MMIO007 on that return:
 * such a helper wants __cond_lock()).
 * The caller does not repeat what an annotated callee reports itself.
 * foo_barrier_locked()'s mmiowb() is judged at its line over its only
 * caller, which holds dev->lock: needed under contract (a relaxed write
 * before it), redundant under ppc64-legacy (writel_relaxed() is writel()).
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/spinlock.h>
#include <linux/io.h>

struct foo_dev {
	void __iomem *regs;
	spinlock_t lock;
	int pending;
};

static void foo_kick_and_unlock(struct foo_dev *dev, u32 v)
	__releases(&dev->lock)
{
	writel_relaxed(v, dev->regs + 0x10); /* expect: MMIO001@contract */
	spin_unlock(&dev->lock);
}

static void foo_wait_idle(struct foo_dev *dev)
	__must_hold(&dev->lock)
{
	while (dev->pending) {
		__raw_writel(1, dev->regs + 0x14); /* expect: MMIO001 */
		spin_unlock(&dev->lock);
		spin_lock(&dev->lock);
	}
}

static void foo_barrier_locked(struct foo_dev *dev)
	__must_hold(&dev->lock)
{
	writel_relaxed(0, dev->regs + 0x18);
	mmiowb(); /* expect: MMIO003@ppc64-legacy */
}

static int foo_lock_if_idle(struct foo_dev *dev)
	__acquires(&dev->lock)
{
	spin_lock(&dev->lock);
	if (dev->pending) {
		spin_unlock(&dev->lock);
		return -EBUSY; /* expect: MMIO007 */
	}
	return 0;
}

static void foo_lock_hw(struct foo_dev *dev)
	__acquires(&dev->lock)
{
	spin_lock(&dev->lock);
	dev->pending = 0;
}

int foo_entry(struct foo_dev *dev)
{
	spin_lock(&dev->lock);
	foo_wait_idle(dev);
	foo_barrier_locked(dev);
	foo_kick_and_unlock(dev, 3);
	return 0;
}
