/*
 * bit_spin_lock() is a test_and_set_bit loop, not do_raw_spin_lock(): its
 * unlock runs no mmiowb hook -> MMIO006 on the write, both models.
 */
#include <linux/kernel.h>
#include <linux/bit_spinlock.h>
#include <linux/io.h>

#define FOO_SLOT(i)	(0x900 + 4 * (i))
#define FOO_SLOT_LOCK	0

struct foo_slot {
	unsigned long state;
	void __iomem *regs;
	int idx;
};

void foo_slot_arm(struct foo_slot *slot, u32 val)
{
	bit_spin_lock(FOO_SLOT_LOCK, &slot->state);
	writel(val, slot->regs + FOO_SLOT(slot->idx)); /* expect: MMIO006 */
	bit_spin_unlock(FOO_SLOT_LOCK, &slot->state);
}
