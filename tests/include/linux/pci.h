/*
 * linux/pci.h - a few PCI declarations drivers use to get their BARs, and
 * struct pci_driver
 * (Linux 6.1 include/linux/pci.h, include/asm-generic/pci_iomap.h), reduced.
 */
#ifndef LINUX_PCI_H
#define LINUX_PCI_H

#include <linux/types.h>
#include <linux/compiler.h>

struct pci_dev {
	unsigned short	vendor;
	unsigned short	device;
	unsigned int	irq;
	void		*driver_data;
};

/* The driver's callbacks the PCI core calls (include/linux/pci.h), reduced. */
struct pci_driver {
	const char	*name;
	void (*remove)(struct pci_dev *dev);
	int  (*resume)(struct pci_dev *dev);
	void (*shutdown)(struct pci_dev *dev);
};

extern int __must_check pci_enable_device(struct pci_dev *dev);
extern void pci_disable_device(struct pci_dev *dev);
extern void pci_set_master(struct pci_dev *dev);
extern void __iomem *pci_iomap(struct pci_dev *dev, int bar, unsigned long max);
extern void pci_iounmap(struct pci_dev *dev, void __iomem *);
extern int pci_read_config_dword(const struct pci_dev *dev, int where, u32 *val);
extern int pci_write_config_dword(const struct pci_dev *dev, int where, u32 val);

static inline void *pci_get_drvdata(struct pci_dev *pdev)
{
	return pdev->driver_data;
}

#endif
