/*
 * all-headers-check.c - includes every test header and uses each lock,
 * MMIO and barrier API once, so `clang -fsyntax-only -Wall -Werror
 * -I tests/include` keeps them parseable (ctest "headers").
 */
#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/init.h>
#include <linux/cleanup.h>
#include <linux/errno.h>
#include <linux/typecheck.h>
#include <linux/kernel.h>
#include <linux/linkage.h>
#include <linux/irqflags.h>
#include <linux/preempt.h>
#include <linux/atomic.h>
#include <linux/jump_label.h>
#include <linux/rcupdate.h>
#include <linux/bitops.h>
#include <linux/processor.h>
#include <linux/percpu.h>
#include <linux/spinlock_types.h>
#include <linux/spinlock.h>
#include <linux/refcount.h>
#include <linux/mutex.h>
#include <linux/rwsem.h>
#include <linux/semaphore.h>
#include <linux/bit_spinlock.h>
#include <linux/local_lock.h>
#include <linux/io.h>
#include <linux/io-64-nonatomic-lo-hi.h>
#include <linux/io-64-nonatomic-hi-lo.h>
#include <linux/interrupt.h>
#include <linux/delay.h>
#include <linux/pci.h>
#include <linux/skbuff.h>
#include <linux/netdevice.h>
#include <linux/serial_core.h>
#include <linux/irq.h>
#include <linux/clk-provider.h>
#include <asm/io.h>
#include <asm/barrier.h>
#include <asm-generic/io.h>
#include <asm-generic/iomap.h>
#include <asm-generic/mmiowb.h>

static DEFINE_SPINLOCK(check_lock);
static DEFINE_RAW_SPINLOCK(check_raw_lock);
static DEFINE_RWLOCK(check_rwlock);
static DEFINE_MUTEX(check_mutex);
static DECLARE_RWSEM(check_rwsem);
static DEFINE_SEMAPHORE(check_sem);
static DEFINE_STATIC_KEY_FALSE(check_key_false);
static DEFINE_STATIC_KEY_TRUE(check_key_true);
static struct static_key check_key;

struct check_dev {
	spinlock_t lock;
	struct mutex mutex;
	struct semaphore sem;
	struct rw_semaphore rwsem;
	rwlock_t rwlock;
	local_lock_t llock;
	unsigned long bits;
	atomic_t refs;
	refcount_t ref;
	void __iomem *regs;
	u32 buf[4];
};

static void check_spinlocks(struct check_dev *d)
{
	unsigned long flags;

	spin_lock_init(&d->lock);
	spin_lock(&d->lock);
	spin_unlock(&d->lock);
	spin_lock_bh(&d->lock);
	spin_unlock_bh(&d->lock);
	spin_lock_irq(&d->lock);
	spin_unlock_irq(&d->lock);
	spin_lock_irqsave(&d->lock, flags);
	spin_unlock_irqrestore(&d->lock, flags);
	spin_lock_irqsave_nested(&d->lock, flags, 1);
	spin_unlock_irqrestore(&d->lock, flags);
	spin_lock_nested(&check_lock, 1);
	spin_unlock(&check_lock);
	spin_lock_nest_lock(&check_lock, &d->lock);
	spin_unlock(&check_lock);
	if (spin_trylock(&d->lock))
		spin_unlock(&d->lock);
	if (spin_trylock_bh(&d->lock))
		spin_unlock_bh(&d->lock);
	if (spin_trylock_irq(&d->lock))
		spin_unlock_irq(&d->lock);
	if (spin_trylock_irqsave(&d->lock, flags))
		spin_unlock_irqrestore(&d->lock, flags);
	if (spin_is_locked(&d->lock))
		BUG();
	assert_spin_locked(&d->lock);

	raw_spin_lock_init(&check_raw_lock);
	raw_spin_lock(&check_raw_lock);
	raw_spin_unlock(&check_raw_lock);
	raw_spin_lock_irqsave(&check_raw_lock, flags);
	raw_spin_unlock_irqrestore(&check_raw_lock, flags);
	raw_spin_lock_irq(&check_raw_lock);
	raw_spin_unlock_irq(&check_raw_lock);
	raw_spin_lock_bh(&check_raw_lock);
	raw_spin_unlock_bh(&check_raw_lock);
	raw_spin_lock_nested(&check_raw_lock, 1);
	raw_spin_unlock(&check_raw_lock);
	if (raw_spin_trylock(&check_raw_lock))
		raw_spin_unlock(&check_raw_lock);
	if (raw_spin_trylock_irqsave(&check_raw_lock, flags))
		raw_spin_unlock_irqrestore(&check_raw_lock, flags);
	do_raw_spin_lock(&check_raw_lock);
	do_raw_spin_unlock(&check_raw_lock);
	if (do_raw_spin_trylock(&check_raw_lock))
		do_raw_spin_unlock(&check_raw_lock);

	if (atomic_dec_and_lock(&d->refs, &d->lock))
		spin_unlock(&d->lock);
	if (atomic_dec_and_lock_irqsave(&d->refs, &d->lock, flags))
		spin_unlock_irqrestore(&d->lock, flags);
	if (refcount_dec_and_lock(&d->ref, &d->lock))
		spin_unlock(&d->lock);
	if (refcount_dec_and_lock_irqsave(&d->ref, &d->lock, &flags))
		spin_unlock_irqrestore(&d->lock, flags);
}

