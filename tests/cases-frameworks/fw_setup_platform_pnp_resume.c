/*
 * Reduced from drivers/mmc/host/wbsd.c (Linux 6.1).  wbsd_platform_resume()
 * (platform_driver.resume) and wbsd_pnp_resume() (pnp_driver.resume) are
 * the legacy system-sleep callbacks the platform and PnP buses call from
 * their own dev_pm_ops (drivers/base/platform.c platform_legacy_resume(),
 * drivers/pnp/driver.c pnp_bus_resume()): both reach wbsd_init_device(),
 * which writes WBSD_CSR with no lock, before the card can be used
 * ("pm-sleep": setup paths).  The request path writes WBSD_CSR with
 * host->lock held three times.  Before these slots were setup slots, the
 * resume write was an MMIO005 (wbsd.c:1841 and 1885 on Linux 6.1, judged
 * WRONG); the tasklet's unlocked write still is one.
 */
/* rules: all */
/* args: --pedantic */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <linux/interrupt.h>
#include <linux/platform_device.h>
#include <linux/pnp.h>

#define WBSD_CSR	0x01
#define WBSD_CSR_LED	0x01

struct wbsd_host {
	spinlock_t lock;
	int base;
	struct tasklet_struct finish_tasklet;
};

static void wbsd_init_device(struct wbsd_host *host)
{
	outb(0, host->base + WBSD_CSR);
}

void wbsd_request(struct wbsd_host *host, int led)
{
	spin_lock_bh(&host->lock);
	outb(WBSD_CSR_LED, host->base + WBSD_CSR);
	if (led)
		outb(0, host->base + WBSD_CSR);
	outb(WBSD_CSR_LED, host->base + WBSD_CSR);
	spin_unlock_bh(&host->lock);
}

static void wbsd_tasklet_finish(struct tasklet_struct *t)
{
	struct wbsd_host *host = container_of(t, struct wbsd_host, finish_tasklet);

	outb(0, host->base + WBSD_CSR); /* expect: MMIO005@contract,ppc64-legacy */
}

void wbsd_init_tasklets(struct wbsd_host *host)
{
	tasklet_setup(&host->finish_tasklet, wbsd_tasklet_finish);
}

static int wbsd_platform_resume(struct platform_device *dev)
{
	struct wbsd_host *host = platform_get_drvdata(dev);

	wbsd_init_device(host);
	return 0;
}

static int wbsd_pnp_resume(struct pnp_dev *pnp_dev)
{
	struct wbsd_host *host = pnp_get_drvdata(pnp_dev);

	wbsd_init_device(host);
	return 0;
}

struct platform_driver wbsd_driver = {
	.resume = wbsd_platform_resume,
};

struct pnp_driver wbsd_pnp_driver = {
	.resume = wbsd_pnp_resume,
};
