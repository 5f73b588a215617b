/*
 * A switch on a parameter the function never writes is decided by a
 * caller's constant argument, as an `if` on it is.
 * drivers/infiniband/hw/qib (Linux 6.1): hrtbt_enable_store() calls
 * `dd->f_set_ib_cfg(ppd, QIB_IB_CFG_HRTBT, val)`; qib_6120_set_ib_cfg()
 * switches on `which`, and its QIB_IB_CFG_HRTBT case is `ret = -EINVAL`
 * (qib_iba6120.c:2876): no register is written.  Every case was taken,
 * so the link-state cases' scratch writes made the sysfs store an
 * MMIO005 through the 6120 code (qib_sysfs.c:83 on Linux 6.1, WRONG for
 * that chip: the 7220 and 7322 versions do write their spacer there).
 */
/* models: contract */
/* rules: all */
/* args: --pedantic */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <linux/errno.h>

#define QIB_IB_CFG_LSTATE	8
#define QIB_IB_CFG_HRTBT	12

enum qib_kreg { kr_ibcctrl, kr_scratch };

struct qib_devdata {
	u64 __iomem *kregbase;
	spinlock_t sendctrl_lock;
	u64 sendctrl;
};

static void qib_write_kreg(struct qib_devdata *dd, const u16 regno, u64 value)
{
	writeq(value, &dd->kregbase[regno]);
}

static int qib_6120_set_ib_cfg(struct qib_devdata *dd, int which, u32 val)
{
	int ret = 0;

	switch (which) {
	case QIB_IB_CFG_LSTATE:
		qib_write_kreg(dd, kr_ibcctrl, val);
		/* don't let back-to-back IBC writes reach the chip */
		qib_write_kreg(dd, kr_scratch, 0);
		break;
	case QIB_IB_CFG_HRTBT:
		ret = -EINVAL;
		break;
	default:
		ret = -EINVAL;
	}
	return ret;
}

void qib_wantpiobuf_6120_intr(struct qib_devdata *dd, u32 needint)
{
	unsigned long flags;

	spin_lock_irqsave(&dd->sendctrl_lock, flags);
	qib_write_kreg(dd, kr_scratch, dd->sendctrl | needint);
	spin_unlock_irqrestore(&dd->sendctrl_lock, flags);
}

void sendctrl_6120_mod(struct qib_devdata *dd, u32 op)
{
	unsigned long flags;

	spin_lock_irqsave(&dd->sendctrl_lock, flags);
	qib_write_kreg(dd, kr_scratch, op);
	if (op & 1)
		qib_write_kreg(dd, kr_scratch, 0);
	spin_unlock_irqrestore(&dd->sendctrl_lock, flags);
}

int hrtbt_enable_store(struct qib_devdata *dd, u32 val)
{
	return qib_6120_set_ib_cfg(dd, QIB_IB_CFG_HRTBT, val);
}

int qib_set_linkstate(struct qib_devdata *dd, u32 val)
{
	return qib_6120_set_ib_cfg(dd, QIB_IB_CFG_LSTATE, val); /* expect: MMIO005 */
}
