/*
 * A file with a clang error in one function: KeepGoing still yields the
 * other functions, and the run exits 2 (the file had errors).  foo_doorbell: relaxed doorbell -> MMIO001@contract
 * (ppc64-legacy ordered).  foo_broken does not compile.
 */
/* allow-errors */
/* exit: 2 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_DB		0x40

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
};

int foo_broken(struct foo_priv *priv)
{
	return priv->no_such_member + ;
}

void foo_doorbell(struct foo_priv *priv, u32 tail)
{
	spin_lock(&priv->lock);
	writel_relaxed(tail, priv->regs + FOO_DB); /* expect: MMIO001@contract */
	spin_unlock(&priv->lock);
}
