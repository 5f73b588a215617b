#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

struct bar_dev {
	void __iomem *mmio;
	spinlock_t ring_lock;
};

void bar_reg_write(struct bar_dev *bd, u32 off, u32 v);	/* bar_regs.c */
void bar_ring_update(struct bar_dev *bd, u32 tail);	/* bar_ring.c */
