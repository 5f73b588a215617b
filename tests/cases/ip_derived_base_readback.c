/*
 * Reduced from drivers/dma/owl-dma.c (Linux 6.1): owl_dma_probe() sets
 * `pchan->base = od->base + OWL_DMA_CHAN_BASE(i)`, so a channel's registers
 * and the controller's are one device.  owl_dma_start_next_txfer() writes
 * the channel registers (pchan_writel(): through pchan->base) and the
 * controller's (dma_writel(): through od->base) under the virtual channel's
 * lock; here the last channel write is relaxed and then the controller's
 * IRQ status is read (dma_readl(od, OWL_DMA_IRQ_PD0)) before the unlock.
 * The two bases have different roots, which the analysis cannot tell
 * apart, so the read is credited as a read-back (before: MMIO001 under
 * contract).  Two fields of one root (od->base, od->aux) stay apart.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define OWL_DMA_CHAN_BASE(i) (0x1000 + (i) * 0x100)
#define OWL_DMAX_START 0x00
#define OWL_DMA_IRQ_PD0 0x00

struct owl_dma {
	void __iomem *base;
	void __iomem *aux;
	spinlock_t lock;
};

struct owl_dma_pchan {
	void __iomem *base;
	u32 id;
};

void owl_dma_probe_chan(struct owl_dma *od, struct owl_dma_pchan *pchan, int i)
{
	pchan->base = od->base + OWL_DMA_CHAN_BASE(i);
}

void owl_dma_start_next_txfer(struct owl_dma *od, struct owl_dma_pchan *pchan)
{
	unsigned long flags;

	spin_lock_irqsave(&od->lock, flags);
	writel_relaxed(0x1, pchan->base + OWL_DMAX_START);
	readl(od->base + OWL_DMA_IRQ_PD0);
	spin_unlock_irqrestore(&od->lock, flags);
}

void owl_dma_other_field(struct owl_dma *od)
{
	unsigned long flags;

	spin_lock_irqsave(&od->lock, flags);
	writel_relaxed(0x1, od->base + OWL_DMAX_START); /* expect: MMIO001@contract */
	readl(od->aux);
	spin_unlock_irqrestore(&od->lock, flags);
}
