/*
 * A helper that takes or drops the virt-dma channel lock of its parameter
 * (drivers/dma/virt-dma.h's helpers all spell it vc->lock) and a caller
 * that spells the same lock through its container.  The callers are
 * reduced from drivers/dma/milbeaut-hdmac.c (Linux 6.1)
 * milbeaut_hdmac_chan_pause() and milbeaut_hdmac_chan_resume() (relaxed
 * read-modify-write of DMACA under mc->vc.lock); the lock is moved into
 * hdmac_lock()/hdmac_unlock() to show the split.  The helper's
 * "vc->lock" becomes the caller's name for the argument: "mc->vc.lock"
 * for `&mc->vc` or a local vc = &mc->vc, and "vc->lock" for vc =
 * to_virt_chan(chan), which mc->vc.lock is too when mc =
 * to_milbeaut_hdmac_chan(vc).  Every pair matches: no MMIO007, and the
 * relaxed write before the release is MMIO001 under contract.
 */
/* args: --enable MMIO007 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define MLB_HDMAC_DMACA 0x0
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
};

static inline struct virt_dma_chan *to_virt_chan(struct dma_chan *chan)
{
	return container_of(chan, struct virt_dma_chan, chan);
}

static struct milbeaut_hdmac_chan *to_milbeaut_hdmac_chan(struct virt_dma_chan *vc)
{
	return container_of(vc, struct milbeaut_hdmac_chan, vc);
}

static void hdmac_lock(struct virt_dma_chan *vc)
{
	spin_lock(&vc->lock);
}

static void hdmac_unlock(struct virt_dma_chan *vc)
{
	spin_unlock(&vc->lock);
}

/* the helper locks through a local alias, the caller unlocks the container */
int milbeaut_hdmac_chan_pause(struct milbeaut_hdmac_chan *mc)
{
	struct virt_dma_chan *vc = &mc->vc;
	u32 val;

	hdmac_lock(vc);
	val = readl_relaxed(mc->reg_ch_base + MLB_HDMAC_DMACA);
	val |= MLB_HDMAC_PB;
	writel_relaxed(val, mc->reg_ch_base + MLB_HDMAC_DMACA); /* expect: MMIO001@contract */
	spin_unlock(&mc->vc.lock);
	return 0;
}

/* through to_virt_chan() and back down with to_milbeaut_hdmac_chan() */
int milbeaut_hdmac_chan_pause_op(struct dma_chan *chan)
{
	struct virt_dma_chan *vc = to_virt_chan(chan);
	struct milbeaut_hdmac_chan *mc = to_milbeaut_hdmac_chan(vc);
	u32 val;

	hdmac_lock(vc);
	val = readl_relaxed(mc->reg_ch_base + MLB_HDMAC_DMACA);
	val |= MLB_HDMAC_PB;
	writel_relaxed(val, mc->reg_ch_base + MLB_HDMAC_DMACA); /* expect: MMIO001@contract */
	spin_unlock(&mc->vc.lock);
	return 0;
}

/* the caller locks the container, the helper unlocks through the alias */
int milbeaut_hdmac_chan_resume(struct milbeaut_hdmac_chan *mc)
{
	struct virt_dma_chan *vc = &mc->vc;
	u32 val;

	spin_lock(&mc->vc.lock);
	val = readl_relaxed(mc->reg_ch_base + MLB_HDMAC_DMACA);
	val &= ~MLB_HDMAC_PB;
	writel_relaxed(val, mc->reg_ch_base + MLB_HDMAC_DMACA); /* expect: MMIO001@contract */
	hdmac_unlock(vc);
	return 0;
}

/* full accessors between a helper's lock and the caller's unlock */
int milbeaut_hdmac_chan_resume_full(struct milbeaut_hdmac_chan *mc)
{
	struct virt_dma_chan *vc = &mc->vc;
	u32 val;

	hdmac_lock(vc);
	val = readl(mc->reg_ch_base + MLB_HDMAC_DMACA);
	writel(val & ~MLB_HDMAC_PB, mc->reg_ch_base + MLB_HDMAC_DMACA);
	spin_unlock(&mc->vc.lock);
	return 0;
}
