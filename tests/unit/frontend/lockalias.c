/* One lock however it is spelled: aliasing locals and container_of
 * (analyzer/frontend/lockid.c, test_frontend_lower.c test_lock_alias). */
#include <linux/kernel.h>
#include <linux/spinlock.h>

struct virt_dma_chan {
	int chan;
	spinlock_t lock;
};

struct xchan {
	struct virt_dma_chan vc;
	struct xchan *next;
	struct udc *udc;
};

struct udc {
	spinlock_t lock;
};

static struct xchan *to_xchan(struct virt_dma_chan *vc)
{
	return container_of(vc, struct xchan, vc);
}

void take(struct virt_dma_chan *vc);

void names(struct xchan *xc, struct virt_dma_chan *pvc)
{
	struct virt_dma_chan *vc = &xc->vc;	/* xc->vc */
	struct udc *udc = xc->udc;		/* a copy: udc */
	spinlock_t *l = &vc->lock;		/* xc->vc.lock */
	struct xchan *up = to_xchan(pvc);	/* up->vc is *pvc */
	struct xchan *in = container_of(pvc, struct xchan, vc);

	spin_lock(&vc->lock);
	spin_lock(&udc->lock);
	spin_lock(l);
	spin_lock(&up->vc.lock);
	spin_lock(&in->vc.lock);
	take(vc);
}

void kept(struct xchan *xc)
{
	struct virt_dma_chan *vc = &xc->vc;
	struct virt_dma_chan *w = &xc->vc;

	xc = xc->next;		/* the root moved: vc stays vc */
	spin_lock(&vc->lock);
	w = &xc->next->vc;	/* stored twice: w stays w */
	spin_lock(&w->lock);
}
