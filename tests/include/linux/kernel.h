/*
 * linux/kernel.h - the umbrella drivers include (Linux 6.1
 * include/linux/kernel.h, container_of.h, array_size.h, printk.h, bug.h),
 * reduced to what driver-shaped test code uses.
 */
#ifndef _LINUX_KERNEL_H
#define _LINUX_KERNEL_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/typecheck.h>

/* include/linux/container_of.h (the static_assert type check is dropped) */
#define container_of(ptr, type, member) ({				\
	void *__mptr = (void *)(ptr);					\
	((type *)(__mptr - offsetof(type, member))); })

/* include/linux/array_size.h (the __must_be_array check is dropped) */
#define ARRAY_SIZE(arr) (sizeof(arr) / sizeof((arr)[0]))

/* include/linux/bits.h, math.h, minmax.h (simplified) */
#define BIT(nr)			(1UL << (nr))
#define GENMASK(h, l)	(((~0UL) - (1UL << (l)) + 1) & (~0UL >> (sizeof(long) * 8 - 1 - (h))))
#define lower_32_bits(n) ((u32)((n) & 0xffffffff))
#define upper_32_bits(n) ((u32)(((n) >> 16) >> 16))
#define min(x, y) ({ typeof(x) _x = (x); typeof(y) _y = (y); _x < _y ? _x : _y; })
#define max(x, y) ({ typeof(x) _x = (x); typeof(y) _y = (y); _x > _y ? _x : _y; })

/* include/linux/kern_levels.h, printk.h */
#define KERN_SOH	"\001"
#define KERN_ERR	KERN_SOH "3"
#define KERN_WARNING	KERN_SOH "4"
#define KERN_INFO	KERN_SOH "6"
#define KERN_DEBUG	KERN_SOH "7"
#ifndef pr_fmt
#define pr_fmt(fmt) fmt
#endif
__printf(1, 2) __cold int _printk(const char *fmt, ...);
#define printk(fmt, ...) _printk(fmt, ##__VA_ARGS__)
#define pr_err(fmt, ...) printk(KERN_ERR pr_fmt(fmt), ##__VA_ARGS__)
#define pr_warn(fmt, ...) printk(KERN_WARNING pr_fmt(fmt), ##__VA_ARGS__)
#define pr_info(fmt, ...) printk(KERN_INFO pr_fmt(fmt), ##__VA_ARGS__)
#define pr_debug(fmt, ...) ({ if (0) printk(KERN_DEBUG pr_fmt(fmt), ##__VA_ARGS__); 0; })

/* include/asm-generic/bug.h (BUG() is an out-of-line call here) */
extern void __attribute__((__noreturn__)) __mc_bug(const char *file, int line);
#define BUG() __mc_bug(__FILE__, __LINE__)
#define BUG_ON(condition) do { if (unlikely(condition)) BUG(); } while (0)
#define WARN_ON(condition) ({ int __ret_warn_on = !!(condition); unlikely(__ret_warn_on); })
#define WARN_ON_ONCE(condition) WARN_ON(condition)

extern void might_sleep(void);

#endif /* _LINUX_KERNEL_H */
