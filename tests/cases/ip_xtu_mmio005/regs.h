#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define BAZ_MODE	0x14

struct baz_dev {
	void __iomem *base;
	spinlock_t mode_lock;
};

void baz_set_mode(struct baz_dev *bz, u32 mode);
