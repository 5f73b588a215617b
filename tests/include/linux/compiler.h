/*
 * linux/compiler.h - compiler annotations as Linux 6.1 defines them for a
 * normal (non-__CHECKER__) build: include/linux/compiler_types.h,
 * include/linux/compiler_attributes.h, include/linux/compiler.h,
 * include/asm-generic/rwonce.h.
 */
#ifndef __LINUX_COMPILER_H
#define __LINUX_COMPILER_H

/* compiler_types.h, #else branch of #ifdef __CHECKER__ */
# define __user
# define __kernel
# define __iomem
# define __percpu
# define __rcu
# define __force
# define __nocast
# define __safe
# define __private
# define __chk_user_ptr(x)	(void)0
# define __chk_io_ptr(x)	(void)0
# define __must_hold(x)
# define __acquires(x)
# define __cond_acquires(x)
# define __releases(x)
# define __acquire(x)	(void)0
# define __release(x)	(void)0
# define __cond_lock(x, c) (c)

/* compiler_attributes.h */
#define __always_inline			inline __attribute__((__always_inline__))
#define __noinline			__attribute__((__noinline__))
#define __must_check			__attribute__((__warn_unused_result__))
#define __maybe_unused			__attribute__((__unused__))
#define __always_unused			__attribute__((__unused__))
#define __aligned(x)			__attribute__((__aligned__(x)))
#define __packed			__attribute__((__packed__))
#define __printf(a, b)			__attribute__((__format__(printf, a, b)))
#define __cold				__attribute__((__cold__))
#define noinline			__noinline
#define __section(section)		__attribute__((__section__(section)))
#define __lockfunc			__section(".spinlock.text")

/* compiler.h */
# define likely(x)	__builtin_expect(!!(x), 1)
# define unlikely(x)	__builtin_expect(!!(x), 0)
# define barrier() __asm__ __volatile__("" : : : "memory")
#define __same_type(a, b) __builtin_types_compatible_p(typeof(a), typeof(b))

/* asm-generic/rwonce.h (the union form is simplified to a volatile access) */
#define __READ_ONCE(x)	(*(const volatile typeof(x) *)&(x))
#define READ_ONCE(x)	__READ_ONCE(x)
#define __WRITE_ONCE(x, val)						\
do {									\
	*(volatile typeof(x) *)&(x) = (val);				\
} while (0)
#define WRITE_ONCE(x, val)						\
do {									\
	__WRITE_ONCE(x, val);						\
} while (0)

#endif /* __LINUX_COMPILER_H */
