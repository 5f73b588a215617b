/*
 * `if (!spin_trylock(&l)) return;`: only the success edge holds the lock.
 * contract: relaxed doorbell last -> MMIO001@contract.
 * ppc64-legacy: the attempt clears io_sync, the relaxed write sets it ->
 *   sync at unlock -> ordered.  The failure path writes nothing.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_DB		0x40

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
};

void foo_try_kick(struct foo_priv *priv, u32 tail)
{
	if (!spin_trylock(&priv->lock))
		return;
	writel_relaxed(tail, priv->regs + FOO_DB); /* expect: MMIO001@contract */
	spin_unlock(&priv->lock);
}
