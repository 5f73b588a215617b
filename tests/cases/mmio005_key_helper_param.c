/*
 * A register helper's offset parameter is every register: when the
 * caller's offset is an expression with no name (a vector's entry), the
 * write has no register key, so unrelated writes through the helper are
 * not one register.  Reduced from drivers/net/ethernet/atheros/alx:
 * hw.h alx_write_mem32(), hw.c alx_mask_msix() (a local `reg`),
 * called by alx_irq_enable()/alx_irq_disable() under alx->mtx and by
 * alx_poll() (NAPI) with no lock.  A named register keeps its key.
 */
/* rules: all */
/* args: --pedantic */	/* weak evidence by the default's bar (docs/rules/MMIO005.md) */
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/io.h>

#define ALX_MSIX_ENTRY_BASE		0x2000
#define PCI_MSIX_ENTRY_SIZE		16
#define PCI_MSIX_ENTRY_VECTOR_CTRL	12
#define ALX_IMR				0x1604

struct alx_hw {
	u8 __iomem *hw_addr;
};

struct alx_priv {
	struct alx_hw hw;
	struct mutex mtx;
};

static inline void alx_write_mem32(struct alx_hw *hw, u32 reg, u32 val)
{
	writel(val, hw->hw_addr + reg);
}

static void alx_mask_msix(struct alx_hw *hw, int index, bool mask)
{
	u32 reg, val;

	reg = ALX_MSIX_ENTRY_BASE + index * PCI_MSIX_ENTRY_SIZE +
		PCI_MSIX_ENTRY_VECTOR_CTRL;
	val = mask ? 1 : 0;
	alx_write_mem32(hw, reg, val);
	readl(hw->hw_addr);
}

void alx_irq_enable(struct alx_priv *alx)
{
	mutex_lock(&alx->mtx);
	alx_write_mem32(&alx->hw, ALX_IMR, 1);
	alx_mask_msix(&alx->hw, 0, false);
	alx_mask_msix(&alx->hw, 1, false);
	readl(alx->hw.hw_addr);
	mutex_unlock(&alx->mtx);
}

void alx_irq_disable(struct alx_priv *alx)
{
	mutex_lock(&alx->mtx);
	alx_write_mem32(&alx->hw, ALX_IMR, 0);
	alx_mask_msix(&alx->hw, 0, true);
	alx_mask_msix(&alx->hw, 1, true);
	readl(alx->hw.hw_addr);
	mutex_unlock(&alx->mtx);
}

void alx_poll(struct alx_priv *alx, int vec_idx)
{
	alx_mask_msix(&alx->hw, vec_idx, false);
}

void alx_poll_legacy(struct alx_priv *alx)
{
	alx_write_mem32(&alx->hw, ALX_IMR, 1); /* expect: MMIO005 */
}
