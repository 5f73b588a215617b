/* Interprocedural facts (test_frontend_interproc.c): a tg3-like driver
 * whose register writers are struct fields, set at probe time. */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

struct tg3;
struct tg3_ops {
	u32 (*read32)(struct tg3 *tp, u32 off);
	void (*write32)(struct tg3 *tp, u32 off, u32 val);
};
struct sq { spinlock_t lock; u32 head; };
typedef struct { void (*kick)(void __iomem *db); int n; } ring_t;
struct tg3 {
	void __iomem *regs;
	spinlock_t lock;
	struct sq sq;
	struct tg3_ops ops;
	const struct tg3_ops *hw;
	void (*write32)(struct tg3 *tp, u32 off, u32 val);
	ring_t ring;
};
#include "interproc_ops.h"

static u32 tg3_read32(struct tg3 *tp, u32 off) { return readl(tp->regs + off); }
static void tg3_write32(struct tg3 *tp, u32 off, u32 val) { writel(val, tp->regs + off); }
static void tg3_write32_flush(struct tg3 *tp, u32 off, u32 val)
{
	writel(val, tp->regs + off);
	readl(tp->regs + off);
}
static void ring_kick(void __iomem *db) { writel(1, db); }
static void (*tg3_hook)(struct tg3 *, u32, u32) = tg3_write32;

static const struct tg3_ops tg3_default_ops = {
	.read32 = tg3_read32,
	.write32 = &tg3_write32,
};
static const struct tg3_ops tg3_table[] = {
	{ .write32 = tg3_write32_flush },
	{ tg3_read32, tg3_write32 },
};
static struct tg3 tg3_template = {
	.ops = { .write32 = tg3_write32 },
	.ring.kick = ring_kick,
	.write32 = tg3_write32,
};

static void sq_helper(struct sq *s, void __iomem *reg, u32 val)
{
	spin_lock(&s->lock);
	writel(val, reg);
	spin_unlock(&s->lock);
}

int tg3_probe(struct tg3 *tp, int flush, struct tg3_ops *ops)
{
	tp->write32 = flush ? tg3_write32_flush : tg3_write32;
	if (flush)
		tp->write32 = tg3_write32_flush;
	tp->ops.write32 = &tg3_write32;
	*ops = (struct tg3_ops){ .read32 = tg3_read32 };
	{
		static const struct tg3_ops local_ops = { .write32 = tg3_write32_flush };
		tp->hw = &local_ops;
	}
	tp->ring.kick = ring_kick;
	return 0;
}

void tg3_xmit(struct tg3 *tp, u32 v, u32 *arr)
{
	sq_helper(&tp->sq, tp->regs + 0x40, v + 1);
	tp->write32(tp, 0x10, v);
	tp->ops.write32(tp, 0x14, v);
	tp->hw->write32(tp, arr[2], *arr);
	(*tp->write32)(tp, 0x18, v);
	tp->ring.kick(tp->regs);
	tg3_hook(tp, 1, 2);
	sq_helper(&(*tp).sq, (void __iomem *)tp->regs, 0);
}

void unnamed_params(int, struct tg3 *tp)
{
	void (*fp)(struct tg3 *, u32, u32) = tp->write32;
	fp(tp, 0, 0);
}

static ring_t tg3_ring = { .kick = ring_kick };

void ring_go(ring_t *r, ring_t local)
{
	r->kick(0);
	local.kick(0);
	tg3_ring.kick(0);
}

/* Blocks of stores under tests of the device: the test names the block. */
void tg3_invariants(struct tg3 *tp)
{
	if (tp->sq.head & 1) {
		tp->write32 = tg3_write32_flush;
		tp->ops.read32 = tg3_read32;
	}
	if (tp->sq.head & 2)
		tp->write32 = tg3_write32;
}

/* A local function pointer: its own slot, named by its function. */
void local_pick(struct tg3 *tp, int hw)
{
	void (*w)(struct tg3 *, u32, u32);

	if (hw)
		w = tg3_write32_flush;
	else
		w = tg3_write32;
	w(tp, 0, 0);
}
