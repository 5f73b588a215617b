/* Shared definitions of the two-file case (not a case file itself). */
#ifndef FOO_H
#define FOO_H

#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/io.h>

#define FOO_ISR		0x10
#define FOO_TX_DB	0x40
#define FOO_FW_CMD	0x500

struct foo_priv {
	void __iomem *regs;
	spinlock_t lock;
	struct mutex fw_lock;
};

#endif
