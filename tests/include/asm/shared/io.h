/* SPDX-License-Identifier: GPL-2.0 */
/*
 * As arch/x86/include/asm/shared/io.h of Debian's 6.1: the port accessors
 * are functions named __inb()..__outl(), and the names drivers call are
 * object-like macros over them.
 */
#ifndef _ASM_X86_SHARED_IO_H
#define _ASM_X86_SHARED_IO_H

#include <linux/types.h>

#define BUILDIO(bwl, bw, type)						\
static inline void __out##bwl(type value, u16 port)			\
{									\
	__BUILDIO_OUT(bwl, bw);						\
}									\
									\
static inline type __in##bwl(u16 port)					\
{									\
	type value;							\
	__BUILDIO_IN(bwl, bw);						\
	return value;							\
}

BUILDIO(b, b, u8)
BUILDIO(w, w, u16)
BUILDIO(l,  , u32)
#undef BUILDIO

#define inb __inb
#define inw __inw
#define inl __inl
#define outb __outb
#define outw __outw
#define outl __outl

#endif
