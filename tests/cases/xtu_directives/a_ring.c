/*
 * Directory case whose directives live in one file only: the models apply to
 * both files.  a_ring.c: relaxed doorbell -> MMIO001@contract,generic.
 */
/* models: contract,generic */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

struct bar_ring {
	void __iomem *db;
	spinlock_t lock;
};

void bar_ring_kick(struct bar_ring *r, u32 tail)
{
	spin_lock(&r->lock);
	writel_relaxed(tail, r->db); /* expect: MMIO001 */
	spin_unlock(&r->lock);
}
