/*
 * rules.h - the kernel knowledge mmiocheck works from, loaded from
 * rules/ (*.json files) with Jansson: lock kinds and lock APIs, MMIO accessors,
 * barriers, ordering models and check metadata.
 *
 * Nothing about a particular kernel API is hard-coded in C; the frontend asks
 * rules_lookup() what a called name means, the engine interprets the model
 * programs below.  The file formats are documented in docs/rules-format.md.
 */
#ifndef MMIOCHECK_RULES_H
#define MMIOCHECK_RULES_H

#include <stdbool.h>
#include "../util/util.h"

struct frameworks;
struct entry_points;

#define RULES_MAX_MODELS 16
#define RULES_MAX_REGS 4

enum lock_op { LOCK_ACQUIRE, LOCK_TRYLOCK, LOCK_RELEASE };
enum irq_mode { IRQ_NONE, IRQ_DISABLE, IRQ_SAVE, IRQ_BH };

/* A kind of lock ("spinlock", "mutex", ...). */
struct lock_kind {
	char *name;
	char *description;
	bool hooked;		/* release runs mmiowb_spin_unlock() (5.2+) */
	bool hooked_rt;		/* ... under PREEMPT_RT */
	bool sleeping;
	bool reentry_deadlocks;	/* taking it again while held never returns */
	bool marker;		/* a sparse context marker, not a lock: held for
				 * the contract checks only, it orders and
				 * protects nothing */
};

/* One lock API entry point ("spin_lock_irqsave", "_raw_spin_lock", ...). */
struct lock_api {
	char *name;
	enum lock_op op;
	int kind;		/* index into rules->kinds */
	enum irq_mode irq;
	bool shared;		/* read side of an rwlock/rwsem: no exclusion */
	bool nested;		/* *_nested(): may take a second lock of the same name */
	int lock_arg;		/* argument holding the lock, -1 if none */
	bool success_zero;	/* trylock-like: returns 0 when it acquired */
};

enum mmio_dir { MMIO_WRITE, MMIO_READ };

/* One MMIO accessor ("writel", "writel_relaxed", "memcpy_toio", ...). */
struct accessor {
	char *name;
	enum mmio_dir dir;
	int klass;		/* index into rules->classes */
	int width;		/* bits; 0 for block copies */
	int addr_arg;		/* argument holding the __iomem address */
};

/* An accessor class ("full", "relaxed", "raw", "string", "port"). */
struct accessor_class {
	char *name;
	char *description;
	bool posted;		/* a write may still be on its way to the device
				 * when the accessor returns (port I/O is not) */
	bool whole_device;	/* the access names a device, not a register
				 * (PCI configuration space: its argument is
				 * the struct pci_dev, which no BAR's base
				 * names), so it may reach any pending write
				 * and has no register for MMIO005 */
};

/* A barrier ("mmiowb", "wmb", ...). */
struct barrier {
	char *name;
	bool orders_mmio;	/* orders earlier MMIO writes before later ones */
	bool is_mmiowb;		/* the explicit mmiowb() MMIO003/MMIO004 look at */
};

/*
 * Model programs.  A model is an abstract per-CPU machine with up to
 * RULES_MAX_REGS small integer registers (all start at 0, saturate at
 * 0..MODEL_REG_MAX) run along every path.  Ops are written in JSON as
 * strings ("nesting += 1", "pending = nesting", "barrier", "cover device",
 * "flush device", "order covered") or {"if": "REG ==|!= INT|REG", "then": [...]}.
 *
 *   barrier        orders every earlier write (a real mmiowb()/sync)
 *   cover device   (write ops) this write and earlier unordered writes to
 *                  the same device become ordered by the next hooked release
 *   order covered  (release ops) orders covered writes
 *   flush device   (read ops) orders earlier writes to the same device
 */
#define MODEL_REG_MAX 15
enum mop_kind {
	MOP_SET,		/* reg = value | reg = reg2 */
	MOP_ADD,		/* reg += value (value may be negative) */
	MOP_BARRIER,
	MOP_COVER_DEVICE,
	MOP_FLUSH_DEVICE,
	MOP_ORDER_COVERED,
	MOP_IF,			/* if (reg cmp value|reg2) then ops */
};
struct model_op;
struct model_prog {
	struct model_op *ops;
	int n;
};
struct model_op {
	enum mop_kind kind;
	int reg;
	int reg2;		/* -1: use value */
	int value;
	bool cmp_ne;		/* MOP_IF: true "!=", false "==" */
	struct model_prog then;	/* MOP_IF */
};

