/*
 * A write counts once for a lock, however many ways the analysis reaches
 * it.
 *
 * Reduced from cqhci's CQHCI_IS (drivers/mmc/host, Linux 6.1):
 * sdhci_irq() calls host->ops->irq under host->lock; the glue drivers'
 * irq hooks (sdhci_arasan_cqhci_irq(), sdhci_brcmstb_cqhci_irq(), ...)
 * each call cqhci_irq(), which acknowledges CQHCI_IS.  Each hook the slot
 * resolves to reached the same write at the same call, and each counted:
 * "held at the other 2 writes of it", two identical notes, and MMIO005 at
 * cqhci_recovery_finish()'s unlocked write (cqhci-core.c:1114), WRONG.
 * That is one locked write, too few to say the lock protects the
 * register.
 */
/* models: contract */
/* rules: MMIO005 */
/* args: --pedantic */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define CQHCI_IS	0x10

struct cqhci_host {
	void __iomem *mmio;
};

struct sdhci_host;

struct sdhci_ops {
	u32 (*irq)(struct sdhci_host *host, u32 intmask);
};

struct sdhci_host {
	spinlock_t lock;
	const struct sdhci_ops *ops;
	struct cqhci_host *cq_host;
};

static void cqhci_writel(struct cqhci_host *host, u32 val, int reg)
{
	writel(val, host->mmio + reg);
}

void cqhci_irq(struct cqhci_host *cq_host, u32 status)
{
	cqhci_writel(cq_host, status, CQHCI_IS);
}

static u32 sdhci_arasan_cqhci_irq(struct sdhci_host *host, u32 intmask)
{
	cqhci_irq(host->cq_host, intmask);
	return 0;
}

static u32 sdhci_brcmstb_cqhci_irq(struct sdhci_host *host, u32 intmask)
{
	cqhci_irq(host->cq_host, intmask);
	return 0;
}

const struct sdhci_ops sdhci_arasan_cqe_ops = {
	.irq = sdhci_arasan_cqhci_irq,
};

const struct sdhci_ops sdhci_brcmstb_ops = {
	.irq = sdhci_brcmstb_cqhci_irq,
};

void sdhci_irq(struct sdhci_host *host, u32 intmask)
{
	unsigned long flags;

	spin_lock_irqsave(&host->lock, flags);
	if (host->ops->irq)
		intmask = host->ops->irq(host, intmask);
	spin_unlock_irqrestore(&host->lock, flags);
}

void cqhci_recovery_finish(struct cqhci_host *cq_host)
{
	cqhci_writel(cq_host, 3, CQHCI_IS);
}
