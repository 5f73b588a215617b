/*
 * An argument computed with a local variable names no one register.
 * drivers/net/ethernet/broadcom/tg3.c (Linux 6.1): tg3_ape_lock(tp,
 * locknum) picks `gnt` (TG3_APE_LOCK_GRANT on 5761, else
 * TG3_APE_PER_LOCK_GRANT), sets `off = 4 * locknum` and, on a timeout,
 * revokes its request with tg3_ape_write32(tp, gnt + off, bit): the grant
 * register of whichever APE lock it was asked for.  The key was the
 * argument's text, `aperegs + gnt+off`, one register for every lock: the
 * GPIO lock's grant written under rtnl only was judged against the PHY
 * lock's grant written under tp->lock (MMIO005 at tg3.c:11753, 13751 and
 * 18301, WRONG).  A constant offset (TG3_APE_EVENT) is still a register.
 */
/* models: contract */
/* rules: all */
/* args: --pedantic */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define TG3_APE_LOCK_GRANT	0x004c
#define TG3_APE_PER_LOCK_GRANT	0x8420
#define TG3_APE_EVENT		0x000c
#define TG3_APE_LOCK_PHY0	2

struct tg3 {
	void __iomem *aperegs;
	spinlock_t lock;
	int asic_rev;
};

static void tg3_ape_write32(struct tg3 *tp, u32 off, u32 val)
{
	writel(val, tp->aperegs + off);
}

static void tg3_ape_revoke(struct tg3 *tp, int locknum)
{
	u32 gnt, off;

	if (tp->asic_rev == 5761)
		gnt = TG3_APE_LOCK_GRANT;
	else
		gnt = TG3_APE_PER_LOCK_GRANT;
	off = 4 * locknum;
	tg3_ape_write32(tp, gnt + off, 1);
}

void tg3_mdio_write(struct tg3 *tp)
{
	spin_lock_bh(&tp->lock);
	tg3_ape_revoke(tp, TG3_APE_LOCK_PHY0);
	tg3_ape_write32(tp, TG3_APE_EVENT, 1);
	spin_unlock_bh(&tp->lock);
}

void tg3_nway_reset(struct tg3 *tp)
{
	spin_lock_bh(&tp->lock);
	tg3_ape_revoke(tp, TG3_APE_LOCK_PHY0);
	tg3_ape_write32(tp, TG3_APE_EVENT, 2);
	spin_unlock_bh(&tp->lock);
}

void tg3_io_slot_reset(struct tg3 *tp)
{
	tg3_ape_revoke(tp, 0);
	tg3_ape_write32(tp, TG3_APE_EVENT, 0); /* expect: MMIO005@contract */
}
