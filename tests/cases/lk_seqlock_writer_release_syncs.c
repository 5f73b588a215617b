/*
 * drivers/infiniband/hw/hfi1/pio.c (Linux 6.1): sc_buffer_alloc() holds
 * sc->alloc_lock and, through sc_release_update(), reaches
 * sc_piobufavail(), which writes the send context's CSR (the interrupt
 * wanted for buffer availability) inside write_seqlock_irqsave(&sc->waitlock)
 * and only after write_sequnlock_irqrestore() wakes the waiting QPs, each
 * wake-up taking qp->s_lock nested in alloc_lock.  A seqlock_t writer
 * takes and releases the seqlock's spinlock_t: the release is a
 * spin_unlock(), which synced on pre-5.2 powerpc (io_sync) and runs the
 * mmiowb hook since 5.2, so the CSR write is ordered before the nested
 * acquire.  Reported before the seqlock writer functions were lock APIs
 * (MMIO002@ppc64-legacy at the sc_release_update() call, WRONG in the
 * Linux run at pio.c:1441 and pio.c:1745): the seqlock section was
 * invisible and the nested s_lock looked like it cleared io_sync after
 * the write.
 */
/* models: contract,generic,ppc64-legacy */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/seqlock.h>
#include <linux/io.h>

#define SC_CREDIT_CTRL	0x100

struct rvt_qp {
	spinlock_t s_lock;
	int s_flags;
};

struct send_context {
	void __iomem *base;
	spinlock_t alloc_lock;
	seqlock_t waitlock;
	struct rvt_qp *waiter;
	u64 credit_ctrl;
};

/* hfi1_qp_wakeup(): the waiting QP's flags under its own lock. */
static void hfi1_qp_wakeup(struct rvt_qp *qp)
{
	unsigned long flags;

	spin_lock_irqsave(&qp->s_lock, flags);
	qp->s_flags = 0;
	spin_unlock_irqrestore(&qp->s_lock, flags);
}

/* sc_piobufavail(): the interrupt enable under the seqlock, the wake-ups
 * after it. */
static void sc_piobufavail(struct send_context *sc)
{
	unsigned long flags;
	struct rvt_qp *qp;

	write_seqlock_irqsave(&sc->waitlock, flags);
	qp = sc->waiter;
	sc->waiter = NULL;
	writeq(sc->credit_ctrl, sc->base + SC_CREDIT_CTRL);
	write_sequnlock_irqrestore(&sc->waitlock, flags);
	if (qp)
		hfi1_qp_wakeup(qp);
}

/* sc_buffer_alloc(): the release update under alloc_lock. */
void sc_buffer_alloc(struct send_context *sc)
{
	unsigned long flags;

	spin_lock_irqsave(&sc->alloc_lock, flags);
	sc_piobufavail(sc);
	spin_unlock_irqrestore(&sc->alloc_lock, flags);
}
