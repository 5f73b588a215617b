/*
 * A lock named through a driver macro whose body calls a function:
 * drivers/net/ethernet/8390/axnet_cs.c (Linux 6.1) ax_close() takes and
 * releases `dev_lock(dev)`, `#define dev_lock(dev) (((struct ei_device
 * *)netdev_priv(dev))->page_lock)`.  Inside a macro body the call's
 * extent runs from the macro's definition to its use, so its tokens were
 * the file's text in between: the second use named another lock, made of
 * everything from the #define to it (before: the release did not match
 * the acquire, and the default output printed that text as the lock).
 * Both are netdev_priv(dev)->page_lock, built from the call's parts.
 */
/* args: --enable MMIO007 */
/* rules: all */
/* message-has: before spin_unlock_irqrestore(&netdev_priv(dev)->page_lock), so */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

struct ei_device {
	spinlock_t page_lock;
	void __iomem *base;
};

struct net_device {
	void *priv;
};

static inline void *netdev_priv(const struct net_device *dev)
{
	return dev->priv;
}

#define dev_lock(dev) (((struct ei_device *)netdev_priv(dev))->page_lock)

static void AX88190_init(struct net_device *dev, int startp)
{
	struct ei_device *ei_local = netdev_priv(dev);

	writel(startp, ei_local->base);
}

/*
 * ax_close - shut down network device
 */
int ax_close(struct net_device *dev)
{
	unsigned long flags;

	spin_lock_irqsave(&dev_lock(dev), flags);
	AX88190_init(dev, 0);
	spin_unlock_irqrestore(&dev_lock(dev), flags);
	return 0;
}

int ax_close_relaxed(struct net_device *dev)
{
	struct ei_device *ei_local = netdev_priv(dev);
	unsigned long flags;

	spin_lock_irqsave(&dev_lock(dev), flags);
	writel_relaxed(0, ei_local->base); /* expect: MMIO001@contract */
	spin_unlock_irqrestore(&dev_lock(dev), flags);
	return 0;
}
