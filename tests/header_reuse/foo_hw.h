/*
 * A driver header's doorbell helpers, in the shape of mthca_doorbell.h's
 * mthca_write64() (drivers/infiniband/hw/mthca): static inline functions
 * every file of the driver calls.  FOO_RELAXED_DOORBELL picks the accessor
 * the way a config option picks an arch's doorbell write, so the text of
 * foo_ring() is the same under both flags but not what it says after
 * preprocessing; foo_kick() is the same after preprocessing too and only
 * its callee differs.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

struct foo_dev {
	void __iomem *regs;
	spinlock_t lock;
};

#ifdef FOO_RELAXED_DOORBELL
#define FOO_DB_WRITE(v, a)	writel_relaxed(v, a)
#else
#define FOO_DB_WRITE(v, a)	writel(v, a)
#endif

static inline void foo_ring(struct foo_dev *d, u32 v)
{
	FOO_DB_WRITE(v, d->regs + 0x10);
}

static inline void foo_kick(struct foo_dev *d, u32 v)
{
	writel(1, d->regs + 0x14);
	foo_ring(d, v);
}
