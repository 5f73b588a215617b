/*
 * A helper with its own trylock section (if (!spin_trylock()) return):
 * reported once, in the helper, on its relaxed write; callers, one under
 * another lock, do not repeat it.
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
	spinlock_t other;
};

static void foo_try_kick(struct foo_dev *dev, u32 v)
{
	if (!spin_trylock(&dev->lock))
		return;
	writel_relaxed(v, dev->regs + 0x8); /* expect: MMIO001@contract */
	spin_unlock(&dev->lock);
}

void foo_poll(struct foo_dev *dev)
{
	foo_try_kick(dev, 1);
}

void foo_poll_locked(struct foo_dev *dev)
{
	spin_lock(&dev->other);
	foo_try_kick(dev, 2);
	spin_unlock(&dev->other);
}
