/*
 * A raw write hidden in a driver macro stays raw (no ordering even on
 * powerpc): reduced from drivers/net/ethernet/cirrus/ep93xx_eth.c
 * ep93xx_poll(), whose wrl() is __raw_writel(), x86's __writel().
 */
/* models: contract,generic,ppc64-legacy */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

struct ep93xx_priv {
	void __iomem *base_addr;
	spinlock_t rx_lock;
};

#define wrl(ep, off, val)	__raw_writel((val), (ep)->base_addr + (off))
#define REG_INTEN		0x0024
#define REG_INTEN_TX		0x00000008
#define REG_INTEN_RX		0x00000007

void ep93xx_poll_done(struct ep93xx_priv *ep)
{
	spin_lock_irq(&ep->rx_lock);
	wrl(ep, REG_INTEN, REG_INTEN_TX | REG_INTEN_RX); /* expect: MMIO001 */
	spin_unlock_irq(&ep->rx_lock);
}
