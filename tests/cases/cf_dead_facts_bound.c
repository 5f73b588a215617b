/*
 * Flags each tested twice inside a small helper and never again, called in
 * a row under a lock: the shape of tg3_adjust_link() in
 * drivers/net/ethernet/broadcom/tg3.c, whose spliced tw32_f() /
 * tg3_flag() helpers each test their own flag between tp->lock's acquire
 * and release.  Past a helper its flag is dead, so the paths meet again as
 * two states (the relaxed write pending or not).  Before the engine dropped
 * dead facts they were 2 x 2^5 fact sets: with a bound of 4 states per
 * node they were joined, and the join, keeping only the writes all joined
 * paths had, dropped the relaxed write and the finding with it.
 * foo_update(): writel_relaxed() on the ring path, then only reads of
 * another device before the unlock -> MMIO001@contract.
 */
/* models: contract */
/* args: --max-states 4 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define FOO_MODE	0x14
#define FOO_POST	0x18

struct foo_priv {
	void __iomem *regs;
	void __iomem *aux;
	spinlock_t lock;
	unsigned long flags;
	u32 msg_enable, mode, speed, ring;
};

static void foo_post_a(struct foo_priv *p)
{
	if (p->flags & 1)
		readl(p->aux + FOO_POST);
	if (p->flags & 1)
		readl(p->aux + FOO_POST);
}

static void foo_post_b(struct foo_priv *p)
{
	if (p->msg_enable & 2)
		readl(p->aux + FOO_POST);
	if (p->msg_enable & 2)
		readl(p->aux + FOO_POST);
}

static void foo_post_c(struct foo_priv *p)
{
	if (p->speed == 100)
		readl(p->aux + FOO_POST);
	if (p->speed == 100)
		readl(p->aux + FOO_POST);
}

static void foo_post_d(struct foo_priv *p)
{
	if (p->mode & 4)
		readl(p->aux + FOO_POST);
	if (p->mode & 4)
		readl(p->aux + FOO_POST);
}

static void foo_post_e(struct foo_priv *p)
{
	if (p->mode & 8)
		readl(p->aux + FOO_POST);
	if (p->mode & 8)
		readl(p->aux + FOO_POST);
}

void foo_update(struct foo_priv *p, u32 v)
{
	spin_lock(&p->lock);
	if (p->ring)
		writel_relaxed(v, p->regs + FOO_MODE); /* expect: MMIO001@contract */
	foo_post_a(p);
	foo_post_b(p);
	foo_post_c(p);
	foo_post_d(p);
	foo_post_e(p);
	spin_unlock(&p->lock);
}