struct model {
	char *name;
	char *summary;		/* one line for --list-models and docs */
	char *explain;		/* why writes escape under it, for messages */
	int nregs;
	char *regs[RULES_MAX_REGS];
	int flag_reg;		/* register whose reset explains an escape (MMIO002), -1 */
	uint32_t below_contract;	/* bit per accessor class the architecture
					 * orders less than memory-barriers.txt
					 * promises (riscv's outX()) */
	char *below_contract_why;	/* why, for messages; NULL when none */
	struct model_prog on_acquire;		/* hooked lock acquired */
	struct model_prog on_trylock_attempt;	/* hooked trylock, before outcome */
	struct model_prog on_release;		/* hooked lock released */
	struct model_prog *on_write;		/* [nclasses] */
	struct model_prog *on_read;		/* [nclasses] */
};

/* A check option's value as the rules wrote it (a field of a "checks"
 * entry other than id, name, severity, summary, enabled, defect). */
struct check_setting {
	char *key;
	char *text;		/* a string value, else NULL */
	long long number;	/* an integer value (text == NULL) */
	char *where;		/* "rules/checks.json:12", for messages */
};
typedef VEC(struct check_setting) check_settings;

/*
 * A "checks" entry as written.  The rules layer does not know which checks
 * exist nor what options they take: checks_bind() (analyzer/checks) checks
 * each entry against the check it names and builds the check_info list.
 */
struct check_entry {
	char *id;		/* "MMIO001" */
	char *name, *severity, *summary, *defect;	/* NULL: not written */
	int enabled;		/* -1: not written */
	check_settings settings;
	char *where;		/* "rules/checks.json:12", for messages */
};

/* A check as it runs: its own defaults (analyzer/checks) with the rules'
 * entry for it applied.  Built by checks_bind(), one per check, in the
 * order of analyzer/checks/check_list.h. */
struct check_info {
	char *id;		/* "MMIO001" */
	char *name;		/* "unordered-release" */
	char *severity;		/* "error" | "warning" | "note" */
	char *summary;
	bool defect_is_function;	/* one finding per function (MMIO007),
					 * not per site */
	bool enabled;		/* reported (else only with --enable) */
	bool pedantic_only;	/* turned on by --pedantic (rules_set_pedantic) */
	check_settings options;	/* every option the check declares */
};

/* A check's option: its string value, or NULL. */
const char *check_info_text(const struct check_info *ci, const char *key);
/* A check's option: its integer value, or dflt when it has none. */
long long check_info_number(const struct check_info *ci, const char *key, long long dflt);
/* Free what a check_info owns (checks_bind replaces the list). */
void check_info_release(struct check_info *ci);

/*
 * A scope-based lock guard class (include/linux/cleanup.h, Linux >= 6.5):
 * `guard(spinlock_irqsave)(&l)` / `scoped_guard(spinlock_irqsave, &l)`
 * declare a variable of class_<name>_t whose constructor acquires as
 * `acquire` does and whose cleanup releases as `release` does.
 */
struct lock_guard {
	char *name;		/* class name: "spinlock_irqsave" */
	int acquire, release;	/* indices into rules->apis */
};

/* A function annotation read from the macro the source spells: sparse
 * contexts (__must_hold(x), __acquires(x), __releases(x)) and the init /
 * exit section markers (__init, __devinit, __exit). */
enum annotation_kind { ANNOT_MUST_HOLD, ANNOT_ACQUIRES, ANNOT_RELEASES, ANNOT_INIT };
struct annotation {
	char *name;		/* macro name: "__must_hold" */
	enum annotation_kind kind;
};

typedef VEC(char *) char_ptr_vec;

/* What a name means; REF_STATIC_KEY_TEST only for the frontend's record of
 * macro expansions (rules_lookup() never returns it). */
enum rule_ref_kind { REF_NONE, REF_LOCK, REF_ACCESSOR, REF_BARRIER, REF_LOCK_WRAPPER, REF_STATIC_KEY_TEST };
struct rule_ref {
	enum rule_ref_kind kind;
	int index;
};

