/*
 * linux/bitops.h - the bit operations bit_spin_lock() is built on
 * (include/asm-generic/bitops/lock.h, instrumented-atomic.h in 6.1);
 * the x86 inline asm is replaced by builtins of the same meaning.
 */
#ifndef _LINUX_BITOPS_H
#define _LINUX_BITOPS_H

#include <linux/types.h>
#include <linux/compiler.h>

#define BITS_PER_LONG 64
#define BIT_WORD(nr)	((nr) / BITS_PER_LONG)
#define BIT_MASK(nr)	(1UL << ((nr) % BITS_PER_LONG))

static __always_inline bool test_bit(long nr, const volatile unsigned long *addr)
{
	return 1UL & (addr[BIT_WORD(nr)] >> (nr & (BITS_PER_LONG - 1)));
}
static __always_inline void set_bit(long nr, volatile unsigned long *addr)
{
	__atomic_fetch_or(&addr[BIT_WORD(nr)], BIT_MASK(nr), __ATOMIC_RELAXED);
}
static __always_inline void clear_bit(long nr, volatile unsigned long *addr)
{
	__atomic_fetch_and(&addr[BIT_WORD(nr)], ~BIT_MASK(nr), __ATOMIC_RELAXED);
}
/* asm-generic/bitops/lock.h: acquire semantics on success */
static __always_inline int test_and_set_bit_lock(unsigned int nr, volatile unsigned long *p)
{
	long old;
	unsigned long mask = BIT_MASK(nr);

	p += BIT_WORD(nr);
	if (READ_ONCE(*p) & mask)
		return 1;
	old = __atomic_fetch_or(p, mask, __ATOMIC_ACQUIRE);
	return !!(old & mask);
}
static __always_inline void clear_bit_unlock(unsigned int nr, volatile unsigned long *p)
{
	p += BIT_WORD(nr);
	__atomic_fetch_and(p, ~BIT_MASK(nr), __ATOMIC_RELEASE);
}
static __always_inline void __clear_bit_unlock(unsigned int nr, volatile unsigned long *p)
{
	unsigned long old;

	p += BIT_WORD(nr);
	old = READ_ONCE(*p);
	old &= ~BIT_MASK(nr);
	__atomic_store_n(p, old, __ATOMIC_RELEASE);
}

#endif
