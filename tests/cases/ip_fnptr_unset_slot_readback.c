/*
 * An optional ops slot that nothing in the program sets is NULL.
 * drivers/mmc/host/cqhci.h (Linux 6.1): cqhci_readl() is
 * `if (unlikely(host->ops->read_l)) return host->ops->read_l(host, reg);
 * else return readl_relaxed(host->mmio + reg);`, and no cqhci_host_ops in
 * the tree sets read_l (nor write_l).  cqhci_request() rings the doorbell
 * with cqhci_writel(TDBR) and reads TDBR back before the unlock; taking
 * the unknown call through read_l as a path without the read gave an
 * MMIO001 (cqhci-core.c:649, WRONG in the 6.1 triage).  A test of a slot
 * the program never stores into now takes the direct arm only.  A slot
 * that is set (dev_ops.read_l below, an implementation that reads
 * nothing) still gives its implementation's path.
 */
/* models: contract,generic,ppc64-legacy */
#include <linux/kernel.h>
#include <linux/compiler.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <asm/barrier.h>

#define CQHCI_TDBR 0x58

struct cqhci_host;

struct cqhci_host_ops {
	void (*write_l)(struct cqhci_host *host, u32 val, int reg);
	u32 (*read_l)(struct cqhci_host *host, int reg);
	void (*enable)(struct cqhci_host *host);
};

struct cqhci_host {
	const struct cqhci_host_ops *ops;
	void __iomem *mmio;
	spinlock_t lock;
	u32 cached;
};

static inline void cqhci_writel(struct cqhci_host *host, u32 val, int reg)
{
	if (unlikely(host->ops->write_l))
		host->ops->write_l(host, val, reg);
	else
		writel_relaxed(val, host->mmio + reg);
}

static inline u32 cqhci_readl(struct cqhci_host *host, int reg)
{
	if (unlikely(host->ops->read_l))
		return host->ops->read_l(host, reg);
	else
		return readl_relaxed(host->mmio + reg);
}

static void foo_enable(struct cqhci_host *host)
{
	host->cached = 0;
}

/* The ops every host of this program installs: enable only. */
const struct cqhci_host_ops foo_cqhci_ops = {
	.enable = foo_enable,
};

int cqhci_request(struct cqhci_host *host, int tag)
{
	unsigned long flags;

	spin_lock_irqsave(&host->lock, flags);
	wmb();
	cqhci_writel(host, 1 << tag, CQHCI_TDBR);
	if (!(cqhci_readl(host, CQHCI_TDBR) & (1 << tag)))
		host->cached = 1;
	spin_unlock_irqrestore(&host->lock, flags);
	return 0;
}

/* Another device whose optional read hook is set, to one that does not
 * touch the device: the read-back may not happen. */
struct dev_host;

struct dev_ops {
	u32 (*read_l)(struct dev_host *d, int reg);
};

struct dev_host {
	const struct dev_ops *ops;
	void __iomem *mmio;
	spinlock_t lock;
	u32 shadow;
};

static u32 dev_shadow_read(struct dev_host *d, int reg)
{
	return d->shadow + reg;
}

const struct dev_ops dev_shadow_ops = {
	.read_l = dev_shadow_read,
};

static inline u32 dev_readl(struct dev_host *d, int reg)
{
	if (d->ops->read_l)
		return d->ops->read_l(d, reg);
	return readl_relaxed(d->mmio + reg);
}

void dev_ring(struct dev_host *d)
{
	spin_lock(&d->lock);
	writel_relaxed(1, d->mmio + 0x10); /* expect: MMIO001@contract,generic */
	dev_readl(d, 0x10);
	spin_unlock(&d->lock);
}
