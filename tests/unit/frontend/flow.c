/* Control flow and conditions (test_frontend_lower.c). */
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/io.h>
#include <linux/errno.h>

struct dev {
	spinlock_t lock;
	struct mutex m;
	void __iomem *regs;
	int (*write32)(struct dev *d, unsigned int v);
	int flags;
};

void f_trylock(struct dev *d)
{
	if (!spin_trylock(&d->lock))
		return;
	writel(1, d->regs);
	spin_unlock(&d->lock);
}

int f_mutex(struct dev *d)
{
	if (mutex_lock_interruptible(&d->m))
		return -EINTR;
	writel(2, d->regs);
	mutex_unlock(&d->m);
	return 0;
}

int f_goto(struct dev *d, int x)
{
	int ret = 0;

	spin_lock(&d->lock);
	if (x < 0) {
		ret = -EINVAL;
		goto out_unlock;
	}
	writel(x, d->regs);
out_unlock:
	spin_unlock(&d->lock);
	return ret;
}

void f_switch(struct dev *d, int x)
{
	switch (x) {
	case 0:
		writel(0, d->regs);
		/* fall through */
	case 1:
		writel(1, d->regs + 4);
		break;
	default:
		writel(2, d->regs + 8);
	}
}

void f_switch_twice(struct dev *d)
{
	switch (d->flags) {
	case 4:
		spin_lock(&d->lock);
		break;
	}
	writel(4, d->regs);
	switch (d->flags) {
	case 4:
		spin_unlock(&d->lock);
		break;
	}
}

int f_next_case(struct dev *d);

void f_switch_call(struct dev *d)
{
	switch (f_next_case(d)) {
	case 0:
		writel(0, d->regs);
		break;
	case 1:
		writel(1, d->regs + 4);
		break;
	default:
		writel(2, d->regs + 8);
	}
}

void f_forever(struct dev *d)
{
	for (;;) {
		if (readl(d->regs))
			break;
	}
	writel(3, d->regs);
}

void f_dowhile0(struct dev *d)
{
	do {
		writel(4, d->regs);
	} while (0);
}

void f_corr(struct dev *d, int f)
{
	if (f)
		spin_lock(&d->lock);
	writel(5, d->regs);
	if (f)
		spin_unlock(&d->lock);
}

void f_nocorr(struct dev *d, int f)
{
	if (f)
		spin_lock(&d->lock);
	f = d->flags;
	if (f)
		spin_unlock(&d->lock);
}

int f_stmtexpr(struct dev *d)
{
	int v = ({ int t = readl(d->regs); t + 1; });
	return v;
}

int f_ternary(struct dev *d, int x)
{
	return x ? readl(d->regs) : readl(d->regs + 4);
}

void f_indirect(struct dev *d)
{
	d->write32(d, 7);
}

void f_trystore(struct dev *d)
{
	int locked = spin_trylock(&d->lock);

	writel(8, d->regs);
	if (locked)
		spin_unlock(&d->lock);
}

void f_trystore2(struct dev *d)
{
	int locked;

	locked = spin_trylock(&d->lock);
	if (!locked)
		return;
	spin_unlock(&d->lock);
}
