/*
 * --strict: a coarse framework mutex counts as the only protection of a
 * write (issue 7 item 4).  clk_ops.prepare runs under prepare_lock, a mutex
 * ("clk-prepare-lock"): nothing orders the writel before mutex_unlock()
 * -> MMIO006 under both default models.  Without --strict: no finding
 * (fw_clk_enable.c).  enable runs under the enable_lock spinlock: ordered.
 */
/* args: --strict */
#include <linux/kernel.h>
#include <linux/io.h>
#include <linux/clk-provider.h>

#define FOO_CLK_GATE	0x00
#define FOO_CLK_PWR	0x04

struct foo_clk {
	struct clk_hw hw;
	void __iomem *reg;
};

#define to_foo_clk(_hw) container_of(_hw, struct foo_clk, hw)

static int foo_clk_prepare(struct clk_hw *hw)
{
	struct foo_clk *clk = to_foo_clk(hw);

	writel(1, clk->reg + FOO_CLK_PWR); /* expect: MMIO006 */
	return 0;
}

static int foo_clk_enable(struct clk_hw *hw)
{
	struct foo_clk *clk = to_foo_clk(hw);

	writel(1, clk->reg + FOO_CLK_GATE);
	return 0;
}

static const struct clk_ops foo_clk_ops = {
	.prepare	= foo_clk_prepare,
	.enable		= foo_clk_enable,
};

const struct clk_ops *foo_clk_get_ops(void);
const struct clk_ops *foo_clk_get_ops(void)
{
	return &foo_clk_ops;
}
