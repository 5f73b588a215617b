/*
 * mmiowb() in a function that takes no lock (its caller may hold one): no
 * lock held on the path -> MMIO004 at note level, still a finding, under
 * every model.  The write itself is outside any section: nothing to judge.
 */
#include <linux/kernel.h>
#include <linux/io.h>

#define FOO_TX_DB	0x40

struct foo_priv {
	void __iomem *regs;
};

void foo_write_db(struct foo_priv *priv, u32 tail)
{
	writel(tail, priv->regs + FOO_TX_DB);
	mmiowb(); /* expect: MMIO004 */
}
