/*
 * A flag bit the function sets decides its later test of the same bit.
 * drivers/infiniband/hw/hfi1/tid_rdma.c (Linux 6.1):
 * handle_read_kdeth_eflags() holds qp->s_lock; when `!(qp->r_flags &
 * RVT_R_RDMAR_SEQ)` it sets the bit and restarts the read request (a CSR
 * write), and later restarts again only `if (!(qp->r_flags &
 * RVT_R_RDMAR_SEQ))`, a restart that takes priv->opfn.lock nested.  The
 * member is written in the body, so the tests were no keys and the path
 * with both restarts gave MMIO002 under ppc64-legacy (tid_rdma.c:2707 and
 * 2710, judged WRONG).  A member written only by `|= C` / `&= C` keeps
 * `member & K` a key, each store deciding it (foo_eflags below); a store
 * that clears the bit again (foo_eflags_cleared) lets the second restart
 * run after the write, which stays a finding.
 */
/* models: contract,generic,ppc64-legacy */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define RVT_R_RDMAR_SEQ	0x02
#define RVT_R_RSP_SEND	0x20
#define RCV_TID_FLOW	0x1a0

struct hfi1_devdata {
	void __iomem *kregbase;
};

struct rvt_qp {
	spinlock_t s_lock;
	spinlock_t opfn_lock;
	u32 r_flags;
	u32 opfn_state;
};

static void write_csr(struct hfi1_devdata *dd, u32 offset, u64 value)
{
	writeq(value, dd->kregbase + offset);
}

/* The first restart: a flow table CSR write. */
static void restart_read_req(struct hfi1_devdata *dd, struct rvt_qp *qp)
{
	write_csr(dd, RCV_TID_FLOW, 0);
}

/* The second restart: the OPFN state under its own lock. */
static void restart_rc(struct rvt_qp *qp)
{
	spin_lock(&qp->opfn_lock);
	qp->opfn_state = 0;
	spin_unlock(&qp->opfn_lock);
}

void foo_eflags(struct hfi1_devdata *dd, struct rvt_qp *qp, int nak, int psn_bad)
{
	spin_lock(&qp->s_lock);
	if (nak) {
		if (!(qp->r_flags & RVT_R_RDMAR_SEQ)) {
			qp->r_flags |= RVT_R_RDMAR_SEQ;
			restart_read_req(dd, qp);
			qp->r_flags |= RVT_R_RSP_SEND;
		}
	}
	if (psn_bad) {
		if (!(qp->r_flags & RVT_R_RDMAR_SEQ))
			restart_rc(qp);
	}
	spin_unlock(&qp->s_lock);
}

void foo_eflags_cleared(struct hfi1_devdata *dd, struct rvt_qp *qp, int nak, int psn_bad)
{
	spin_lock(&qp->s_lock);
	if (nak) {
		if (!(qp->r_flags & RVT_R_RDMAR_SEQ)) {
			qp->r_flags |= RVT_R_RDMAR_SEQ;
			restart_read_req(dd, qp); /* expect: MMIO002@ppc64-legacy */
			qp->r_flags &= ~RVT_R_RDMAR_SEQ;
		}
	}
	if (psn_bad) {
		if (!(qp->r_flags & RVT_R_RDMAR_SEQ))
			restart_rc(qp);
	}
	spin_unlock(&qp->s_lock);
}
