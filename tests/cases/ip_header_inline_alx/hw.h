/*
 * The register helpers of drivers/net/ethernet/atheros/alx/hw.h: static
 * inline functions over writel()/readl(), and alx_post_write(), a read
 * that flushes the writes before it.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/io.h>

#define ALX_ISR			0x1600
#define ALX_ISR_DIS		0x80000000
#define ALX_IMR			0x1604
#define ALX_RXQ0		0x15A0
#define ALX_RXQ0_EN		0x80000000
#define ALX_MAC_CTRL		0x1480
#define ALX_MAC_CTRL_TX_EN	0x1

struct alx_hw {
	u8 __iomem *hw_addr;
	u32 rx_ctrl;
};

static inline void alx_write_mem32(struct alx_hw *hw, u32 reg, u32 val)
{
	writel(val, hw->hw_addr + reg);
}

static inline u32 alx_read_mem32(struct alx_hw *hw, u32 reg)
{
	return readl(hw->hw_addr + reg);
}

static inline void alx_post_write(struct alx_hw *hw)
{
	readl(hw->hw_addr);
}

void alx_start_mac(struct alx_hw *hw);
