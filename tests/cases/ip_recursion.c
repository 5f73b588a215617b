/*
 * Recursion and mutual recursion terminate: a recursive tree walk that
 * writes a relaxed register per node under its caller's lock, and two
 * mutually recursive helpers.  The lock-holding callers are judged through
 * the (fixed-point) summaries.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

struct foo_node {
	struct foo_node *left, *right;
	u32 val;
};

struct foo_dev {
	void __iomem *regs;
	spinlock_t lock;
};

static void foo_walk(struct foo_dev *dev, struct foo_node *n)
{
	if (!n)
		return;
	writel_relaxed(n->val, dev->regs + 0x4);
	foo_walk(dev, n->left);
	foo_walk(dev, n->right);
}

void foo_program_tree(struct foo_dev *dev, struct foo_node *root)
{
	spin_lock(&dev->lock);
	foo_walk(dev, root); /* expect: MMIO001@contract */
	spin_unlock(&dev->lock);
}

static void foo_pong(struct foo_dev *dev, int depth);

static void foo_ping(struct foo_dev *dev, int depth)
{
	if (depth <= 0)
		return;
	writel(depth, dev->regs + 0x8);
	foo_pong(dev, depth - 1);
}

static void foo_pong(struct foo_dev *dev, int depth)
{
	if (depth <= 0)
		return;
	writel(depth, dev->regs + 0xc);
	foo_ping(dev, depth - 1);
}

void foo_pingpong(struct foo_dev *dev)
{
	spin_lock(&dev->lock);
	foo_ping(dev, 4);
	spin_unlock(&dev->lock);
}
