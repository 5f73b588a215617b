/*
 * One register written through two driver macros is one register: the
 * key is the offset the driver wrote at the call (IntrStatus), not the
 * text of the macro call.  Reduced from
 * drivers/net/ethernet/realtek/8139cp.c: cp_interrupt() and
 * cp_tx_timeout() write IntrStatus with cpw16() under cp->lock,
 * cp_stop_hw() with cpw16_f(); cp_poll_done() (reduced from cp_rx_poll(),
 * here without the lock) writes it with cpw16_f() unlocked.
 */
/* rules: all */
/* args: --pedantic */	/* weak evidence by the default's bar (docs/rules/MMIO005.md) */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

enum {
	IntrMask	= 0x3C,
	IntrStatus	= 0x3E,
};

struct cp_private {
	void __iomem *regs;
	spinlock_t lock;
};

#define cpr16(reg)	readw(cp->regs + (reg))
#define cpw16(reg,val)	writew((val), cp->regs + (reg))
#define cpw16_f(reg,val) do {			\
	writew((val), cp->regs + (reg));	\
	readw(cp->regs + (reg));		\
	} while (0)

void cp_interrupt(struct cp_private *cp)
{
	u16 status;

	spin_lock(&cp->lock);
	status = cpr16(IntrStatus);
	cpw16(IntrStatus, status & ~0x3);
	spin_unlock(&cp->lock);
}

void cp_tx_timeout(struct cp_private *cp)
{
	unsigned long flags;

	spin_lock_irqsave(&cp->lock, flags);
	cpw16(IntrStatus, ~(cpr16(IntrStatus)));
	cpw16_f(IntrMask, 0);
	spin_unlock_irqrestore(&cp->lock, flags);
}

void cp_poll_done(struct cp_private *cp)
{
	cpw16_f(IntrStatus, 0x3); /* expect: MMIO005 */
}
