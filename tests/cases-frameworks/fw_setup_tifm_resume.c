/*
 * Reduced from drivers/mmc/host/tifm_sd.c (Linux 6.1).  The TI FlashMedia
 * bus calls its card driver's tifm_driver.resume from its own system-sleep
 * callback (drivers/misc/tifm_core.c tifm_device_resume(), the bus's
 * .resume), before the mmc host and card resume: tifm_sd_resume() ->
 * tifm_sd_initialize_host() writes SOCK_MMCSD_BUFFER_CONFIG with no lock,
 * and no request can run yet ("pm-sleep": a setup path).  The request
 * path writes that register with sock->lock held three times.  Before the
 * tifm_driver slots were setup slots, the resume write was an MMIO005
 * (tifm_sd.c:1042 on Linux 6.1, judged WRONG); the card-event interrupt's
 * unlocked write (not setup) still is one.
 */
/* rules: all */
/* args: --pedantic */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <linux/tifm.h>

#define SOCK_MMCSD_BUFFER_CONFIG	0x130
#define TIFM_MMCSD_RXDE			0x8000
#define TIFM_MMCSD_TXDE			0x0080

struct tifm_sd {
	struct tifm_dev *dev;
	int no_dma;
};

static void tifm_sd_initialize_host(struct tifm_sd *host)
{
	struct tifm_dev *sock = host->dev;

	writel(TIFM_MMCSD_RXDE, sock->addr + SOCK_MMCSD_BUFFER_CONFIG);
}

void tifm_sd_request(struct tifm_sd *host, int write)
{
	struct tifm_dev *sock = host->dev;
	unsigned long flags;

	spin_lock_irqsave(&sock->lock, flags);
	if (write)
		writel(TIFM_MMCSD_TXDE, sock->addr + SOCK_MMCSD_BUFFER_CONFIG);
	else
		writel(TIFM_MMCSD_RXDE, sock->addr + SOCK_MMCSD_BUFFER_CONFIG);
	if (host->no_dma)
		writel(0, sock->addr + SOCK_MMCSD_BUFFER_CONFIG);
	spin_unlock_irqrestore(&sock->lock, flags);
}

static void tifm_sd_card_event(struct tifm_dev *sock)
{
	writel(0, sock->addr + SOCK_MMCSD_BUFFER_CONFIG); /* expect: MMIO005@contract,ppc64-legacy */
}

static int tifm_sd_probe(struct tifm_dev *sock)
{
	sock->card_event = tifm_sd_card_event;
	return 0;
}

static int tifm_sd_suspend(struct tifm_dev *sock, pm_message_t state)
{
	(void)sock;
	(void)state;
	return 0;
}

static int tifm_sd_resume(struct tifm_dev *sock)
{
	struct tifm_sd host = { sock, 0 };

	tifm_sd_initialize_host(&host);
	return 0;
}

struct tifm_driver tifm_sd_driver = {
	.probe   = tifm_sd_probe,
	.suspend = tifm_sd_suspend,
	.resume  = tifm_sd_resume,
};
