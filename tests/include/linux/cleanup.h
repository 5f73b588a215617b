/*
 * linux/cleanup.h - scope-based cleanup as Linux 6.6 defines it
 * (include/linux/cleanup.h, mainline since 6.5, in Debian's 6.1.y through a
 * stable backport): DEFINE_FREE/__free, DEFINE_CLASS/CLASS, DEFINE_GUARD,
 * guard(), scoped_guard() in its 6.6 for-loop form, DEFINE_LOCK_GUARD_0/1.
 * The lock guard classes themselves are defined next to their lock APIs
 * (spinlock.h, mutex.h, rwsem.h), as in the kernel.
 *
 * In the AST a guard is a variable of type class_<name>_t initialized by
 * class_<name>_constructor(args) with __attribute__((cleanup(
 * class_<name>_destructor))): the unlock is never a call.
 */
#ifndef __LINUX_GUARDS_H
#define __LINUX_GUARDS_H

#include <linux/compiler.h>

/* compiler_attributes.h, as redefined by compiler-clang.h (clang < 17
 * warns that cleanup variables are unused) */
#ifndef __cleanup
#define __cleanup(func) __maybe_unused __attribute__((__cleanup__(func)))
#endif

/* compiler_types.h / compiler-clang.h */
#ifndef __UNIQUE_ID
#define ___PASTE(a, b) a##b
#define __PASTE(a, b) ___PASTE(a, b)
#define __UNIQUE_ID(prefix) __PASTE(__PASTE(__UNIQUE_ID_, prefix), __COUNTER__)
#endif

/*
 * DEFINE_FREE(name, type, free):
 *	a __free()-based cleanup function; @free is an expression using _T.
 */
#define DEFINE_FREE(_name, _type, _free) \
	static inline void __free_##_name(void *p) { _type _T = *(_type *)p; _free; }

#define __free(_name)	__cleanup(__free_##_name)

#define no_free_ptr(p) \
	({ __auto_type __ptr = (p); (p) = NULL; __ptr; })

#define return_ptr(p)	return no_free_ptr(p)

/*
 * DEFINE_CLASS(name, type, exit, init, init_args...):
 *	destructor and constructor for a type; @exit uses _T.
 * CLASS(name, var)(args...):
 *	declare @var as an instance of the named class.
 */
#define DEFINE_CLASS(_name, _type, _exit, _init, _init_args...)		\
typedef _type class_##_name##_t;					\
static inline void class_##_name##_destructor(_type *p)			\
{ _type _T = *p; _exit; }						\
static inline _type class_##_name##_constructor(_init_args)		\
{ _type t = _init; return t; }

#define EXTEND_CLASS(_name, ext, _init, _init_args...)			\
typedef class_##_name##_t class_##_name##ext##_t;			\
static inline void class_##_name##ext##_destructor(class_##_name##_t *p)\
{ class_##_name##_destructor(p); }					\
static inline class_##_name##_t class_##_name##ext##_constructor(_init_args) \
{ class_##_name##_t t = _init; return t; }

#define CLASS(_name, var)						\
	class_##_name##_t var __cleanup(class_##_name##_destructor) =	\
		class_##_name##_constructor

/*
 * DEFINE_GUARD(name, type, lock, unlock): DEFINE_CLASS for locks.
 * guard(name): an anonymous instance of the (guard) class.
 * scoped_guard (name, args...) { }: the variable 'scope' declared in a
 * for loop, so its scope is the next (compound) statement.
 */
#define DEFINE_GUARD(_name, _type, _lock, _unlock) \
	DEFINE_CLASS(_name, _type, if (_T) { _unlock; }, ({ _lock; _T; }), _type _T)

#define guard(_name) \
	CLASS(_name, __UNIQUE_ID(guard))

#define scoped_guard(_name, args...)					\
	for (CLASS(_name, scope)(args),					\
	     *done = NULL; !done; done = (void *)1)

/*
 * DEFINE_LOCK_GUARD_0(name, lock, unlock, ...)
 * DEFINE_LOCK_GUARD_1(name, type, lock, unlock, ...)
 *
 *   typedef struct {
 *	type *lock;		// 'type := void' for the _0 variant
 *	__VA_ARGS__;
 *   } class_##name##_t;
 *
 * _lock and _unlock are statements with _T a pointer to that struct.
 */
#define __DEFINE_UNLOCK_GUARD(_name, _type, _unlock, ...)		\
typedef struct {							\
	_type *lock;							\
	__VA_ARGS__;							\
} class_##_name##_t;							\
									\
static inline void class_##_name##_destructor(class_##_name##_t *_T)	\
{									\
	if (_T->lock) { _unlock; }					\
}

#define __DEFINE_LOCK_GUARD_1(_name, _type, _lock)			\
static inline class_##_name##_t class_##_name##_constructor(_type *l)	\
{									\
	class_##_name##_t _t = { .lock = l }, *_T = &_t;		\
	_lock;								\
	return _t;							\
}

#define __DEFINE_LOCK_GUARD_0(_name, _lock)				\
static inline class_##_name##_t class_##_name##_constructor(void)	\
{									\
	class_##_name##_t _t = { .lock = (void*)1 },			\
			 *_T __maybe_unused = &_t;			\
	_lock;								\
	return _t;							\
}

#define DEFINE_LOCK_GUARD_1(_name, _type, _lock, _unlock, ...)		\
__DEFINE_UNLOCK_GUARD(_name, _type, _unlock, __VA_ARGS__)		\
__DEFINE_LOCK_GUARD_1(_name, _type, _lock)

#define DEFINE_LOCK_GUARD_0(_name, _lock, _unlock, ...)			\
__DEFINE_UNLOCK_GUARD(_name, void, _unlock, __VA_ARGS__)		\
__DEFINE_LOCK_GUARD_0(_name, _lock)

#endif /* __LINUX_GUARDS_H */
