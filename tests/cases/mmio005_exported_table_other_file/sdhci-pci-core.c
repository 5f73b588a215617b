/*
 * A table another file exports is one the slot's calls reach, even from
 * a file that fills the slot itself.  drivers/mmc/host/sdhci-pci-core.c
 * (Linux 6.1): sdhci_pci_suspend(), the system-sleep callback, calls
 * `chip->fixes->suspend(chip)`; this file fills `.suspend` in its own
 * tables (jmicron_suspend()), and sdhci-pci-gli.c fills it in
 * `const struct sdhci_pci_fixes sdhci_gl9763e`, declared extern in
 * sdhci-pci.h.  A file that stores into a slot used to call only its own
 * functions (tests/cases/ip_fnptr_slot_own_file/, two modules of one
 * directory), so gl9763e_suspend() had no caller and was judged as a
 * root: MMIO005 at sdhci-pci-gli.c:1109 (its sdhci_suspend_host() clears
 * INT_ENABLE without host->lock) and at 928 (gl9763e_add_host(), the
 * probe's `add_host`), WRONG: both run in setup paths.
 */
/* rules: all */
/* args: --pedantic */
#include "sdhci-pci.h"

int sdhci_suspend_host(struct sdhci_host *host)
{
	writel(0, host->ioaddr + SDHCI_INT_ENABLE);
	return 0;
}

static int jmicron_suspend(struct sdhci_pci_chip *chip)
{
	return sdhci_suspend_host(chip->host);
}

static const struct sdhci_pci_fixes sdhci_jmicron = {
	.suspend = jmicron_suspend,
};

const struct sdhci_pci_fixes *sdhci_pci_jmicron_fixes = &sdhci_jmicron;

static int sdhci_pci_suspend(struct device *dev)
{
	struct sdhci_pci_chip *chip = dev_get_drvdata(dev);

	if (!chip)
		return 0;
	if (chip->fixes && chip->fixes->suspend)
		return chip->fixes->suspend(chip);
	return sdhci_suspend_host(chip->host);
}

static int sdhci_pci_resume(struct device *dev)
{
	(void)dev;
	return 0;
}

const struct dev_pm_ops sdhci_pci_pm_ops = {
	.suspend = sdhci_pci_suspend,
	.resume = sdhci_pci_resume,
};

void sdhci_enable_sdio_irq(struct sdhci_host *host, u32 ier)
{
	unsigned long flags;

	spin_lock_irqsave(&host->lock, flags);
	writel(ier, host->ioaddr + SDHCI_INT_ENABLE);
	spin_unlock_irqrestore(&host->lock, flags);
}

void sdhci_set_card_detection(struct sdhci_host *host, u32 ier)
{
	unsigned long flags;

	spin_lock_irqsave(&host->lock, flags);
	writel(ier | 1, host->ioaddr + SDHCI_INT_ENABLE);
	spin_unlock_irqrestore(&host->lock, flags);
}

void sdhci_cqe_enable(struct sdhci_host *host)
{
	unsigned long flags;

	spin_lock_irqsave(&host->lock, flags);
	writel(4, host->ioaddr + SDHCI_INT_ENABLE);
	spin_unlock_irqrestore(&host->lock, flags);
}

void sdhci_start_tuning(struct sdhci_host *host)
{
	writel(2, host->ioaddr + SDHCI_INT_ENABLE); /* expect: MMIO005 */
}
