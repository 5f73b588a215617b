/* The GL9763E's fixes, drivers/mmc/host/sdhci-pci-gli.c: a global table
 * whose `.suspend` runs only from sdhci_pci_suspend(). */
/* rules: all */
#include "sdhci-pci.h"

static int gl9763e_suspend(struct sdhci_pci_chip *chip)
{
	return sdhci_suspend_host(chip->host);
}

const struct sdhci_pci_fixes sdhci_gl9763e = {
	.suspend = gl9763e_suspend,
};
