/*
 * Weak evidence, shown with --pedantic: CQHCI_IS is written with
 * host->lock held only in one function (sdhci_irq(), twice), and the
 * unlocked write, in cqhci_recovery_finish(), is in a callback, no
 * kernel entry point: it is reported only with
 * --pedantic (the same code as mmio005_weak_one_function.c, where it is
 * not shown).
 * Reduced from drivers/mmc/host/cqhci-core.c cqhci_recovery_finish(),
 * which clears the write-1-to-clear CQHCI_IS after a recovery, and
 * cqhci_irq(), which the sdhci host drivers' irq hooks call from
 * sdhci_irq() (drivers/mmc/host/sdhci.c) under sdhci's own host->lock:
 * a lock cqhci knows nothing of, not the register's discipline (Linux 6.1
 * triage, docs/triage-linux-6.1.md, WRONG).  The driver's cqhci_writel()
 * is writel_relaxed(), which is MMIO001's business, not this case's.
 */
/* rules: MMIO005 */
/* args: --pedantic */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define CQHCI_IS	0x10
#define CQHCI_IS_HAC	0x02
#define CQHCI_IS_TCL	0x08

struct cqhci_host {
	void __iomem *mmio;
	spinlock_t lock;
};

struct sdhci_host {
	spinlock_t lock;
	struct cqhci_host *cq_host;
	int cqe_on;
};

static inline void cqhci_writel(struct cqhci_host *host, u32 val, int reg)
{
	writel(val, host->mmio + reg);
}

static inline u32 cqhci_readl(struct cqhci_host *host, int reg)
{
	return readl(host->mmio + reg);
}

static u32 cqhci_irq(struct cqhci_host *cq_host)
{
	u32 status = cqhci_readl(cq_host, CQHCI_IS);

	cqhci_writel(cq_host, status, CQHCI_IS);
	return status;
}

int sdhci_irq(int irq, void *dev_id)
{
	struct sdhci_host *host = dev_id;
	u32 status;

	spin_lock(&host->lock);
	if (host->cqe_on)
		status = cqhci_irq(host->cq_host);
	else
		status = cqhci_irq(host->cq_host) & CQHCI_IS_TCL;
	spin_unlock(&host->lock);
	return status != 0;
}

void cqhci_recovery_finish(struct cqhci_host *cq_host)
{
	cqhci_writel(cq_host, CQHCI_IS_HAC | CQHCI_IS_TCL, CQHCI_IS); /* expect: MMIO005 */
}
