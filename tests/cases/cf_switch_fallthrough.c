/*
 * switch with fallthrough inside a section.
 * RESET: relaxed CTRL, falls through to START: writel CTRL (same device)
 *   covers it -> ordered.
 * START: writel -> ordered.
 * KICK: relaxed DB, break -> escapes -> MMIO001@contract on the KICK line.
 * default: nothing.  ppc64-legacy: every write sets io_sync -> no finding.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#ifndef fallthrough
#define fallthrough __attribute__((__fallthrough__))
#endif

#define FOO_CTRL	0x00
#define FOO_DB		0x40

enum foo_cmd { FOO_CMD_RESET, FOO_CMD_START, FOO_CMD_KICK, FOO_CMD_NOP };

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
};

void foo_control(struct foo_priv *priv, enum foo_cmd cmd, u32 arg)
{
	spin_lock(&priv->lock);
	switch (cmd) {
	case FOO_CMD_RESET:
		writel_relaxed(0, priv->regs + FOO_CTRL);
		fallthrough;
	case FOO_CMD_START:
		writel(1, priv->regs + FOO_CTRL);
		break;
	case FOO_CMD_KICK:
		writel_relaxed(arg, priv->regs + FOO_DB); /* expect: MMIO001@contract */
		break;
	default:
		break;
	}
	spin_unlock(&priv->lock);
}
