/*
 * One lock spelled two ways in one function, reduced from
 * drivers/usb/gadget/udc/atmel_usba_udc.c (Linux 6.1) usba_ep_enable():
 * `struct usba_udc *udc = ep->udc;`, then spin_lock_irqsave(&ep->udc->lock)
 * and, after the endpoint's relaxed register writes (usba_ep_writel() and
 * usba_int_enb_set() are writel_relaxed()), spin_unlock_irqrestore(&udc->lock).
 * A copied pointer is not followed as an alias (analyzer/frontend/lockid.c):
 * the two names share the type path "struct usba_udc::lock", and the
 * release is matched by it (udc is a local, not a second parameter): no
 * MMIO007, and the relaxed writes before the unlock are MMIO001 under
 * contract: one finding for the one unlock, named at the else arm's
 * write (the last in program order) and listing the writes of both arms
 * (the paths meet with the same lock held: engine.c, join_into()).
 */
/* args: --enable MMIO007 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define USBA_EPT_CFG 0x00
#define USBA_EPT_CTL_ENB 0x04
#define USBA_INT_ENB 0x10

struct usba_udc {
	spinlock_t lock;
	void __iomem *regs;
	u32 int_enb_cache;
};

struct usba_ep {
	void __iomem *ep_regs;
	struct usba_udc *udc;
	unsigned long ept_cfg;
	unsigned int index;
	int can_dma;
};

static inline void usba_int_enb_set(struct usba_udc *udc, u32 mask)
{
	u32 val;

	val = udc->int_enb_cache | mask;
	writel_relaxed(val, udc->regs + USBA_INT_ENB);
	udc->int_enb_cache = val;
}

int usba_ep_enable(struct usba_ep *ep)
{
	struct usba_udc *udc = ep->udc;
	unsigned long flags;

	spin_lock_irqsave(&ep->udc->lock, flags);
	writel_relaxed(ep->ept_cfg, ep->ep_regs + USBA_EPT_CFG);
	writel_relaxed(1, ep->ep_regs + USBA_EPT_CTL_ENB);
	if (ep->can_dma) {
		usba_int_enb_set(udc, 1u << ep->index);
		writel_relaxed(0x3, ep->ep_regs + USBA_EPT_CTL_ENB);
	} else {
		usba_int_enb_set(udc, 1u << ep->index); /* expect: MMIO001@contract */
	}
	spin_unlock_irqrestore(&udc->lock, flags);
	return 0;
}
