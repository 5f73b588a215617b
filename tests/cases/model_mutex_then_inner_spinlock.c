/*
 * writel() under a mutex, then a spinlock section without writes, then
 * mutex_unlock().  The models disagree:
 * contract: the documented guarantee is for writeX() issued while holding a
 *   spinlock; this one was issued under the mutex only, so the inner
 *   spinlock's release does not cover it -> MMIO006.
 * generic: nesting is 0 at the write -> pending not set -> the spin_unlock
 *   issues no barrier -> the write escapes the mutex -> MMIO006.
 * rfc2019: the write sets pending, the outermost spin_lock clears it -> no
 *   barrier -> MMIO006.
 * ppc64-legacy: io_sync set, spin_lock clears it -> MMIO006 (MMIO002 only
 *   replaces MMIO001, and generic does not order it either).
 * unconditional: the spin_unlock barrier orders every earlier write.
 * explicit: nothing orders -> MMIO006.  every-write / none: self-ordered.
 */
/* models: contract,generic,rfc2019,ppc64-legacy,unconditional,explicit,every-write,none */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/io.h>

#define FOO_CMD		0x00

struct foo_priv {
	void __iomem *regs;
	struct mutex cmd_mutex;
	spinlock_t irq_lock;
	bool cmd_pending;
};

void foo_exec(struct foo_priv *priv, u32 cmd)
{
	mutex_lock(&priv->cmd_mutex);
	writel(cmd, priv->regs + FOO_CMD); /* expect: MMIO006@contract,generic,rfc2019,ppc64-legacy,explicit */
	spin_lock_irq(&priv->irq_lock);
	priv->cmd_pending = true;
	spin_unlock_irq(&priv->irq_lock);
	mutex_unlock(&priv->cmd_mutex);
}
