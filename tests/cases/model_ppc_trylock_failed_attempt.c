/*
 * Only the FAILED inner trylock leaves the write unordered.
 * ppc64-legacy: writel(CMD) sets io_sync; the attempt clears it.
 *   success: writel(HW_OWNER) sets io_sync again -> inner unlock syncs,
 *     ordering both writes.
 *   failure: outer unlock sees io_sync == 0 -> CMD escapes; generic orders it
 *     on that path (pending set, outer unlock) -> MMIO002@ppc64-legacy on CMD.
 * generic: nothing escapes.  contract: both writes full -> covered.
 */
/* models: contract,generic,ppc64-legacy */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_CMD		0x00
#define HW_OWNER	0x10

struct foo_hw {
	void __iomem *regs;
	spinlock_t lock;
};

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
	struct foo_hw *hw;
	u32 id;
};

void foo_claim(struct foo_priv *priv, u32 cmd)
{
	unsigned long flags;

	spin_lock_irqsave(&priv->lock, flags);
	writel(cmd, priv->regs + FOO_CMD); /* expect: MMIO002@ppc64-legacy */
	if (spin_trylock(&priv->hw->lock)) {
		writel(priv->id, priv->hw->regs + HW_OWNER);
		spin_unlock(&priv->hw->lock);
	}
	spin_unlock_irqrestore(&priv->lock, flags);
}