/* Every static key test, each with the lock it decides. */
static void check_static_keys(struct check_dev *d)
{
	if (static_branch_unlikely(&check_key_false))
		spin_lock(&d->lock);
	if (static_branch_likely(&check_key_true))
		spin_lock(&check_lock);
	if (static_key_enabled(&check_key_false) && static_key_false(&check_key) && static_key_true(&check_key))
		static_branch_inc(&check_key_false);
	else
		static_branch_dec(&check_key_true);
	if (static_branch_likely(&check_key_true))
		spin_unlock(&check_lock);
	if (static_branch_unlikely(&check_key_false))
		spin_unlock(&d->lock);
	rcu_read_lock();
	rcu_read_unlock();
}

static void check_rwlocks(struct check_dev *d)
{
	unsigned long flags;

	rwlock_init(&d->rwlock);
	read_lock(&d->rwlock);
	read_unlock(&d->rwlock);
	read_lock_irqsave(&check_rwlock, flags);
	read_unlock_irqrestore(&check_rwlock, flags);
	read_lock_bh(&d->rwlock);
	read_unlock_bh(&d->rwlock);
	read_lock_irq(&d->rwlock);
	read_unlock_irq(&d->rwlock);
	write_lock(&d->rwlock);
	write_unlock(&d->rwlock);
	write_lock_irqsave(&d->rwlock, flags);
	write_unlock_irqrestore(&d->rwlock, flags);
	write_lock_bh(&d->rwlock);
	write_unlock_bh(&d->rwlock);
	write_lock_irq(&d->rwlock);
	write_unlock_irq(&d->rwlock);
	write_lock_nested(&d->rwlock, 1);
	write_unlock(&d->rwlock);
	if (read_trylock(&d->rwlock))
		read_unlock(&d->rwlock);
	if (write_trylock(&d->rwlock))
		write_unlock(&d->rwlock);
	if (write_trylock_irqsave(&d->rwlock, flags))
		write_unlock_irqrestore(&d->rwlock, flags);
}

