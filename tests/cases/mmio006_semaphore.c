/*
 * struct semaphore sections are unhooked.
 * foo_mbox_send (down/up): MMIO006 on the write.
 * foo_mbox_send_intr (down_interruptible, nonzero = not acquired): the
 *   acquired path writes -> MMIO006; the -EINTR path holds nothing.
 */
#include <linux/kernel.h>
#include <linux/semaphore.h>
#include <linux/io.h>

#define FOO_MBOX	0x80

struct foo_priv {
	void __iomem *regs;
	struct semaphore mbox_sem;
};

void foo_mbox_send(struct foo_priv *priv, u32 msg)
{
	down(&priv->mbox_sem);
	writel(msg, priv->regs + FOO_MBOX); /* expect: MMIO006 */
	up(&priv->mbox_sem);
}

int foo_mbox_send_intr(struct foo_priv *priv, u32 msg)
{
	if (down_interruptible(&priv->mbox_sem))
		return -EINTR;
	writel(msg, priv->regs + FOO_MBOX); /* expect: MMIO006 */
	up(&priv->mbox_sem);
	return 0;
}
