/*
 * entry_points.h - functions the kernel runs with no driver lock held
 * (interrupt handlers, NAPI poll, tasklets, timers, work items) and the
 * setup paths that run before the device is shared (dev_pm_ops slots, a
 * driver's open before it requests its interrupt): the "entry_points"
 * section of rules files (rules/frameworks/entry-points.json,
 * docs/frameworks.md).
 *
 * A function becomes an entry point in one of two ways, both data:
 *  - a registration call passes it as an argument: "argument 1 of
 *    request_irq() is an entry point of kind irq";
 *  - it is stored into a slot: "dev_pm_ops.resume is of kind setup".
 * The frontend records both like function-pointer stores (ir_fnptr with
 * arg >= 0 for a registration call); the analysis asks here what they mean.
 *
 * Invariants after rules_load(): every (function, arg) pair and every
 * (struct, field) pair belongs to one entry; pointers stay valid until
 * rules_free().
 */
#ifndef MMIOCHECK_ENTRY_POINTS_H
#define MMIOCHECK_ENTRY_POINTS_H

#include "rules.h"

enum entry_kind {
	ENTRY_IRQ,		/* an interrupt handler or its thread */
	ENTRY_NAPI,		/* a NAPI poll function (softirq) */
	ENTRY_TASKLET,		/* a tasklet (softirq) */
	ENTRY_TIMER,		/* a timer callback (softirq) */
	ENTRY_WORK,		/* a work item (process context) */
	ENTRY_SETUP,		/* runs before the device is shared (MMIO005) */
	ENTRY_OPEN,		/* setup until it requests an interrupt (MMIO005) */
	ENTRY_NKINDS
};

/* A registration call: argument `arg` (0-based) of `function`. */
struct entry_call {
	char *function;		/* "request_irq", "netif_napi_add" */
	int arg;
};

/* A slot: field `field` of `struct struct_type`. */
struct entry_slot {
	char *struct_type;	/* "dev_pm_ops" (struct tag, no "struct ") */
	char *field;		/* "resume" */
};

struct entry_point {
	char *name;		/* "irq-handler": names the entry in traces */
	char *framework;	/* "irq", "net", "pm", ... */
	enum entry_kind kind;
	VEC(struct entry_call) calls;
	VEC(struct entry_slot) slots;
	char *versions;		/* as written: "2.6.30-" */
	int version_from, version_to;	/* FW_KERNEL_VERSION; 0: open */
	VEC(char *) sources;
	char *note;
	char *file;
	int line;
};

/* The entry whose registration call passes argument `arg` of `function`,
 * or NULL. */
const struct entry_point *rules_entry_call(const struct rules *r, const char *function, int arg);
/* Does any entry register through a call to `function`? (the frontend's
 * quick test before it looks at the arguments) */
bool rules_entry_registers(const struct rules *r, const char *function);
/* The entry for slot (struct_type, with or without "struct ", field), or NULL. */
const struct entry_point *rules_entry_slot(const struct rules *r, const char *struct_type, const char *field);

size_t rules_entry_nentries(const struct rules *r);
const struct entry_point *rules_entry_at(const struct rules *r, size_t i);

/* "irq", "napi", ... as written in rules files. */
const char *entry_kind_name(enum entry_kind k);
/* What the kind is, for messages: "an interrupt handler", "a NAPI poll function". */
const char *entry_kind_what(enum entry_kind k);
/* Does the kernel run functions of this kind with no driver lock held? */
static inline bool entry_kind_unlocked(enum entry_kind k)
{
	return k <= ENTRY_WORK;
}

/* Free what the section loaded (called by rules_free). */
void entry_points_free(struct rules *r);

#endif
