/*
 * An sdhci glue driver's probe_slot hook runs before the mmc host is
 * added: no request, tuning or interrupt can run yet, so its writes are
 * setup writes, like probe's ("sdhci-host-setup", a setup path).
 *
 * Reduced from gli_probe_slot_gl9750() -> sdhci_enable_v4_mode()
 * (drivers/mmc/host/sdhci-pci-gli.c, sdhci.c, Linux 6.1): it sets the v4
 * bit in HOST_CONTROL2, which the request path rewrites under host->lock
 * (sdhci_config_dma()).  It was MMIO005 "without host->lock" at
 * sdhci-pci-gli.c:747, 759 and 1147 (LETTER: sdhci_pci_probe_slot()
 * calls it before sdhci_add_host()).  amd_set_ios(), a runtime callback,
 * is still a site without the lock.
 */
/* models: contract */
/* rules: MMIO005 */
/* args: --pedantic */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define SDHCI_HOST_CONTROL2	0x3E
#define SDHCI_CTRL_V4_MODE	0x1000
#define SDHCI_CTRL_64BIT_ADDR	0x2000
#define SDHCI_CTRL_TUNED_CLK	0x0080

struct sdhci_host {
	spinlock_t lock;
	void __iomem *ioaddr;
};

struct sdhci_pci_slot {
	struct sdhci_host *host;
};

struct sdhci_pci_fixes {
	int (*probe_slot)(struct sdhci_pci_slot *slot);
};

static void sdhci_enable_v4_mode(struct sdhci_host *host)
{
	u16 ctrl2 = readw(host->ioaddr + SDHCI_HOST_CONTROL2);

	writew(ctrl2 | SDHCI_CTRL_V4_MODE, host->ioaddr + SDHCI_HOST_CONTROL2);
}

static int gli_probe_slot_gl9750(struct sdhci_pci_slot *slot)
{
	sdhci_enable_v4_mode(slot->host);
	return 0;
}

const struct sdhci_pci_fixes sdhci_gl9750 = {
	.probe_slot = gli_probe_slot_gl9750,
};

/* the other chips' hooks: more than an indirect call follows
 * (IPA_MAX_TARGETS), as in sdhci-pci-core.c, so the call below resolves
 * to none of them and each hook is judged on its own */
#define OTHER_CHIP(n)								\
	static int other_probe_slot_##n(struct sdhci_pci_slot *slot)		\
	{									\
		return slot->host != NULL;					\
	}									\
	const struct sdhci_pci_fixes other_fixes_##n = { .probe_slot = other_probe_slot_##n }
OTHER_CHIP(0); OTHER_CHIP(1); OTHER_CHIP(2); OTHER_CHIP(3); OTHER_CHIP(4); OTHER_CHIP(5);
OTHER_CHIP(6); OTHER_CHIP(7); OTHER_CHIP(8); OTHER_CHIP(9); OTHER_CHIP(10); OTHER_CHIP(11);
OTHER_CHIP(12); OTHER_CHIP(13); OTHER_CHIP(14); OTHER_CHIP(15); OTHER_CHIP(16);

/* sdhci-pci-core.c: the core calls the hook before it adds the host */
int sdhci_pci_add_slot(struct sdhci_pci_slot *slot, const struct sdhci_pci_fixes *fixes)
{
	return fixes->probe_slot ? fixes->probe_slot(slot) : 0;
}

/* the request path: sdhci_config_dma() under host->lock, read back */
void sdhci_request(struct sdhci_host *host)
{
	unsigned long flags;
	u16 ctrl2;

	spin_lock_irqsave(&host->lock, flags);
	ctrl2 = readw(host->ioaddr + SDHCI_HOST_CONTROL2);
	writew(ctrl2 | SDHCI_CTRL_64BIT_ADDR, host->ioaddr + SDHCI_HOST_CONTROL2);
	readw(host->ioaddr + SDHCI_HOST_CONTROL2);
	spin_unlock_irqrestore(&host->lock, flags);
}

void sdhci_request_atomic(struct sdhci_host *host)
{
	unsigned long flags;

	spin_lock_irqsave(&host->lock, flags);
	writew(SDHCI_CTRL_V4_MODE | SDHCI_CTRL_64BIT_ADDR, host->ioaddr + SDHCI_HOST_CONTROL2);
	readw(host->ioaddr + SDHCI_HOST_CONTROL2);
	spin_unlock_irqrestore(&host->lock, flags);
}

void amd_set_ios(struct sdhci_host *host)
{
	writew(SDHCI_CTRL_TUNED_CLK, host->ioaddr + SDHCI_HOST_CONTROL2); /* expect: MMIO005 */
}
