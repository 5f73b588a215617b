/*
 * Callers of foo_hw.c's helpers: a relaxed write through the wrapper last
 * in a section (MMIO001@contract), the same section with the lock taken
 * through helpers, an ordered one, and a mailbox write under a mutex
 * (MMIO006).
 */
#include "foo.h"

void foo_doorbell(struct foo_dev *dev, u32 tail)
{
	spin_lock(&dev->lock);
	foo_hw_write(dev, 0x40, tail); /* expect: MMIO001@contract */
	spin_unlock(&dev->lock);
}

void foo_doorbell_helpers(struct foo_dev *dev, u32 tail)
{
	foo_hw_lock(dev);
	foo_hw_write(dev, 0x40, tail); /* expect: MMIO001@contract */
	foo_hw_unlock(dev);
}

void foo_doorbell_ordered(struct foo_dev *dev, u32 tail)
{
	foo_hw_lock(dev);
	foo_hw_write_ordered(dev, 0x40, tail);
	foo_hw_unlock(dev);
}

void foo_mailbox(struct foo_dev *dev, u32 msg)
{
	mutex_lock(&dev->mbox_lock);
	foo_hw_write_ordered(dev, 0x80, msg); /* expect: MMIO006 */
	mutex_unlock(&dev->mbox_lock);
}
