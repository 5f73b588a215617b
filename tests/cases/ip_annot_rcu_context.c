/*
 * RCU named as a sparse context: drivers/infiniband/hw/qib/qib_debugfs.c
 * (Linux 6.1) _qp_stats_seq_start() is annotated __acquires(RCU) and
 * calls rcu_read_lock(), _qp_stats_seq_next() __must_hold(RCU),
 * _qp_stats_seq_stop() __releases(RCU) around rcu_read_unlock() (the
 * seq_file start/stop pair).  RCU is the context rcu_read_lock() enters,
 * no lock the analysis follows, so these are no contracts (before:
 * MMIO007 "annotated __releases(RCU) but returns with it still held" and
 * "__acquires(RCU) but returns with it released").  A lock annotation
 * beside them is still one.
 */
/* args: --enable MMIO007 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/rcupdate.h>

struct qib_qp_iter {
	spinlock_t lock;
	int n;
};

struct qib_qp_iter *qib_qp_iter_init(void *priv);
int qib_qp_iter_next(struct qib_qp_iter *iter);
void kfree(const void *p);

void *qib_qp_stats_seq_start(void *priv, long long *pos)
	__acquires(RCU)
{
	struct qib_qp_iter *iter = qib_qp_iter_init(priv);
	long long n = *pos;

	/* stop calls rcu_read_unlock */
	rcu_read_lock();
	if (!iter)
		return NULL;
	do {
		if (qib_qp_iter_next(iter)) {
			kfree(iter);
			return NULL;
		}
	} while (n--);
	return iter;
}

void *qib_qp_stats_seq_next(void *iter_ptr, long long *pos)
	__must_hold(RCU)
{
	struct qib_qp_iter *iter = iter_ptr;

	(*pos)++;
	if (qib_qp_iter_next(iter)) {
		kfree(iter);
		return NULL;
	}
	return iter;
}

void qib_qp_stats_seq_stop(void *iter_ptr)
	__releases(RCU)
{
	rcu_read_unlock();
}

/* a lock named the same way is followed: this one is not released */
void qib_qp_iter_stop_locked(struct qib_qp_iter *iter)
	__releases(&iter->lock)
{
	iter->n = 0;
} /* expect: MMIO007 */
