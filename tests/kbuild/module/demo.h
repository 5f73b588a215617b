/* SPDX-License-Identifier: GPL-2.0 */
/* demo.h - the device of the Kbuild test module. */
#ifndef DEMO_H
#define DEMO_H

#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/types.h>

#define DEMO_SQ_HEAD	0x00
#define DEMO_SQ_TAIL	0x04
#define DEMO_DOORBELL	0x08
#define DEMO_MODE	0x0c
#define DEMO_RING_SIZE	64

struct demo_dev {
	void __iomem *regs;
	spinlock_t sq_lock;
	spinlock_t stats_lock;
	struct mutex cfg_lock;
	u32 ring[DEMO_RING_SIZE];
	u32 sq_head, qpn, mode;
	u64 kicks;
};

void demo_post_send(struct demo_dev *dev, u32 head);
void demo_kick_and_count(struct demo_dev *dev, u32 tail);
void demo_post_send_ordered(struct demo_dev *dev, u32 head);
void demo_set_mode(struct demo_dev *dev, u32 mode);
void demo_set_mode_locked(struct demo_dev *dev, u32 mode);

#endif
