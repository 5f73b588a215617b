/*
 * rw_semaphore.
 * foo_update_table (down_write): exclusive, unhooked -> MMIO006 on the write.
 * foo_peek_table (down_read): shared side excludes no other writer -> the
 *   write is not outstanding -> no finding.
 */
#include <linux/kernel.h>
#include <linux/rwsem.h>
#include <linux/io.h>

#define FOO_TBL(i)	(0x600 + 4 * (i))

struct foo_priv {
	void __iomem *regs;
	struct rw_semaphore tbl_sem;
	u32 tbl[16];
};

void foo_update_table(struct foo_priv *priv, int i, u32 val)
{
	down_write(&priv->tbl_sem);
	priv->tbl[i] = val;
	writel(val, priv->regs + FOO_TBL(i)); /* expect: MMIO006 */
	up_write(&priv->tbl_sem);
}

void foo_peek_table(struct foo_priv *priv, int i)
{
	down_read(&priv->tbl_sem);
	writel(priv->tbl[i], priv->regs + FOO_TBL(i));
	up_read(&priv->tbl_sem);
}
