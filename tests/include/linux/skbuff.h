/*
 * linux/skbuff.h - the socket buffer of Linux 6.1 (include/linux/skbuff.h),
 * reduced to the fields and helpers a transmit routine uses.
 */
#ifndef _LINUX_SKBUFF_H
#define _LINUX_SKBUFF_H

#include <linux/types.h>
#include <linux/compiler.h>

struct net_device;

struct sk_buff {
	struct sk_buff		*next;
	struct sk_buff		*prev;
	struct net_device	*dev;
	unsigned int		len,
				data_len;
	__u16			mac_len,
				hdr_len;
	__u16			queue_mapping;
	unsigned char		*head,
				*data;
};

static inline u16 skb_get_queue_mapping(const struct sk_buff *skb)
{
	return skb->queue_mapping;
}

static inline unsigned int skb_headlen(const struct sk_buff *skb)
{
	return skb->len - skb->data_len;
}

static inline void skb_tx_timestamp(struct sk_buff *skb)
{
	(void)skb;
}

extern void dev_kfree_skb_any(struct sk_buff *skb);
extern void consume_skb(struct sk_buff *skb);

#endif
