/* Sparse context annotations and __init (test_frontend_interproc.c). */
#include <linux/init.h>
#include <linux/spinlock.h>
#include <linux/io.h>

struct ring { spinlock_t lock; void __iomem *db; };
struct nic { spinlock_t lock; struct ring rx; struct ring *tx; void __iomem *regs; };
static DEFINE_SPINLOCK(nic_list_lock);

static void nic_kick(struct nic *nic, u32 v) __must_hold(&nic->lock);
void nic_take(struct nic *nic)
	__acquires(nic->lock);

static void nic_kick(struct nic *nic, u32 v)
{
	writel(v, nic->regs);
}

void nic_take(struct nic *nic) __acquires(nic->lock)
{
	spin_lock(&nic->lock);
}

static void nic_give(struct nic *nic)
	__releases(&(nic)->rx.lock)
	__releases(&nic->tx->lock)
{
	spin_unlock(&nic->tx->lock);
	spin_unlock(&nic->rx.lock);
}

static void ring_poke(struct ring *r, struct nic n) __must_hold(r) __must_hold(n.rx.lock)
{
	writel(1, r->db);
}

static void list_walk(void) __must_hold(&nic_list_lock) __must_hold(rcu)
{
}

static int __init nic_init(void)
{
	return 0;
}

static void __exit nic_exit(void)
{
}

__devinit int nic_old_probe(struct nic *nic)
{
	return 0;
}

void plain(struct nic *nic)
{
	nic_kick(nic, 1);
}
