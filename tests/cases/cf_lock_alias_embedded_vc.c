/*
 * The virt-dma channel lock (drivers/dma/virt-dma.h: struct virt_dma_chan
 * embedded as `vc` in a driver's channel) spelled through a local and
 * through the container in one function.  Reduced from
 * drivers/dma/milbeaut-hdmac.c (Linux 6.1): milbeaut_hdmac_terminate_all()
 * takes spin_lock_irqsave(&vc->lock) with vc = to_virt_chan(chan) and
 * mc = to_milbeaut_hdmac_chan(vc) (container_of(vc, struct
 * milbeaut_hdmac_chan, vc)); milbeaut_hdmac_chan_pause() spells the same
 * lock mc->vc.lock.  Here each function mixes the two spellings (as a
 * driver writing `struct virt_dma_chan *vc = &mc->vc;` does), and the
 * unlock must release the lock taken: no MMIO007, and the relaxed
 * read-modify-write of DMACA before it is MMIO001 under contract, as in
 * the driver.  With a full writel() there is no finding.  When an early
 * return unlocks with the other spelling than the end of the function
 * (the last function), both paths release the one lock: before, the early
 * path kept it held and MMIO007 said the paths disagreed.
 */
/* args: --enable MMIO007 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define MLB_HDMAC_DMACA 0x0
#define MLB_HDMAC_EB BIT(31)
#define MLB_HDMAC_PB BIT(30)

struct dma_chan {
	int chan_id;
};

struct virt_dma_chan {
	struct dma_chan chan;
	spinlock_t lock;
};

struct milbeaut_hdmac_chan {
	struct virt_dma_chan vc;
	void __iomem *reg_ch_base;
	void *md;
};

static inline struct virt_dma_chan *to_virt_chan(struct dma_chan *chan)
{
	return container_of(chan, struct virt_dma_chan, chan);
}

static struct milbeaut_hdmac_chan *to_milbeaut_hdmac_chan(struct virt_dma_chan *vc)
{
	return container_of(vc, struct milbeaut_hdmac_chan, vc);
}

/* locked through the local, unlocked through the container */
int milbeaut_hdmac_terminate_all(struct dma_chan *chan)
{
	struct virt_dma_chan *vc = to_virt_chan(chan);
	struct milbeaut_hdmac_chan *mc = to_milbeaut_hdmac_chan(vc);
	unsigned long flags;
	u32 val;

	spin_lock_irqsave(&vc->lock, flags);
	val = readl_relaxed(mc->reg_ch_base + MLB_HDMAC_DMACA);
	val &= ~MLB_HDMAC_EB;
	writel_relaxed(val, mc->reg_ch_base + MLB_HDMAC_DMACA); /* expect: MMIO001@contract */
	spin_unlock_irqrestore(&mc->vc.lock, flags);
	return 0;
}

/* the reverse, with vc the address of the embedded channel */
int milbeaut_hdmac_chan_pause(struct milbeaut_hdmac_chan *mc)
{
	struct virt_dma_chan *vc = &mc->vc;
	u32 val;

	spin_lock(&mc->vc.lock);
	val = readl_relaxed(mc->reg_ch_base + MLB_HDMAC_DMACA);
	val |= MLB_HDMAC_PB;
	writel_relaxed(val, mc->reg_ch_base + MLB_HDMAC_DMACA); /* expect: MMIO001@contract */
	spin_unlock(&vc->lock);
	return 0;
}

/* full accessors: ordered before the unlock, nothing to report */
int milbeaut_hdmac_chan_resume(struct milbeaut_hdmac_chan *mc)
{
	struct virt_dma_chan *vc = &mc->vc;
	u32 val;

	spin_lock(&vc->lock);
	val = readl(mc->reg_ch_base + MLB_HDMAC_DMACA);
	val &= ~MLB_HDMAC_PB;
	writel(val, mc->reg_ch_base + MLB_HDMAC_DMACA);
	spin_unlock(&mc->vc.lock);
	return 0;
}

/* an early return spells the unlock through the container */
void milbeaut_hdmac_issue_pending(struct milbeaut_hdmac_chan *mc)
{
	struct virt_dma_chan *vc = &mc->vc;
	unsigned long flags;

	spin_lock_irqsave(&vc->lock, flags);
	if (mc->md) {
		spin_unlock_irqrestore(&mc->vc.lock, flags);
		return;
	}
	writel(MLB_HDMAC_EB, mc->reg_ch_base + MLB_HDMAC_DMACA);
	spin_unlock_irqrestore(&vc->lock, flags);
}
