/*
 * foo_irq.c: ack with writel under the lock -> ordered; mmiowb() left after
 * the unlock -> MMIO004 (both models).
 */
#include "foo.h"

void foo_ack(struct foo_priv *priv, u32 isr)
{
	spin_lock(&priv->lock);
	writel(isr, priv->regs + FOO_ISR);
	spin_unlock(&priv->lock);
	mmiowb(); /* expect: MMIO004 */
}
