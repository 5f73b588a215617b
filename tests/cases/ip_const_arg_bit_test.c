/*
 * A helper's bit test of a flags parameter, decided by the caller's
 * constant: drivers/net/ethernet/amazon/ena/ena_netdev.c (Linux 6.1)
 * ena_xdp_execute() takes xdp_ring->xdp_tx_lock around
 * ena_xdp_xmit_frame(xdp_ring, dev, xdpf, XDP_XMIT_FLUSH), which copies
 * the descriptor into the LLQ bar (__iowrite64_copy, raw) and then, `if
 * (flags & XDP_XMIT_FLUSH)`, rings the doorbell with writel(): the
 * pending flag it sets makes the unlock order the copy too.  The test
 * inside `flags & F` kept both arms (before: MMIO001 on powerpc and riscv
 * at ena_netdev.c:406).  ena_xdp_xmit() passes its own flags, a value
 * known at run time: both arms stay, and the copy without the doorbell
 * is reported there.
 */
/* models: generic */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define XDP_XMIT_FLUSH		(1U << 0)

struct ena_ring {
	spinlock_t xdp_tx_lock;
	void __iomem *llq_bar;
	void __iomem *db_addr;
	u16 tail;
};

static int ena_xdp_xmit_frame(struct ena_ring *xdp_ring, const u64 *desc, int flags)
{
	__iowrite64_copy(xdp_ring->llq_bar, desc, 4);
	xdp_ring->tail++;
	if (flags & XDP_XMIT_FLUSH)
		writel(xdp_ring->tail, xdp_ring->db_addr);
	return 0;
}

int ena_xdp_execute(struct ena_ring *xdp_ring, const u64 *desc)
{
	int rc;

	spin_lock(&xdp_ring->xdp_tx_lock);
	rc = ena_xdp_xmit_frame(xdp_ring, desc, XDP_XMIT_FLUSH);
	spin_unlock(&xdp_ring->xdp_tx_lock);
	return rc;
}

int ena_xdp_xmit(struct ena_ring *xdp_ring, const u64 *desc, u32 flags)
{
	int rc;

	spin_lock(&xdp_ring->xdp_tx_lock);
	rc = ena_xdp_xmit_frame(xdp_ring, desc, flags); /* expect: MMIO001 */
	spin_unlock(&xdp_ring->xdp_tx_lock);
	return rc;
}
