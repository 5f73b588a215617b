/*
 * kconfig_int.h - what the Kconfig reader (kconfig.c) and the question it
 * answers (kconfig_arches.c: on which architectures can a symbol be
 * enabled) share: symbols, their definitions and selects, dependency
 * expressions.
 */
#ifndef MMIOCHECK_DRIVER_KCONFIG_INT_H
#define MMIOCHECK_DRIVER_KCONFIG_INT_H

#include "driver.h"

#include <stdint.h>

#define KC_MAX_ARCHES 32	/* an arch mask is a uint32_t */
#define KC_COMMON (-1)		/* a definition outside arch/: seen on every arch */

/* Dependency expressions, lowered when read: comparisons become their
 * symbol, its negation, or UNKNOWN (strings, ints, macros). */
enum kc_op { KC_YES, KC_NO, KC_UNKNOWN, KC_SYM, KC_NOT, KC_AND, KC_OR };

struct kc_expr {
	enum kc_op op;
	int a, b;		/* operand expressions (NOT: a; AND/OR: a, b) */
	str_id sym;		/* KC_SYM */
};

struct kc_select {
	str_id target;
	int cond;		/* expression of its `if`, or -1 */
};

/* One `config SYM` / `menuconfig SYM` block (a symbol may have several). */
struct kc_def {
	str_id sym;
	int arch;		/* index into kconfig.arches, or KC_COMMON */
	int dep;		/* the AND of its `depends on` and of the enclosing
				 * if/menu/choice conditions, or -1 */
	bool prompt;		/* the user can set it (a prompt, even a conditional one) */
	int default_y;		/* when a def_bool/default gives y: the OR of each
				 * default's value AND its `if`; 0: never */
	bool always_y;		/* an unconditional `def_bool y` / `default y` */
	bool in_choice;		/* a choice member: another member may be chosen */
	VEC(struct kc_select) selects;
};

/* A select of `target` made by definition `def`. */
struct kc_selected_by {
	size_t def;
	size_t select;
};

struct kconfig {
	struct strpool *names;
	VEC(char *) arches;		/* arch/NAME directories with a Kconfig */
	VEC(struct kc_expr) exprs;
	VEC(struct kc_def) defs;
	/* per symbol id: its definitions and the selects that name it */
	VEC(VEC(size_t)) defs_of;
	VEC(VEC(struct kc_selected_by)) selected_by;
	VEC(char *) files;		/* every Kconfig file read (for the cache) */
	uint8_t *memo;			/* [arch][symbol]: evaluation state */
	size_t memo_syms;
	str_id compile_test;
	unsigned depth;
};

/* Build the by-symbol indexes once everything is read. */
void kconfig_index(struct kconfig *kc);

#endif