struct rules {
	VEC(struct lock_kind) kinds;
	VEC(struct lock_api) apis;
	VEC(struct accessor_class) classes;
	VEC(struct accessor) accessors;
	VEC(struct barrier) barriers;
	VEC(struct model) models;
	VEC(struct check_entry) check_entries;	/* "checks", as written */
	VEC(struct check_info) checks;		/* checks_bind(): what runs */
	char_ptr_vec lock_wrappers;	/* spinlock_check(): arg 0 is the lock */
	char_ptr_vec static_key_tests;	/* static_branch_unlikely(): arg 0 is a
					 * static key, the same value at every test */
	char_ptr_vec untracked_contexts;	/* sparse contexts no lock API takes
						 * ("RCU"): no annotation contract */
	char_ptr_vec calls_taken_false;	/* netdev_xmit_more(): a condition that
					 * is a call of one is false on every
					 * path the checks judge */
	char_ptr_vec pure_functions;	/* _test_bit(): its value depends on its
					 * arguments and the memory they name only */
	struct strpool *names;		/* lookup table for called names */
	VEC(struct rule_ref) by_name;	/* indexed by str_id in names */
	VEC(struct lock_guard) guards;	/* "guards" in locks.json */
	VEC(struct annotation) annotations;	/* "annotations" in locks.json */
	struct frameworks *frameworks;	/* FRAMEWORKS: callback lock contexts (frameworks.h) */
	struct entry_points *entry_points;	/* unlocked entry points, setup paths (entry_points.h) */
	struct load_index *load_index;	/* names -> slots while loading (load.c) */
};

/*
 * Load every *.json in dir (sorted by name), then each extra file in order.
 * Later entries with the same name replace earlier ones.  On error returns
 * NULL and writes "FILE:LINE: reason" into err.
 */
struct rules *rules_load(const char *dir, const char *const *extra, int nextra, struct strbuf *err);
/* Load one more file into an existing set (used by rules_load and tests). */
int rules_load_file(struct rules *r, const char *path, struct strbuf *err);
/* Resolve cross references and check completeness after all files. */
int rules_finish(struct rules *r, struct strbuf *err);
struct rules *rules_new(void);
void rules_free(struct rules *r);

/* What does a call or macro spelled `name` mean?  REF_NONE if nothing. */
struct rule_ref rules_lookup(const struct rules *r, const char *name);
int rules_find_model(const struct rules *r, const char *name);	/* -1 */
int rules_find_kind(const struct rules *r, const char *name);	/* -1 */
int rules_find_class(const struct rules *r, const char *name);	/* -1 */
const struct check_info *rules_find_check(const struct rules *r, const char *id);
/* Turn checks on and off, in order: a comma list of ids or names, "all",
 * each turned off when it starts with '-'.  0, or -1 with err set. */
int rules_set_checks(struct rules *r, const char *spec, struct strbuf *err);
/* --pedantic: turn on the checks that are off by default only because
 * their findings are true by the rule but rarely worth a patch (MMIO006).
 * Applied before rules_set_checks, so a --disable still wins. */
void rules_set_pedantic(struct rules *r);
int rules_find_guard(const struct rules *r, const char *name);	/* -1 */
int rules_find_annotation(const struct rules *r, const char *name);	/* -1 */
/* Is `name` a test of a static key (its argument 0), from "static_key_tests"? */
bool rules_is_static_key_test(const struct rules *r, const char *name);
/* Is `name` a call whose value as a condition is taken as false
 * ("calls_taken_false")? */
bool rules_is_call_taken_false(const struct rules *r, const char *name);
/* Is `name` a function whose value depends on its arguments and what they
 * point to only ("pure_functions")? */
bool rules_is_pure_function(const struct rules *r, const char *name);
/* Is `name` a sparse context the analysis does not follow ("untracked_contexts")? */
bool rules_is_untracked_context(const struct rules *r, const char *name);

/* Is a lock of this kind covered by the release hook in this configuration? */
static inline bool rules_kind_hooked(const struct rules *r, int kind, bool preempt_rt)
{
	const struct lock_kind *k = &r->kinds.v[kind];
	return preempt_rt ? k->hooked_rt : k->hooked;
}

const char *irq_mode_name(enum irq_mode m);
const char *lock_op_name(enum lock_op op);

#endif
