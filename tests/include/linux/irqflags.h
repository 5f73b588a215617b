/*
 * linux/irqflags.h - local_irq_*() as Linux 6.1 defines them without
 * CONFIG_TRACE_IRQFLAGS, over the x86 arch_local_irq_*() of
 * arch/x86/include/asm/irqflags.h.
 */
#ifndef _LINUX_TRACE_IRQFLAGS_H
#define _LINUX_TRACE_IRQFLAGS_H

#include <linux/compiler.h>
#include <linux/typecheck.h>

/* arch/x86/include/asm/irqflags.h */
static __always_inline unsigned long native_save_fl(void)
{
	unsigned long flags;

	asm volatile("# __raw_save_flags\n\t"
		     "pushf ; pop %0"
		     : "=rm" (flags)
		     : /* no input */
		     : "memory");
	return flags;
}
static __always_inline void native_irq_disable(void)
{
	asm volatile("cli": : :"memory");
}
static __always_inline void native_irq_enable(void)
{
	asm volatile("sti": : :"memory");
}
static __always_inline unsigned long arch_local_save_flags(void)
{
	return native_save_fl();
}
static __always_inline void arch_local_irq_disable(void)
{
	native_irq_disable();
}
static __always_inline void arch_local_irq_enable(void)
{
	native_irq_enable();
}
static __always_inline unsigned long arch_local_irq_save(void)
{
	unsigned long flags = arch_local_save_flags();
	arch_local_irq_disable();
	return flags;
}
static __always_inline int arch_irqs_disabled_flags(unsigned long flags)
{
	return !(flags & 0x200 /* X86_EFLAGS_IF */);
}
static __always_inline void arch_local_irq_restore(unsigned long flags)
{
	if (!arch_irqs_disabled_flags(flags))
		arch_local_irq_enable();
}

/* include/linux/irqflags.h */
#define raw_local_irq_disable()		arch_local_irq_disable()
#define raw_local_irq_enable()		arch_local_irq_enable()
#define raw_local_irq_save(flags)			\
	do {						\
		typecheck(unsigned long, flags);	\
		flags = arch_local_irq_save();		\
	} while (0)
#define raw_local_irq_restore(flags)			\
	do {						\
		typecheck(unsigned long, flags);	\
		arch_local_irq_restore(flags);		\
	} while (0)

#define local_irq_enable()	do { raw_local_irq_enable(); } while (0)
#define local_irq_disable()	do { raw_local_irq_disable(); } while (0)
#define local_irq_save(flags)	do { raw_local_irq_save(flags); } while (0)
#define local_irq_restore(flags) do { raw_local_irq_restore(flags); } while (0)

#endif
