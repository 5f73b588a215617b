/*
 * linux/pnp.h - a Plug and Play device and its driver (Linux 6.1
 * include/linux/pnp.h), reduced: the legacy system-sleep slots the PnP
 * bus calls from pnp_bus_suspend()/resume() (drivers/pnp/driver.c).
 */
#ifndef LINUX_PNP_H
#define LINUX_PNP_H

#include <linux/types.h>
#include <linux/pm.h>

struct pnp_dev {
	void	*data;
};

struct pnp_driver {
	const char	*name;
	int		(*probe)(struct pnp_dev *dev, const void *dev_id);
	void		(*remove)(struct pnp_dev *dev);
	int		(*suspend)(struct pnp_dev *dev, pm_message_t state);
	int		(*resume)(struct pnp_dev *dev);
};

static inline void *pnp_get_drvdata(struct pnp_dev *pdev)
{
	return pdev->data;
}

#endif
