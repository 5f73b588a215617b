/* struct sdhci_pci_fixes and the chip, drivers/mmc/host/sdhci-pci.h
 * (Linux 6.1), reduced: each chip's fixes table is a global other files
 * of the module name (the id table in sdhci-pci-core.c). */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <linux/pm.h>

#define SDHCI_INT_ENABLE	0x34

struct sdhci_host {
	void __iomem *ioaddr;
	spinlock_t lock;
};

struct sdhci_pci_chip;

struct sdhci_pci_fixes {
	int (*suspend)(struct sdhci_pci_chip *);
	int (*resume)(struct sdhci_pci_chip *);
};

struct sdhci_pci_chip {
	const struct sdhci_pci_fixes *fixes;
	struct sdhci_host *host;
};

extern const struct sdhci_pci_fixes sdhci_gl9763e;

int sdhci_suspend_host(struct sdhci_host *host);
