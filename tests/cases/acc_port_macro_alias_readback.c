/*
 * On x86 (Debian's 6.1), inw() and outw() are object-like macros over the
 * functions __inw() and __outw() (<asm/shared/io.h>): the call the
 * compiler sees names a function the rules do not know, through a macro
 * that covers only its name.  They are still the port accessors: the
 * inw() below reads back the string write before the unlock.
 * Reduced from drivers/net/ethernet/3com/3c589_cs.c (Linux 6.1)
 * el3_start_xmit(): outw() the header, outsl() the packet, then
 * `if (inw(ioaddr + TX_FREE) <= 1536)` under priv->lock (before:
 * MMIO001 at the outsl() under every model that leaves string writes
 * unordered, the inw() unseen).
 */
/* models: contract,generic,every-write */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define TX_FIFO		0x00
#define EL3_CMD		0x0e
#define TX_FREE		0x0c
#define SetTxThreshold	(18 << 11)

struct el3_private {
	spinlock_t lock;
};

int el3_start_xmit(struct el3_private *priv, unsigned int ioaddr, const void *data, int len)
{
	unsigned long flags;

	spin_lock_irqsave(&priv->lock, flags);
	outw(len, ioaddr + TX_FIFO);
	outw(0x00, ioaddr + TX_FIFO);
	outsl(ioaddr + TX_FIFO, data, (len + 3) >> 2);
	if (inw(ioaddr + TX_FREE) <= 1536)
		outw(SetTxThreshold + 1536, ioaddr + EL3_CMD);
	spin_unlock_irqrestore(&priv->lock, flags);
	return 0;
}

void el3_fill_fifo(struct el3_private *priv, unsigned int ioaddr, const void *data, int len)
{
	unsigned long flags;

	spin_lock_irqsave(&priv->lock, flags);
	outw(len, ioaddr + TX_FIFO);
	outsl(ioaddr + TX_FIFO, data, (len + 3) >> 2); /* expect: MMIO001@contract,every-write */
	spin_unlock_irqrestore(&priv->lock, flags);
}
