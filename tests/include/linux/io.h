/*
 * linux/io.h - Linux 6.1 include/linux/io.h: asm/io.h plus the copy
 * helpers of lib/iomap_copy.c.
 *
 * Convenience, not the kernel's: it also pulls in the lo_hi/hi_lo 64-bit
 * helpers of linux/io-64-nonatomic-lo-hi.h and -hi-lo.h (a driver includes
 * those itself), so test cases need only <linux/io.h>.
 */
#ifndef _LINUX_IO_H
#define _LINUX_IO_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/errno.h>
#include <asm/io.h>

void __iowrite32_copy(void __iomem *to, const void *from, size_t count);
void __ioread32_copy(void *to, const void __iomem *from, size_t count);
void __iowrite64_copy(void __iomem *to, const void *from, size_t count);

#include <linux/io-64-nonatomic-lo-hi.h>
#include <linux/io-64-nonatomic-hi-lo.h>

#endif /* _LINUX_IO_H */
