/*
 * linux/jump_label.h - static keys of Linux 6.1, as built with
 * CONFIG_JUMP_LABEL on x86 (include/linux/jump_label.h,
 * arch/x86/include/asm/jump_label.h).  A key's value changes only by
 * patching the jump, never between two tests of one call:
 * static_branch_likely()/static_branch_unlikely() expand to a statement
 * expression that asks arch_static_branch{,_jump}() with the polarity of
 * the key's type, and both mean "the key is enabled".
 */
#ifndef _LINUX_JUMP_LABEL_H
#define _LINUX_JUMP_LABEL_H

#include <linux/types.h>
#include <linux/compiler.h>

#define likely_notrace(x)	__builtin_expect(!!(x), 1)
#define unlikely_notrace(x)	__builtin_expect(!!(x), 0)

struct static_key {
	atomic_t enabled;
};

struct static_key_true {
	struct static_key key;
};

struct static_key_false {
	struct static_key key;
};

#define STATIC_KEY_INIT_TRUE	{ .enabled = { 1 } }
#define STATIC_KEY_INIT_FALSE	{ .enabled = { 0 } }
#define STATIC_KEY_TRUE_INIT	(struct static_key_true) { .key = STATIC_KEY_INIT_TRUE, }
#define STATIC_KEY_FALSE_INIT	(struct static_key_false){ .key = STATIC_KEY_INIT_FALSE, }

#define DEFINE_STATIC_KEY_TRUE(name)	\
	struct static_key_true name = STATIC_KEY_TRUE_INIT
#define DEFINE_STATIC_KEY_FALSE(name)	\
	struct static_key_false name = STATIC_KEY_FALSE_INIT
#define DECLARE_STATIC_KEY_TRUE(name)	\
	extern struct static_key_true name
#define DECLARE_STATIC_KEY_FALSE(name)	\
	extern struct static_key_false name

/* arch/x86/include/asm/jump_label.h: a patched jump, true when taken */
static __always_inline bool arch_static_branch(struct static_key * const key, const bool branch)
{
	asm goto("1: .byte 0x0f,0x1f,0x44,0x00,0x00\n\t"
		 : : "i" (key), "i" (branch) : : l_yes);
	return false;
l_yes:
	return true;
}

static __always_inline bool arch_static_branch_jump(struct static_key * const key, const bool branch)
{
	asm goto("1: jmp %l[l_yes]\n\t"
		 : : "i" (key), "i" (branch) : : l_yes);
	return false;
l_yes:
	return true;
}

extern int static_key_count(struct static_key *key);
extern bool ____wrong_branch_error(void);

static __always_inline bool static_key_false(struct static_key *key)
{
	return arch_static_branch(key, false);
}

static __always_inline bool static_key_true(struct static_key *key)
{
	return !arch_static_branch(key, true);
}

#define static_key_enabled(x)							\
({										\
	if (!__builtin_types_compatible_p(typeof(*x), struct static_key) &&	\
	    !__builtin_types_compatible_p(typeof(*x), struct static_key_true) &&\
	    !__builtin_types_compatible_p(typeof(*x), struct static_key_false))	\
		____wrong_branch_error();					\
	static_key_count((struct static_key *)x) > 0;				\
})

#define static_branch_likely(x)							\
({										\
	bool branch;								\
	if (__builtin_types_compatible_p(typeof(*x), struct static_key_true))	\
		branch = !arch_static_branch(&(x)->key, true);			\
	else if (__builtin_types_compatible_p(typeof(*x), struct static_key_false)) \
		branch = !arch_static_branch_jump(&(x)->key, true);		\
	else									\
		branch = ____wrong_branch_error();				\
	likely_notrace(branch);							\
})

#define static_branch_unlikely(x)						\
({										\
	bool branch;								\
	if (__builtin_types_compatible_p(typeof(*x), struct static_key_true))	\
		branch = arch_static_branch_jump(&(x)->key, false);		\
	else if (__builtin_types_compatible_p(typeof(*x), struct static_key_false)) \
		branch = arch_static_branch(&(x)->key, false);			\
	else									\
		branch = ____wrong_branch_error();				\
	unlikely_notrace(branch);						\
})

extern void static_key_slow_inc(struct static_key *key);
extern void static_key_slow_dec(struct static_key *key);
#define static_branch_inc(x)		static_key_slow_inc(&(x)->key)
#define static_branch_dec(x)		static_key_slow_dec(&(x)->key)

#endif /* _LINUX_JUMP_LABEL_H */
