/*
 * linux/types.h - the fixed-width and kernel types of Linux 6.1
 * (include/uapi/asm-generic/int-ll64.h, include/linux/types.h), x86_64.
 * Test headers for mmiocheck: small, but shaped like the kernel's.
 */
#ifndef _LINUX_TYPES_H
#define _LINUX_TYPES_H

#include <stddef.h>

/* include/linux/types.h and include/linux/stddef.h: bool is _Bool, and
 * true and false are enumerators, not stdbool's macros */
typedef _Bool bool;
enum {
	false	= 0,
	true	= 1
};

/* include/uapi/asm-generic/int-ll64.h */
typedef signed char __s8;
typedef unsigned char __u8;
typedef signed short __s16;
typedef unsigned short __u16;
typedef signed int __s32;
typedef unsigned int __u32;
typedef signed long long __s64;
typedef unsigned long long __u64;

/* include/asm-generic/int-ll64.h */
typedef __s8 s8;
typedef __u8 u8;
typedef __s16 s16;
typedef __u16 u16;
typedef __s32 s32;
typedef __u32 u32;
typedef __s64 s64;
typedef __u64 u64;

/* include/uapi/linux/types.h: sparse-annotated byte orders */
typedef __u16 __le16;
typedef __u16 __be16;
typedef __u32 __le32;
typedef __u32 __be32;
typedef __u64 __le64;
typedef __u64 __be64;

/* include/linux/types.h */
typedef __u8 uint8_t;
typedef __u16 uint16_t;
typedef __u32 uint32_t;
typedef __u64 uint64_t;
typedef unsigned long uintptr_t;
typedef long ssize_t;
typedef u64 phys_addr_t;
typedef phys_addr_t resource_size_t;
typedef u64 dma_addr_t;
typedef unsigned int gfp_t;
typedef unsigned long irq_hw_number_t;

typedef struct {
	int counter;
} atomic_t;

#define ATOMIC_INIT(i) { (i) }

typedef struct {
	long counter;
} atomic64_t;
typedef atomic64_t atomic_long_t;

struct list_head {
	struct list_head *next, *prev;
};

#endif /* _LINUX_TYPES_H */
