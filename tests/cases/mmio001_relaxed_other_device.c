/*
 * A relaxed write to one BAR followed by a full write to another BAR.
 * contract: "cover device" only covers earlier writes to the SAME device;
 *   the relaxed write to priv->regs is not covered -> escapes (MMIO001 on it).
 *   The writel to priv->db is covered and ordered.
 * generic: writel sets pending -> barrier at unlock orders every write.
 * ppc64-legacy: both set io_sync -> sync at unlock.
 */
/* models: contract,generic,ppc64-legacy */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_CQ_HEAD	0x20
#define FOO_SQ_DB	0x00

struct foo_priv {
	void __iomem *regs;	/* control BAR */
	void __iomem *db;	/* doorbell BAR */
	spinlock_t lock;
};

void foo_update_queues(struct foo_priv *priv, u32 cq_head, u32 sq_tail)
{
	spin_lock(&priv->lock);
	writel_relaxed(cq_head, priv->regs + FOO_CQ_HEAD); /* expect: MMIO001@contract */
	writel(sq_tail, priv->db + FOO_SQ_DB);
	spin_unlock(&priv->lock);
}
