/*
 * A helper whose flag tests only pick values: drivers/net/ethernet/broadcom/
 * tg3.c tg3_rings_reset() (Linux 6.1), called under tp->lock from
 * tg3_reset_hw(), tests tg3_flag(tp, SUPPORT_MSIX), ENABLE_TSS, 5705_PLUS,
 * ... again and again to choose limits and strides before its mailbox
 * writes.  Each flag is tested twice, so the branches are correlated, and
 * there were more of them than a summary may hold: the summary was capped,
 * its writes dropped, and the caller's section looked ordered.  Branches
 * whose arms meet again before any event are not kept in a summary (they
 * decide nothing a caller can see), so the helper's last write, relaxed
 * here, reaches the caller and escapes the unlock (ppc64-legacy: a relaxed
 * write sets io_sync like writel() on powerpc before 5.2).
 */
/* models: contract,generic,ppc64-legacy */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

struct foo_nic {
	void __iomem *regs;
	spinlock_t lock;
	unsigned long flags;
	u32 limit, stride;
};

#define FOO_PICK(m)	do { if (tp->flags & (m)) tp->limit = 1; \
			     if (tp->flags & (m)) tp->stride++; } while (0)

static void foo_rings_reset(struct foo_nic *tp)
{
	FOO_PICK(0x1UL);	FOO_PICK(0x2UL);
	FOO_PICK(0x4UL);	FOO_PICK(0x8UL);
	FOO_PICK(0x10UL);	FOO_PICK(0x20UL);
	FOO_PICK(0x40UL);	FOO_PICK(0x80UL);
	FOO_PICK(0x100UL);	FOO_PICK(0x200UL);
	FOO_PICK(0x400UL);	FOO_PICK(0x800UL);
	FOO_PICK(0x1000UL);	FOO_PICK(0x2000UL);
	FOO_PICK(0x4000UL);	FOO_PICK(0x8000UL);
	FOO_PICK(0x10000UL);	FOO_PICK(0x20000UL);
	FOO_PICK(0x40000UL);	FOO_PICK(0x80000UL);
	FOO_PICK(0x100000UL);	FOO_PICK(0x200000UL);
	FOO_PICK(0x400000UL);	FOO_PICK(0x800000UL);
	FOO_PICK(0x1000000UL);	FOO_PICK(0x2000000UL);
	FOO_PICK(0x4000000UL);	FOO_PICK(0x8000000UL);
	FOO_PICK(0x10000000UL);	FOO_PICK(0x20000000UL);
	FOO_PICK(0x40000000UL);	FOO_PICK(0x80000000UL);
	FOO_PICK(0x100000000UL);	FOO_PICK(0x200000000UL);
	FOO_PICK(0x400000000UL);	FOO_PICK(0x800000000UL);
	FOO_PICK(0x1000000000UL);	FOO_PICK(0x2000000000UL);
	FOO_PICK(0x4000000000UL);	FOO_PICK(0x8000000000UL);
	FOO_PICK(0x10000000000UL);	FOO_PICK(0x20000000000UL);
	FOO_PICK(0x40000000000UL);	FOO_PICK(0x80000000000UL);
	FOO_PICK(0x100000000000UL);	FOO_PICK(0x200000000000UL);
	FOO_PICK(0x400000000000UL);	FOO_PICK(0x800000000000UL);
	FOO_PICK(0x1000000000000UL);	FOO_PICK(0x2000000000000UL);
	writel_relaxed(tp->stride, tp->regs + 0x200);
}

void foo_reset_hw(struct foo_nic *tp)
{
	spin_lock(&tp->lock);
	foo_rings_reset(tp);	/* expect: MMIO001@contract,generic */
	spin_unlock(&tp->lock);
}