static int check_sleeping(struct check_dev *d)
{
	mutex_init(&d->mutex);
	mutex_lock(&d->mutex);
	mutex_unlock(&d->mutex);
	mutex_lock_nested(&check_mutex, 1);
	mutex_unlock(&check_mutex);
	mutex_lock_io(&d->mutex);
	mutex_unlock(&d->mutex);
	mutex_lock_nest_lock(&d->mutex, &check_mutex);
	mutex_unlock(&d->mutex);
	if (mutex_lock_interruptible(&d->mutex))
		return -EINTR;
	mutex_unlock(&d->mutex);
	if (mutex_lock_killable(&d->mutex))
		return -EINTR;
	mutex_unlock(&d->mutex);
	if (mutex_lock_interruptible_nested(&d->mutex, 1))
		return -EINTR;
	mutex_unlock(&d->mutex);
	if (mutex_trylock(&d->mutex))
		mutex_unlock(&d->mutex);
	if (atomic_dec_and_mutex_lock(&d->refs, &d->mutex))
		mutex_unlock(&d->mutex);

	init_rwsem(&d->rwsem);
	down_read(&check_rwsem);
	up_read(&check_rwsem);
	down_read_nested(&d->rwsem, 1);
	up_read(&d->rwsem);
	down_read_non_owner(&d->rwsem);
	up_read_non_owner(&d->rwsem);
	if (down_read_interruptible(&d->rwsem))
		return -EINTR;
	up_read(&d->rwsem);
	if (down_read_killable(&d->rwsem))
		return -EINTR;
	up_read(&d->rwsem);
	if (down_read_trylock(&d->rwsem))
		up_read(&d->rwsem);
	down_write(&d->rwsem);
	up_write(&d->rwsem);
	down_write_nested(&d->rwsem, 1);
	up_write(&d->rwsem);
	if (down_write_killable(&d->rwsem))
		return -EINTR;
	up_write(&d->rwsem);
	if (down_write_trylock(&d->rwsem))
		up_write(&d->rwsem);

	sema_init(&d->sem, 1);
	down(&check_sem);
	up(&check_sem);
	if (down_interruptible(&d->sem))
		return -EINTR;
	up(&d->sem);
	if (down_killable(&d->sem))
		return -EINTR;
	up(&d->sem);
	if (down_timeout(&d->sem, 100))
		return -ETIME;
	up(&d->sem);
	if (!down_trylock(&d->sem))
		up(&d->sem);
	return 0;
}

static void check_other_locks(struct check_dev *d)
{
	unsigned long flags;

	bit_spin_lock(0, &d->bits);
	bit_spin_unlock(0, &d->bits);
	if (bit_spin_trylock(1, &d->bits))
		__bit_spin_unlock(1, &d->bits);
	if (bit_spin_is_locked(0, &d->bits))
		BUG();

	local_lock_init(&d->llock);
	local_lock(&d->llock);
	local_unlock(&d->llock);
	local_lock_irq(&d->llock);
	local_unlock_irq(&d->llock);
	local_lock_irqsave(&d->llock, flags);
	local_unlock_irqrestore(&d->llock, flags);
}

