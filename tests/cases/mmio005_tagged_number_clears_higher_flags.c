/*
 * A number a driver macro tags with one flag bit is a command word for
 * that flag: its higher flag bits are clear.
 * drivers/infiniband/hw/qib (Linux 6.1): QIB_SENDCTRL_DISARM_BUF(bufn) is
 * `((bufn) | QIB_SENDCTRL_DISARM)`, 0x1000 with a PIO buffer number
 * below it.  sendctrl_6120_mod(ppd, op) writes SendCtrl and scratch
 * inside its sendctrl_lock section, and after the unlock re-reads and
 * re-writes scratch only `if (op & QIB_SENDCTRL_FLUSH)` (0x80000), a bit
 * a disarm never sets.  Both arms were kept, so every disarm call
 * (qib_sendbuf_done(), qib_disarm_piobufs(), qib_diagpkt_write()) was
 * MMIO005 for the unlocked scratch writes of the FLUSH arm (qib_diag.c:634,
 * 666, qib_file_ops.c:1859, 2201, 2231 on Linux 6.1, WRONG).  A caller
 * that asks for FLUSH, with a constant, still reaches them, and a flag
 * word the driver writes out (`op | QIB_SENDCTRL_DISARM`, `QIB_SENDCTRL_DISARM
 * | n`) decides nothing: only a macro's `|` around its argument tags.
 */
/* models: contract */
/* rules: all */
/* args: --pedantic */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define QIB_SENDCTRL_DISARM		(0x1000)
#define QIB_SENDCTRL_DISARM_BUF(bufn)	((bufn) | QIB_SENDCTRL_DISARM)
#define QIB_SENDCTRL_FLUSH		(0x80000)

enum qib_kreg { kr_sendctrl, kr_scratch };

struct qib_devdata {
	u64 __iomem *kregbase;
	spinlock_t sendctrl_lock;
	spinlock_t pioavail_lock;
	u64 sendctrl;
};

static void qib_write_kreg(struct qib_devdata *dd, const u16 regno, u64 value)
{
	writeq(value, &dd->kregbase[regno]);
}

static u64 qib_read_kreg64(struct qib_devdata *dd, const u16 regno)
{
	return readq(&dd->kregbase[regno]);
}

static void sendctrl_6120_mod(struct qib_devdata *dd, u32 op)
{
	unsigned long flags;

	spin_lock_irqsave(&dd->sendctrl_lock, flags);
	qib_write_kreg(dd, kr_sendctrl, dd->sendctrl | (op & 0xfff));
	qib_write_kreg(dd, kr_scratch, 0);
	spin_unlock_irqrestore(&dd->sendctrl_lock, flags);

	if (op & QIB_SENDCTRL_FLUSH) {
		u64 v = qib_read_kreg64(dd, kr_scratch);
		qib_write_kreg(dd, kr_scratch, v);
	}
}

void qib_sendbuf_done(struct qib_devdata *dd, unsigned n)
{
	unsigned long flags;

	spin_lock_irqsave(&dd->pioavail_lock, flags);
	sendctrl_6120_mod(dd, QIB_SENDCTRL_DISARM_BUF(n));
	spin_unlock_irqrestore(&dd->pioavail_lock, flags);
}

/* the register's discipline, from writers that take the lock themselves
 * (qib_iba6120.c:1498, qib_iba7220.c's blip of the avail update) */
void qib_wantpiobuf_6120_intr(struct qib_devdata *dd, u32 needint)
{
	unsigned long flags;

	spin_lock_irqsave(&dd->sendctrl_lock, flags);
	if (needint) {
		qib_write_kreg(dd, kr_sendctrl, dd->sendctrl | needint);
		qib_write_kreg(dd, kr_scratch, 0ULL);
	} else {
		qib_write_kreg(dd, kr_sendctrl, dd->sendctrl);
		qib_write_kreg(dd, kr_scratch, 0ULL);
	}
	spin_unlock_irqrestore(&dd->sendctrl_lock, flags);
}

void qib_wantpiobuf_7220_intr(struct qib_devdata *dd, u32 needint)
{
	unsigned long flags;

	spin_lock_irqsave(&dd->sendctrl_lock, flags);
	qib_write_kreg(dd, kr_sendctrl, dd->sendctrl & ~1ULL);
	qib_write_kreg(dd, kr_scratch, 0ULL);
	qib_write_kreg(dd, kr_sendctrl, dd->sendctrl | needint);
	qib_write_kreg(dd, kr_scratch, 0ULL);
	spin_unlock_irqrestore(&dd->sendctrl_lock, flags);
}

void qib_cancel_sends(struct qib_devdata *dd)
{
	sendctrl_6120_mod(dd, QIB_SENDCTRL_FLUSH); /* expect: MMIO005 */
}

void qib_disarm_with(struct qib_devdata *dd, u32 op)
{
	sendctrl_6120_mod(dd, op | QIB_SENDCTRL_DISARM); /* expect: MMIO005 */
}

void qib_disarm_written_out(struct qib_devdata *dd, unsigned n)
{
	sendctrl_6120_mod(dd, QIB_SENDCTRL_DISARM | n); /* expect: MMIO005 */
}
