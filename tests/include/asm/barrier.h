/*
 * asm/barrier.h - x86_64 barriers of Linux 6.1
 * (arch/x86/include/asm/barrier.h, then include/asm-generic/barrier.h for
 * the rest).  mb()/wmb()/rmb() are macros over asm volatile, so a call site
 * is a macro expansion, as in a driver.
 */
#ifndef _ASM_X86_BARRIER_H
#define _ASM_X86_BARRIER_H

#include <linux/compiler.h>

#define mb()	asm volatile("mfence":::"memory")
#define rmb()	asm volatile("lfence":::"memory")
#define wmb()	asm volatile("sfence" ::: "memory")

#define dma_rmb()	barrier()
#define dma_wmb()	barrier()

#define __smp_mb()	asm volatile("lock; addl $0,-4(%%rsp)" ::: "memory", "cc")
#define __smp_rmb()	dma_rmb()
#define __smp_wmb()	barrier()

/* asm-generic/barrier.h, CONFIG_SMP */
#ifndef dma_mb
#define dma_mb()	mb()
#endif
#define smp_mb()	do { __smp_mb(); } while (0)
#define smp_rmb()	do { __smp_rmb(); } while (0)
#define smp_wmb()	do { __smp_wmb(); } while (0)

/*
 * io_stop_wc() - x86 has no special instruction for it; the asm-generic
 * default is an empty statement.
 */
#ifndef io_stop_wc
#define io_stop_wc() do { } while (0)
#endif

#endif /* _ASM_X86_BARRIER_H */
