/*
 * A small, correct 5.2+ NIC driver: probe writes without locks, the interrupt
 * handler acks with writel under the lock after reading status, xmit rings a
 * writel doorbell after relaxed descriptor writes to the same BAR, the
 * mutex-protected firmware command reads back to flush.  No finding.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/io.h>
#include <linux/interrupt.h>
#include <asm/barrier.h>

#define FOO_CTRL	0x00
#define FOO_ISR		0x10
#define FOO_IMR		0x14
#define FOO_TXD(i)	(0x100 + 8 * (i))
#define FOO_TX_TAIL	0x1f0
#define FOO_FW_CMD	0x500
#define FOO_FW_STS	0x504

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
	struct mutex fw_lock;
	u32 tx_tail;
	u32 events;
};

int foo_probe(struct foo_priv *priv)
{
	writel(0, priv->regs + FOO_IMR);
	writel(1, priv->regs + FOO_CTRL);
	spin_lock_init(&priv->lock);
	mutex_init(&priv->fw_lock);
	return 0;
}

irqreturn_t foo_isr(int irq, void *data)
{
	struct foo_priv *priv = data;
	u32 isr;

	spin_lock(&priv->lock);
	isr = readl(priv->regs + FOO_ISR);
	if (!isr) {
		spin_unlock(&priv->lock);
		return IRQ_NONE;
	}
	priv->events |= isr;
	writel(isr, priv->regs + FOO_ISR);
	spin_unlock(&priv->lock);
	return IRQ_HANDLED;
}

int foo_xmit(struct foo_priv *priv, u32 dma, u32 len)
{
	unsigned long flags;
	u32 i;

	spin_lock_irqsave(&priv->lock, flags);
	i = priv->tx_tail & 15;
	writel_relaxed(dma, priv->regs + FOO_TXD(i));
	writel_relaxed(len, priv->regs + FOO_TXD(i) + 4);
	priv->tx_tail++;
	writel(priv->tx_tail, priv->regs + FOO_TX_TAIL);
	spin_unlock_irqrestore(&priv->lock, flags);
	return 0;
}

u32 foo_fw_cmd(struct foo_priv *priv, u32 cmd)
{
	u32 sts;

	mutex_lock(&priv->fw_lock);
	writel(cmd, priv->regs + FOO_FW_CMD);
	sts = readl(priv->regs + FOO_FW_STS);
	mutex_unlock(&priv->fw_lock);
	return sts;
}
