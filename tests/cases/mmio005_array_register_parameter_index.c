/*
 * An array element at a parameter index is the register the caller names.
 * drivers/infiniband/hw/qib/qib_iba7220.c (Linux 6.1):
 * qib_write_kreg(dd, regno, value) is `writeq(value, &dd->kregbase[regno])`,
 * and its callers pass the register (kr_sendctrl, kr_scratch).  Each call
 * writes its own register: the summary applied at the call writes the
 * caller's argument into the key.  When an array element at any variable
 * index stopped naming a register (igb's E1000_RAH(index),
 * mmio005_array_register_variable_index.c), the index that is the
 * helper's parameter went with it, and no qib register had a key.
 * sendctrl_7220_mod() writes kr_sendctrl under sendctrl_lock;
 * qib_7220_sdma_sendctrl() writes it without: MMIO005.  kr_scratch has
 * one locked write, below the evidence bar (docs/rules/MMIO005.md).
 */
/* models: contract */
/* rules: all */
/* args: --pedantic */	/* weak evidence by the default's bar (docs/rules/MMIO005.md) */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define kr_scratch	0x10
#define kr_sendctrl	0x1c

struct qib_devdata {
	u64 __iomem *kregbase;
	spinlock_t sendctrl_lock;
	u64 sendctrl;
};

static inline void qib_write_kreg(const struct qib_devdata *dd, const u16 regno, u64 value)
{
	writeq(value, &dd->kregbase[regno]);
}

void sendctrl_7220_mod(struct qib_devdata *dd, u64 op)
{
	spin_lock(&dd->sendctrl_lock);
	dd->sendctrl |= op;
	qib_write_kreg(dd, kr_sendctrl, dd->sendctrl);
	qib_write_kreg(dd, kr_scratch, 0);
	spin_unlock(&dd->sendctrl_lock);
}

void sendctrl_7220_clear(struct qib_devdata *dd, u64 op)
{
	spin_lock(&dd->sendctrl_lock);
	dd->sendctrl &= ~op;
	qib_write_kreg(dd, kr_sendctrl, dd->sendctrl);
	spin_unlock(&dd->sendctrl_lock);
}

void qib_7220_sdma_sendctrl(struct qib_devdata *dd, u64 set)
{
	qib_write_kreg(dd, kr_sendctrl, dd->sendctrl | set); /* expect: MMIO005@contract */
	qib_write_kreg(dd, kr_scratch, 0);
}
