#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/io.h>

struct foo_dev {
	void __iomem *regs;
	spinlock_t lock;
	struct mutex mbox_lock;
};

void foo_hw_write(struct foo_dev *dev, u32 reg, u32 val);
void foo_hw_write_ordered(struct foo_dev *dev, u32 reg, u32 val);
void foo_hw_lock(struct foo_dev *dev);
void foo_hw_unlock(struct foo_dev *dev);
