/*
 * A gate clock: enable sets the gate bit with writel(), disable clears it
 * with writel_relaxed(), prepare powers the block up with writel().
 * drivers/clk/clk.c calls enable/disable under its enable_lock spinlock
 * (spin_lock_irqsave, "clk-enable-lock") and prepare under the prepare_lock
 * mutex ("clk-prepare-lock", coarse).
 * enable: full write under a spinlock -> ordered under every model.
 * disable: contract, generic: relaxed write last -> MMIO001;
 *   ppc64-legacy: writel_relaxed is writel -> ordered.
 * prepare: under a coarse framework mutex only -> context, no MMIO006
 *   (fw_clk_prepare_strict.c: with --strict it is reported).
 */
/* models: contract,generic,ppc64-legacy */
#include <linux/kernel.h>
#include <linux/io.h>
#include <linux/clk-provider.h>

#define FOO_CLK_GATE	0x00
#define FOO_CLK_PWR	0x04
#define FOO_CLK_EN	BIT(0)

struct foo_clk {
	struct clk_hw hw;
	void __iomem *reg;
};

#define to_foo_clk(_hw) container_of(_hw, struct foo_clk, hw)

static int foo_clk_enable(struct clk_hw *hw)
{
	struct foo_clk *clk = to_foo_clk(hw);

	writel(FOO_CLK_EN, clk->reg + FOO_CLK_GATE);
	return 0;
}

static void foo_clk_disable(struct clk_hw *hw)
{
	struct foo_clk *clk = to_foo_clk(hw);

	writel_relaxed(0, clk->reg + FOO_CLK_GATE); /* expect: MMIO001@contract,generic */
}

static int foo_clk_prepare(struct clk_hw *hw)
{
	struct foo_clk *clk = to_foo_clk(hw);

	writel(1, clk->reg + FOO_CLK_PWR);
	return 0;
}

static const struct clk_ops foo_clk_ops = {
	.prepare	= foo_clk_prepare,
	.enable		= foo_clk_enable,
	.disable	= foo_clk_disable,
};

int foo_clk_register(struct foo_clk *clk);
int foo_clk_register(struct foo_clk *clk)
{
	struct clk_init_data init = { .name = "foo", .ops = &foo_clk_ops };

	clk->hw.init = &init;
	return clk_hw_register(NULL, &clk->hw);
}
