/*
 * linux/spinlock_types.h - spinlock_t and raw_spinlock_t as in Linux 6.1
 * (include/linux/spinlock_types_raw.h, spinlock_types.h, !PREEMPT_RT,
 * !DEBUG_SPINLOCK, !DEBUG_LOCK_ALLOC) over the x86 qspinlock
 * (include/asm-generic/qspinlock_types.h, simplified to its atomic word).
 */
#ifndef __LINUX_SPINLOCK_TYPES_H
#define __LINUX_SPINLOCK_TYPES_H

#include <linux/types.h>

/* linux/lockdep_types.h, !CONFIG_LOCKDEP */
struct lock_class_key { };
#define MAX_LOCKDEP_SUBCLASSES		8UL
#define SINGLE_DEPTH_NESTING			1

/* asm-generic/qspinlock_types.h */
typedef struct qspinlock {
	union {
		atomic_t val;
		struct {
			u8	locked;
			u8	pending;
		};
	};
} arch_spinlock_t;
#define	__ARCH_SPIN_LOCK_UNLOCKED	{ { .val = ATOMIC_INIT(0) } }

/* asm-generic/qrwlock_types.h */
typedef struct qrwlock {
	union {
		atomic_t cnts;
		struct {
			u8 wlocked;
			u8 __lstate[3];
		};
	};
	arch_spinlock_t		wait_lock;
} arch_rwlock_t;
#define	__ARCH_RW_LOCK_UNLOCKED {		\
	{ .cnts = ATOMIC_INIT(0), },		\
	.wait_lock = __ARCH_SPIN_LOCK_UNLOCKED,	\
}

/* linux/spinlock_types_raw.h */
typedef struct raw_spinlock {
	arch_spinlock_t raw_lock;
} raw_spinlock_t;

#define SPIN_DEBUG_INIT(lockname)
#define SPIN_DEP_MAP_INIT(lockname)

#define __RAW_SPIN_LOCK_INITIALIZER(lockname)	\
{						\
	.raw_lock = __ARCH_SPIN_LOCK_UNLOCKED,	\
	SPIN_DEBUG_INIT(lockname)		\
	SPIN_DEP_MAP_INIT(lockname) }

#define __RAW_SPIN_LOCK_UNLOCKED(lockname)	\
	(raw_spinlock_t) __RAW_SPIN_LOCK_INITIALIZER(lockname)

#define DEFINE_RAW_SPINLOCK(x)  raw_spinlock_t x = __RAW_SPIN_LOCK_UNLOCKED(x)

/* linux/spinlock_types.h, !CONFIG_PREEMPT_RT */
typedef struct spinlock {
	union {
		struct raw_spinlock rlock;
	};
} spinlock_t;

#define ___SPIN_LOCK_INITIALIZER(lockname)	\
	{					\
	.raw_lock = __ARCH_SPIN_LOCK_UNLOCKED,	\
	SPIN_DEBUG_INIT(lockname)		\
	SPIN_DEP_MAP_INIT(lockname) }

#define __SPIN_LOCK_INITIALIZER(lockname) \
	{ { .rlock = ___SPIN_LOCK_INITIALIZER(lockname) } }

#define __SPIN_LOCK_UNLOCKED(lockname) \
	(spinlock_t) __SPIN_LOCK_INITIALIZER(lockname)

#define DEFINE_SPINLOCK(x)	spinlock_t x = __SPIN_LOCK_UNLOCKED(x)

/* linux/rwlock_types.h */
typedef struct {
	arch_rwlock_t raw_lock;
} rwlock_t;

#define __RW_LOCK_UNLOCKED(lockname)					\
	(rwlock_t)	{	.raw_lock = __ARCH_RW_LOCK_UNLOCKED }

#define DEFINE_RWLOCK(x)	rwlock_t x = __RW_LOCK_UNLOCKED(x)

#endif /* __LINUX_SPINLOCK_TYPES_H */
