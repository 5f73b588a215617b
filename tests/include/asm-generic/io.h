/*
 * asm-generic/io.h - what Linux 6.1 x86 takes from the generic header: the
 * readsX()/writesX() string accessors (static inline loops over
 * __raw_readX()/__raw_writeX()) and, for GENERIC_IOMAP, asm-generic/iomap.h.
 * Included at the end of asm/io.h.
 */
#ifndef __ASM_GENERIC_IO_H
#define __ASM_GENERIC_IO_H

#include <linux/types.h>
#include <asm-generic/iomap.h>

#define __MC_BUILD_READS(bwl, type)					\
static inline void reads##bwl(const volatile void __iomem *addr, void *buffer, \
			      unsigned int count)			\
{									\
	if (count) {							\
		type *buf = buffer;					\
									\
		do {							\
			type x = __raw_read##bwl(addr);			\
			*buf++ = x;					\
		} while (--count);					\
	}								\
}
#define __MC_BUILD_WRITES(bwl, type)					\
static inline void writes##bwl(volatile void __iomem *addr, const void *buffer, \
			       unsigned int count)			\
{									\
	if (count) {							\
		const type *buf = buffer;				\
									\
		do {							\
			__raw_write##bwl(*buf++, addr);			\
		} while (--count);					\
	}								\
}

/* 6.1 spells out each of these; one generator keeps the file short */
__MC_BUILD_READS(b, u8)
__MC_BUILD_READS(w, u16)
__MC_BUILD_READS(l, u32)
__MC_BUILD_READS(q, u64)
__MC_BUILD_WRITES(b, u8)
__MC_BUILD_WRITES(w, u16)
__MC_BUILD_WRITES(l, u32)
__MC_BUILD_WRITES(q, u64)
#define readsb readsb
#define readsw readsw
#define readsl readsl
#define readsq readsq
#define writesb writesb
#define writesw writesw
#define writesl writesl
#define writesq writesq

#endif /* __ASM_GENERIC_IO_H */
