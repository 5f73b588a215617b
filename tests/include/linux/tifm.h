/*
 * linux/tifm.h - the TI FlashMedia bus: a socket and the driver of the
 * card in it (Linux 6.1 include/linux/tifm.h), reduced.  The bus calls the
 * driver's suspend/resume from its own system-sleep callbacks
 * (drivers/misc/tifm_core.c tifm_device_suspend/tifm_device_resume).
 */
#ifndef LINUX_TIFM_H
#define LINUX_TIFM_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/spinlock.h>
#include <linux/pm.h>

struct tifm_dev {
	char __iomem	*addr;
	spinlock_t	lock;
	unsigned char	type;
	unsigned int	socket_id;
	void		(*card_event)(struct tifm_dev *sock);
	void		(*data_event)(struct tifm_dev *sock);
};

struct tifm_driver {
	int	(*probe)(struct tifm_dev *dev);
	void	(*remove)(struct tifm_dev *dev);
	int	(*suspend)(struct tifm_dev *dev, pm_message_t state);
	int	(*resume)(struct tifm_dev *dev);
};

#endif
