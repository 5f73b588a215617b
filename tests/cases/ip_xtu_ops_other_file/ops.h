#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

struct bar_dev;

struct bar_hw_ops {
	void (*kick)(struct bar_dev *bd, u32 v);
};

struct bar_dev {
	void __iomem *mmio;
	spinlock_t lock;
	const struct bar_hw_ops *hw;
};

extern const struct bar_hw_ops bar_v1_ops, bar_v2_ops;
