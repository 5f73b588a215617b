#ifndef FOO_H
#define FOO_H
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <linux/netdevice.h>

#define FOO_TX_DB	0x40

struct foo_priv {
	void __iomem *regs;
	u32 tail;
};

netdev_tx_t foo_xmit(struct sk_buff *skb, struct net_device *dev);
void foo_setup(struct net_device *dev);

#endif
