/*
 * linux/platform_device.h - a platform device and its driver (Linux 6.1
 * include/linux/platform_device.h), reduced: the legacy system-sleep
 * slots the platform bus calls from platform_pm_suspend()/resume()
 * (drivers/base/platform.c platform_legacy_suspend/resume).
 */
#ifndef LINUX_PLATFORM_DEVICE_H
#define LINUX_PLATFORM_DEVICE_H

#include <linux/types.h>
#include <linux/pm.h>

struct platform_device {
	const char	*name;
	void		*driver_data;
};

struct platform_driver {
	int	(*probe)(struct platform_device *);
	int	(*remove)(struct platform_device *);
	int	(*suspend)(struct platform_device *, pm_message_t state);
	int	(*resume)(struct platform_device *);
};

static inline void *platform_get_drvdata(const struct platform_device *pdev)
{
	return pdev->driver_data;
}

#endif
