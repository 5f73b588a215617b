/* struct ei_device of drivers/net/ethernet/8390/8390.h (Linux 6.1), reduced. */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

struct ei_device {
	spinlock_t page_lock;
	unsigned long base;
	void __iomem *mem;
	void (*block_output)(struct ei_device *ei, int count, const u8 *buf);
};
