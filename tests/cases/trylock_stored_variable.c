/*
 * The trylock result kept in a variable (netpoll style: write even when the
 * lock is contended).  `locked` is only initialized, so its tests correlate.
 * locked path: relaxed write inside the section -> MMIO001@contract.
 * !locked path: no lock held, no section, nothing to judge.
 * ppc64-legacy: relaxed sets io_sync after the attempt -> ordered.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_DB		0x40

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
};

void foo_poll_kick(struct foo_priv *priv, u32 tail)
{
	bool locked = spin_trylock(&priv->lock);

	writel_relaxed(tail, priv->regs + FOO_DB); /* expect: MMIO001@contract */
	if (locked)
		spin_unlock(&priv->lock);
}
