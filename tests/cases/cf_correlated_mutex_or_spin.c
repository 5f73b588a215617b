/*
 * Either a spinlock or a mutex depending on a parameter never assigned in the
 * function (correlated).
 * atomic path: spin_lock, writel, spin_unlock -> ordered (contract covered,
 *   ppc64-legacy io_sync).
 * sleeping path: mutex_lock, writel, mutex_unlock: the mutex release runs no
 *   hook -> the write escapes under both models -> MMIO006 on the writel.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/io.h>

#define FOO_CMD		0x00

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
	struct mutex mutex;
};

void foo_send(struct foo_priv *priv, u32 cmd, bool atomic)
{
	if (atomic)
		spin_lock(&priv->lock);
	else
		mutex_lock(&priv->mutex);
	writel(cmd, priv->regs + FOO_CMD); /* expect: MMIO006 */
	if (atomic)
		spin_unlock(&priv->lock);
	else
		mutex_unlock(&priv->mutex);
}