static u64 check_mmio(struct check_dev *d)
{
	void __iomem *r = d->regs;
	u64 sum = 0;

	writeb(1, r);
	writew(2, r);
	writel(3, r);
	writeq(4, r);
	writeb_relaxed(1, r);
	writew_relaxed(2, r);
	writel_relaxed(3, r);
	writeq_relaxed(4, r);
	__raw_writeb(1, r);
	__raw_writew(2, r);
	__raw_writel(3, r);
	__raw_writeq(4, r);
	__writel(5, r);
	writesb(r, d->buf, 4);
	writesw(r, d->buf, 4);
	writesl(r, d->buf, 4);
	writesq(r, d->buf, 2);
	iowrite8(1, r);
	iowrite16(2, r);
	iowrite32(3, r);
	iowrite64(4, r);
	iowrite16be(2, r);
	iowrite32be(3, r);
	iowrite64be(4, r);
	iowrite64_lo_hi(4, r);
	iowrite64_hi_lo(4, r);
	iowrite8_rep(r, d->buf, 4);
	iowrite16_rep(r, d->buf, 4);
	iowrite32_rep(r, d->buf, 4);
	lo_hi_writeq(6, r);
	hi_lo_writeq(6, r);
	lo_hi_writeq_relaxed(6, r);
	hi_lo_writeq_relaxed(6, r);
	memcpy_toio(r, d->buf, sizeof(d->buf));
	memset_io(r, 0, 16);
	__iowrite32_copy(r, d->buf, 4);
	__iowrite64_copy(r, d->buf, 2);
	outb(1, 0x80);
	outw(2, 0x80);
	outl(3, 0x80);
	outb_p(1, 0x80);
	outw_p(2, 0x80);
	outl_p(3, 0x80);
	outsb(0x80, d->buf, 4);
	outsw(0x80, d->buf, 4);
	outsl(0x80, d->buf, 4);

	sum += readb(r) + readw(r) + readl(r) + readq(r);
	sum += readb_relaxed(r) + readw_relaxed(r) + readl_relaxed(r) + readq_relaxed(r);
	sum += __raw_readb(r) + __raw_readw(r) + __raw_readl(r) + __raw_readq(r) + __readl(r);
	sum += ioread8(r) + ioread16(r) + ioread32(r) + ioread64(r);
	sum += ioread16be(r) + ioread32be(r) + ioread64be(r) + ioread64_lo_hi(r) + ioread64_hi_lo(r);
	sum += lo_hi_readq(r) + hi_lo_readq(r) + lo_hi_readq_relaxed(r) + hi_lo_readq_relaxed(r);
	sum += inb(0x80) + inw(0x80) + inl(0x80) + inb_p(0x80) + inw_p(0x80) + inl_p(0x80);
	readsb(r, d->buf, 4);
	readsw(r, d->buf, 4);
	readsl(r, d->buf, 4);
	readsq(r, d->buf, 2);
	ioread8_rep(r, d->buf, 4);
	ioread16_rep(r, d->buf, 4);
	ioread32_rep(r, d->buf, 4);
	insb(0x80, d->buf, 4);
	insw(0x80, d->buf, 4);
	insl(0x80, d->buf, 4);
	memcpy_fromio(d->buf, r, sizeof(d->buf));
	__ioread32_copy(d->buf, r, 4);
	return sum;
}

static void check_barriers(void)
{
	mmiowb();
	wmb();
	mb();
	rmb();
	dma_wmb();
	dma_rmb();
	dma_mb();
	smp_wmb();
	smp_rmb();
	smp_mb();
	barrier();
	io_stop_wc();
}

static irqreturn_t check_isr(int irq, void *data)
{
	struct check_dev *d = data;

	(void)irq;
	spin_lock(&d->lock);
	writel(READ_ONCE(d->buf[0]), d->regs);
	WRITE_ONCE(d->buf[1], 0);
	spin_unlock(&d->lock);
	return IRQ_HANDLED;
}

/* Framework callback tables (tests/cases-frameworks): one callback of each. */
static netdev_tx_t check_xmit(struct sk_buff *skb, struct net_device *dev)
{
	struct netdev_queue *txq = netdev_get_tx_queue(dev, skb_get_queue_mapping(skb));
	struct check_dev *d = netdev_priv(dev);

	if (dev->features & NETIF_F_LLTX)
		spin_lock(&txq->_xmit_lock);
	writel(skb_headlen(skb), d->regs);
	skb_tx_timestamp(skb);
	dev_kfree_skb_any(skb);
	if (dev->features & NETIF_F_LLTX)
		spin_unlock(&txq->_xmit_lock);
	return NETDEV_TX_OK;
}

static const struct net_device_ops check_netdev_ops = {
	.ndo_start_xmit = check_xmit,
};

static void check_start_tx(struct uart_port *port)
{
	struct circ_buf *xmit = &port->state->xmit;

	while (!uart_circ_empty(xmit)) {
		writeb(xmit->buf[xmit->tail], port->membase);
		uart_xmit_advance(port, 1);
	}
	if (uart_circ_chars_pending(xmit) == 0)
		uart_write_wakeup(port);
}

static const struct uart_ops check_uart_ops = {
	.start_tx = check_start_tx,
};

static void check_irq_mask(struct irq_data *data)
{
	struct check_dev *d = irq_data_get_irq_chip_data(data);

	writel(BIT(irqd_to_hwirq(data)), d->regs);
}

