/*
 * A PCI configuration access is non-posted: it completes only after the
 * CPU's earlier writes to the same function have reached it, as a read-back
 * does.  drivers/net/ethernet/broadcom/tg3.c (Linux 6.1): tg3_mdio_read()
 * holds tp->lock, __tg3_readphy() takes the APE PHY lock with
 * tg3_ape_write32() (a writel() to the APE BAR) and then writes MAC_MI_COM
 * with tw32_f(), which on 5700/5701 PCI-X parts is
 * tg3_write_indirect_reg32(): spin_lock_irqsave(&tp->indirect_lock) and two
 * pci_write_config_dword().  Under ppc64-legacy the nested acquire clears
 * io_sync after the APE write, but the configuration writes inside it
 * cannot pass that write and wait for their completion: no MMIO002 (it
 * was 8 rows of tg3 on Linux 6.1, judged WRONG).  Without a configuration
 * access in the nested section (foo_kick_stats) the escape stays.
 */
/* models: contract,generic,ppc64-legacy */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <linux/pci.h>

#define TG3PCI_REG_BASE_ADDR	0x00000078
#define TG3PCI_REG_DATA		0x00000080
#define TG3_APE_PER_LOCK_REQ	0x8400
#define MAC_MI_COM		0x0000044c

struct tg3 {
	void __iomem *regs;
	void __iomem *aperegs;
	struct pci_dev *pdev;
	spinlock_t lock;
	spinlock_t indirect_lock;
	u64 kicks;
};

static void tg3_ape_write32(struct tg3 *tp, u32 off, u32 val)
{
	writel(val, tp->aperegs + off);
}

static void tg3_write_indirect_reg32(struct tg3 *tp, u32 off, u32 val)
{
	unsigned long flags;

	spin_lock_irqsave(&tp->indirect_lock, flags);
	pci_write_config_dword(tp->pdev, TG3PCI_REG_BASE_ADDR, off);
	pci_write_config_dword(tp->pdev, TG3PCI_REG_DATA, val);
	spin_unlock_irqrestore(&tp->indirect_lock, flags);
}

int tg3_mdio_read(struct tg3 *tp, u32 frame)
{
	spin_lock_bh(&tp->lock);
	tg3_ape_write32(tp, TG3_APE_PER_LOCK_REQ, 1);
	tg3_write_indirect_reg32(tp, MAC_MI_COM, frame);
	spin_unlock_bh(&tp->lock);
	return 0;
}

/* The same nesting with no configuration access in it. */
void foo_kick_stats(struct tg3 *tp)
{
	unsigned long flags;

	spin_lock_bh(&tp->lock);
	writel(1, tp->aperegs + TG3_APE_PER_LOCK_REQ); /* expect: MMIO002@ppc64-legacy */
	spin_lock_irqsave(&tp->indirect_lock, flags);
	tp->kicks++;
	spin_unlock_irqrestore(&tp->indirect_lock, flags);
	spin_unlock_bh(&tp->lock);
}
