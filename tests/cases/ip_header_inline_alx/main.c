/*
 * Header inline writes under alx->mtx: reduced from
 * drivers/net/ethernet/atheros/alx/main.c.  alx_irq_disable() reads back
 * (alx_post_write()) after its writes, so alx_reset()'s section is
 * ordered; alx_check_link() ends the section with alx_start_mac()'s
 * write of ALX_MAC_CTRL (MMIO006), after an irq_lock section that its
 * unlock orders.
 */
#include "hw.h"

struct alx_priv {
	struct alx_hw hw;
	struct mutex mtx;
	spinlock_t irq_lock;
	u32 int_mask;
};

static void alx_irq_disable(struct alx_priv *alx)
{
	struct alx_hw *hw = &alx->hw;

	alx_write_mem32(hw, ALX_ISR, ALX_ISR_DIS);
	alx_write_mem32(hw, ALX_IMR, 0);
	alx_post_write(hw);
}

void alx_reset(struct alx_priv *alx)
{
	mutex_lock(&alx->mtx);
	alx_irq_disable(alx);
	mutex_unlock(&alx->mtx);
}

void alx_check_link(struct alx_priv *alx)
{
	struct alx_hw *hw = &alx->hw;
	unsigned long flags;

	mutex_lock(&alx->mtx);
	spin_lock_irqsave(&alx->irq_lock, flags);
	alx->int_mask |= 0x10;
	alx_write_mem32(hw, ALX_IMR, alx->int_mask);
	spin_unlock_irqrestore(&alx->irq_lock, flags);
	alx_start_mac(hw); /* expect: MMIO006 */
	mutex_unlock(&alx->mtx);
}
