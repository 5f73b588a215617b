/*
 * A lock taken inside a function the driver's own macro defines:
 * drivers/net/ethernet/3com/3c59x.c (Linux 6.1) DEFINE_WINDOW_IO(16)
 * makes window_read16(), which takes vp->window_lock around
 * window_set()'s iowrite16(SelectWindow + w, ioaddr + EL3_CMD); the
 * timer vortex_timer() calls it, and the mdio helpers write EL3_CMD
 * under mii_lock.  A function a macro defines was taken for a kernel
 * macro's (DEF_SCSI_QCMD), whose locks are the framework's context, not
 * the driver's: the site in vortex_timer() was judged holding no driver
 * lock, and MMIO005 passed its strong bar (before: MMIO005 at
 * 3c59x.c:1799 and 1819 in the default output).  A macro the file
 * defines itself makes the driver's own code: the site holds
 * window_lock, which is not "holding no lock", so --enable MMIO005
 * (strong evidence) reports nothing.
 */
/* models: contract */
/* args: --enable MMIO005 */
/* rules: MMIO005 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <linux/timer.h>

struct vortex_private {
	struct timer_list timer;
	void __iomem *ioaddr;
	spinlock_t window_lock;
	int window;
};

static void window_set(struct vortex_private *vp, int window)
{
	if (window != vp->window) {
		iowrite16(0x800 + window, vp->ioaddr + 0x0e);
		vp->window = window;
	}
}

#define DEFINE_WINDOW_IO(size)						\
static u ## size							\
window_read ## size(struct vortex_private *vp, int window, int addr)	\
{									\
	unsigned long flags;						\
	u ## size ret;							\
	spin_lock_irqsave(&vp->window_lock, flags);			\
	window_set(vp, window);						\
	ret = ioread ## size(vp->ioaddr + addr);			\
	spin_unlock_irqrestore(&vp->window_lock, flags);		\
	return ret;							\
}
DEFINE_WINDOW_IO(16)

static void vortex_timer(struct timer_list *t)
{
	struct vortex_private *vp = from_timer(vp, t, timer);

	window_read16(vp, 4, 0x0a);
}

void vortex_up(struct vortex_private *vp)
{
	timer_setup(&vp->timer, vortex_timer, 0);
}

void mdio_a(struct vortex_private *vp, spinlock_t *mii)
{
	spin_lock_bh(mii);
	window_set(vp, 4);
	spin_unlock_bh(mii);
}

void mdio_b(struct vortex_private *vp, spinlock_t *mii)
{
	spin_lock_bh(mii);
	window_set(vp, 4);
	window_set(vp, 3);
	spin_unlock_bh(mii);
}
