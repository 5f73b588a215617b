/*
 * Two channels' virt-dma locks (drivers/dma/virt-dma.h's struct
 * virt_dma_chan embedded as `vc`, as in drivers/dma/milbeaut-hdmac.c)
 * stay two locks however they are spelled: the alias rewrite
 * (analyzer/frontend/lockid.c) follows a local only to the root it was
 * made from, and only while that root keeps its value.  In each function
 * the unlock is of another channel than the lock, so no section ends and
 * the relaxed write is not judged against it; joining the spellings would
 * pair them and report MMIO001 at the write.  The shape is the
 * read-modify-write of milbeaut_hdmac_chan_pause() (Linux 6.1).
 */
/* args: --enable MMIO007 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define MLB_HDMAC_DMACA 0x0
#define MLB_HDMAC_PB BIT(30)

struct virt_dma_chan {
	spinlock_t lock;
};

struct milbeaut_hdmac_chan {
	struct virt_dma_chan vc;
	void __iomem *reg_ch_base;
	struct milbeaut_hdmac_chan *next;
};

/* a's lock through an alias, b's unlock through its container */
void hdmac_two_chans(struct milbeaut_hdmac_chan *a, struct milbeaut_hdmac_chan *b)
{
	struct virt_dma_chan *va = &a->vc;

	spin_lock(&va->lock);
	writel_relaxed(readl_relaxed(a->reg_ch_base + MLB_HDMAC_DMACA) | MLB_HDMAC_PB,
		       a->reg_ch_base + MLB_HDMAC_DMACA);
	spin_unlock(&b->vc.lock);
}

/* the alias was made from mc, and mc is another channel at the unlock */
void hdmac_next_chan(struct milbeaut_hdmac_chan *mc)
{
	struct virt_dma_chan *vc = &mc->vc;

	spin_lock(&vc->lock);
	writel_relaxed(readl_relaxed(mc->reg_ch_base + MLB_HDMAC_DMACA) | MLB_HDMAC_PB,
		       mc->reg_ch_base + MLB_HDMAC_DMACA);
	mc = mc->next;
	spin_unlock(&mc->vc.lock);
}