static struct irq_chip check_irq_chip = {
	.name = "check",
	.irq_mask = check_irq_mask,
	.flags = 0,
};

static int check_clk_enable(struct clk_hw *hw)
{
	(void)hw;
	return 0;
}

static const struct clk_ops check_clk_ops = {
	.enable = check_clk_enable,
};

int check_frameworks(struct net_device *dev, struct uart_port *port, struct clk_hw *hw);
int check_frameworks(struct net_device *dev, struct uart_port *port, struct clk_hw *hw)
{
	struct clk_init_data init = { .name = "check", .ops = &check_clk_ops };

	dev->netdev_ops = &check_netdev_ops;
	port->ops = &check_uart_ops;
	irq_set_chip_and_handler(0, &check_irq_chip, handle_level_irq);
	hw->init = &init;
	return clk_hw_register(NULL, hw);
}

int check_all(struct pci_dev *pdev, struct check_dev *d);
/* cleanup.h: every lock guard class the rules know, both macro forms */
int check_guards(struct check_dev *d)
{
	unsigned long i;

	scoped_guard(spinlock, &d->lock)
		writel(1, d->regs);
	scoped_guard(spinlock_irq, &d->lock) {
		writel(2, d->regs);
	}
	scoped_guard(spinlock_bh, &d->lock)
		writel(3, d->regs);
	scoped_guard(raw_spinlock, &check_raw_lock)
		writel(4, d->regs);
	scoped_guard(raw_spinlock_nested, &check_raw_lock)
		writel(4, d->regs);
	scoped_guard(raw_spinlock_irq, &check_raw_lock)
		writel(5, d->regs);
	scoped_guard(raw_spinlock_irqsave, &check_raw_lock)
		writel(6, d->regs);
	scoped_guard(raw_spinlock_bh, &check_raw_lock)
		writel(7, d->regs);
	scoped_guard(read_lock, &d->rwlock)
		writel(8, d->regs);
	scoped_guard(read_lock_irq, &d->rwlock)
		writel(8, d->regs);
	scoped_guard(read_lock_irqsave, &d->rwlock)
		writel(8, d->regs);
	scoped_guard(read_lock_bh, &d->rwlock)
		writel(8, d->regs);
	scoped_guard(write_lock, &check_rwlock)
		writel(9, d->regs);
	scoped_guard(write_lock_irq, &check_rwlock)
		writel(9, d->regs);
	scoped_guard(write_lock_irqsave, &check_rwlock)
		writel(9, d->regs);
	scoped_guard(write_lock_bh, &check_rwlock)
		writel(9, d->regs);
	scoped_guard(rwsem_read, &d->rwsem)
		writel(10, d->regs);
	scoped_guard(rwsem_write, &check_rwsem)
		writel(11, d->regs);
	for (i = 0; i < 2; i++) {
		guard(mutex)(&d->mutex);
		if (readl(d->regs))
			return -EIO;
	}
	guard(spinlock_irqsave)(&check_lock);
	writel(12, d->regs);
	return 0;
}

int check_all(struct pci_dev *pdev, struct check_dev *d)
{
	struct check_dev *same = container_of(&d->lock, struct check_dev, lock);
	int err;

	BUG_ON(same != d);
	if (WARN_ON(ARRAY_SIZE(d->buf) != 4))
		return -EINVAL;
	if (unlikely(!pdev) || !likely(d))
		return -ENODEV;
	err = pci_enable_device(pdev);
	if (err)
		return err;
	d->regs = pci_iomap(pdev, 0, 0);
	err = request_irq(pdev->irq, check_isr, IRQF_SHARED, "check", d);
	if (err) {
		pr_err("check: no irq: %d\n", err);
		return err;
	}
	check_spinlocks(d);
	check_rwlocks(d);
	check_static_keys(d);
	err = check_sleeping(d);
	check_other_locks(d);
	udelay(10);
	msleep(1);
	check_barriers();
	printk(KERN_INFO "check: %llu\n", (unsigned long long)check_mmio(d));
	free_irq(pdev->irq, d);
	return err;
}
