/*
 * A test of a function-pointer parameter is no test of an ops slot: the
 * value comes from the callers' arguments, not from stores into a field.
 * drivers/net/ethernet/intel/ice/ice_flex_pipe.c (Linux 6.1):
 * ice_pkg_enum_entry(..., void *(*handler)(...)) starts with
 * `if (!handler) return NULL;`.  No assignment in the program stores into
 * `handler`, so the analysis took it for a slot nothing sets and kept only
 * the NULL arm: everything after the test was dropped, and debug builds
 * asserted (the test was still a branch on a parameter with one edge).
 */
/* models: contract,generic,ppc64-legacy */
#include <linux/kernel.h>
#include <linux/compiler.h>
#include <linux/spinlock.h>
#include <linux/io.h>

struct foo_dev {
	void __iomem *regs;
	spinlock_t lock;
};

static int foo_count(struct foo_dev *f, int i)
{
	return i;
}

static int foo_walk(struct foo_dev *f, int n, int (*handler)(struct foo_dev *f, int i))
{
	int sum = 0;

	if (!handler)
		return 0;
	spin_lock(&f->lock);
	writel_relaxed(n, f->regs + 0x10); /* expect: MMIO001@contract,generic */
	sum += handler(f, n);
	spin_unlock(&f->lock);
	return sum;
}

int foo_start(struct foo_dev *f)
{
	return foo_walk(f, 4, foo_count);
}
