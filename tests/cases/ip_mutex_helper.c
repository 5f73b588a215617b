/*
 * A full writel() in a helper called under a mutex: nothing hooks
 * mutex_unlock(), so the write is MMIO006 on the call line (both models).
 */
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/io.h>

struct foo_dev {
	void __iomem *regs;
	struct mutex cmd_mutex;
};

static void foo_send_cmd(struct foo_dev *dev, u32 cmd)
{
	writel(cmd, dev->regs + 0x100);
}

int foo_fw_call(struct foo_dev *dev, u32 cmd)
{
	mutex_lock(&dev->cmd_mutex);
	foo_send_cmd(dev, cmd); /* expect: MMIO006 */
	mutex_unlock(&dev->cmd_mutex);
	return 0;
}
