/* linux/processor.h - cpu_relax() of arch/x86/include/asm/vdso/processor.h (6.1). */
#ifndef _LINUX_PROCESSOR_H
#define _LINUX_PROCESSOR_H

#include <linux/compiler.h>

/* REP NOP (PAUSE) is a good thing to insert into busy-wait loops. */
static __always_inline void rep_nop(void)
{
	asm volatile("rep; nop" ::: "memory");
}
static __always_inline void cpu_relax(void)
{
	rep_nop();
}

#endif
