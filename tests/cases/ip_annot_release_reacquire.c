/*
 * `__releases(x) __acquires(x)` on one function: it drops the lock and
 * takes it back, so the lock is held on entry and on every return, as
 * __must_hold(x) says.  drivers/mmc/host/sdhci.c sdhci_send_command_retry()
 * (Linux 6.1) unlocks host->lock to sleep between tries and locks it again;
 * read as a release alone, each of its returns "kept" the lock (MMIO007 in
 * the 6.1 triage, as for bnx2_setup_serdes_phy(), qla2x00_abort_srb() and
 * tg3_irq_quiesce()).  A return on which the lock is not taken back still
 * breaks the pair; its caller, as any caller, trusts the annotation.
 */
/* rules: MMIO007 */
/* args: --enable MMIO007 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/delay.h>
#include <linux/spinlock.h>
#include <linux/io.h>

struct sdhci_host {
	void __iomem *ioaddr;
	spinlock_t lock;
	int present;
};

static bool sdhci_send_command(struct sdhci_host *host)
{
	if (readl(host->ioaddr + 0x24) & 1)
		return false;
	writel(1, host->ioaddr + 0x0e);
	return true;
}

static bool sdhci_send_command_retry(struct sdhci_host *host, unsigned long flags)
	__releases(host->lock)
	__acquires(host->lock)
{
	int timeout = 10;

	while (!sdhci_send_command(host)) {
		if (!timeout--)
			return false;
		spin_unlock_irqrestore(&host->lock, flags);
		usleep_range(1000, 1250);
		spin_lock_irqsave(&host->lock, flags);
		if (!host->present)
			return false;
	}
	return true;
}

/* The same pair, but one return leaves the lock dropped. */
static bool foo_retry_broken(struct sdhci_host *host, unsigned long flags)
	__releases(host->lock)
	__acquires(host->lock)
{
	spin_unlock_irqrestore(&host->lock, flags);
	usleep_range(1000, 1250);
	if (!host->present)
		return false; /* expect: MMIO007 */
	spin_lock_irqsave(&host->lock, flags);
	return true;
}

void sdhci_request(struct sdhci_host *host)
{
	unsigned long flags;

	spin_lock_irqsave(&host->lock, flags);
	sdhci_send_command_retry(host, flags);
	spin_unlock_irqrestore(&host->lock, flags);
}

void foo_request(struct sdhci_host *host)
{
	unsigned long flags;

	spin_lock_irqsave(&host->lock, flags);
	foo_retry_broken(host, flags);	/* the contract is trusted here */
	spin_unlock_irqrestore(&host->lock, flags);
}
