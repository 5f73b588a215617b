/*
 * asm-generic/mmiowb.h - the mmiowb() tracking hooks of Linux 6.1.
 *
 * x86 does not select ARCH_HAS_MMIOWB, so (as in 6.1 without CONFIG_MMIOWB)
 * the hooks called by do_raw_spin_lock()/unlock() are empty statements.
 *
 * mmiowb() itself: since 5.2 the kernel defines it only on architectures
 * with CONFIG_MMIOWB (powerpc, riscv: asm/mmiowb.h), and drivers no longer
 * call it.  Test code that calls it (the pre-5.2 idiom that MMIO003/MMIO004
 * look for) gets the pre-5.2 asm-generic/io.h no-op, a macro, so the call
 * site is a macro expansion exactly as in a driver built against a tree
 * that still had it.
 */
#ifndef __ASM_GENERIC_MMIOWB_H
#define __ASM_GENERIC_MMIOWB_H

#define mmiowb_set_pending()		do { } while (0)
#define mmiowb_spin_lock()		do { } while (0)
#define mmiowb_spin_unlock()		do { } while (0)

#ifndef mmiowb
#define mmiowb()			do { } while (0)
#endif

#endif /* __ASM_GENERIC_MMIOWB_H */
