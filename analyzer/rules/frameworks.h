/*
 * frameworks.h - framework lock contexts: driver callbacks that the kernel
 * calls with a lock held (rules/frameworks/ *.json, docs/frameworks.md).
 *
 * A framework entry names callback slots (a struct type and its function
 * pointer fields, "net_device_ops"."ndo_start_xmit") and the locks the
 * framework holds around every call through them ("txq->_xmit_lock", a
 * spinlock, taken with bottom halves off), with conditions that change it
 * (the driver sets NETIF_F_LLTX), the kernel versions it was checked for and
 * where in the kernel it is done.  The engine asks rules_framework_slot()
 * when a driver assigns a function to a field and analyzes that function as
 * if called with those locks held, released at its return.
 *
 * Invariants after rules_load(): every lock's kind indexes rules->kinds;
 * every (struct, field) pair belongs to exactly one slot; pointers returned
 * here stay valid until rules_free().
 */
#ifndef MMIOCHECK_FRAMEWORKS_H
#define MMIOCHECK_FRAMEWORKS_H

#include "rules.h"

/* KERNEL_VERSION(a,b,c) as include/generated/uapi/linux/version.h has it. */
#define FW_KERNEL_VERSION(a, b, c) (((a) << 16) + ((b) << 8) + ((c) > 255 ? 255 : (c)))

/* What a condition looks at; only one kind so far. */
enum fw_cond_when {
	FW_WHEN_FLAG_SET,	/* the driver sets `flag` in the field `field` */
};

/* What happens to the lock when the condition is true. */
enum fw_cond_effect {
	FW_EFFECT_NOT_HELD,	/* the framework does not take the lock */
};

struct framework_condition {
	enum fw_cond_when when;
	char *flag;		/* "NETIF_F_LLTX": a macro name the driver writes */
	char *field;		/* "struct net_device::features": type path of the field */
	enum fw_cond_effect effect;
	char *source;		/* "include/linux/netdevice.h HARD_TX_LOCK" */
};

/* One lock the framework holds around the callback. */
struct framework_lock {
	char *name;		/* as the framework spells it: "txq->_xmit_lock" */
	int kind;		/* index into rules->kinds */
	enum irq_mode irq;	/* interrupt state while it is held */
	char *type_path;	/* "struct netdev_queue::_xmit_lock", NULL if none */
	int arg;		/* callback argument it hangs off, -1: not reachable */
	char *arg_path;		/* with arg: "lock" means &arg->lock */
	bool coarse;		/* a coarse framework mutex (RTNL, prepare_lock):
				 * context only, no MMIO006 by itself unless --strict */
	struct framework_condition *conds;
	size_t nconds;
};

/* One entry of a frameworks section: shared by all its slots. */
struct framework_entry {
	char *name;		/* "net-xmit": names the entry in traces and listings */
	char *framework;	/* "net", "serial", "irq", "clk", or the user's */
	char *struct_type;	/* "net_device_ops" (struct tag, no "struct ") */
	VEC(char *) fields;	/* "ndo_start_xmit", ... */
	struct framework_lock *locks;
	size_t nlocks;
	char *versions;		/* as written: "6.1", "5.2-6.1", "4.19-" */
	int version_from;	/* FW_KERNEL_VERSION; 0: no lower bound */
	int version_to;		/* FW_KERNEL_VERSION; 0: no upper bound */
	VEC(char *) sources;	/* "net/core/dev.c __dev_queue_xmit: ..." */
	char *note;		/* exceptions and caveats, free text, or NULL */
	char *file;		/* rules file it came from */
	int line;		/* line of its name in that file */
};

/* One callback slot: a struct type and field, and the entry describing it. */
struct framework_slot {
	const char *struct_type;	/* owned by the entry */
	const char *field;		/* owned by the entry */
	const struct framework_entry *entry;
	const struct framework_lock *locks;	/* = entry->locks */
	size_t nlocks;
};

/*
 * The slot for a struct type ("net_device_ops" or "struct net_device_ops")
 * and field ("ndo_start_xmit"), or NULL when no framework calls it with a
 * lock held.
 */
const struct framework_slot *rules_framework_slot(const struct rules *r, const char *struct_type,
						  const char *field);

/* All slots, in load order (for listings): count and i-th. */
size_t rules_framework_nslots(const struct rules *r);
const struct framework_slot *rules_framework_slot_at(const struct rules *r, size_t i);

/* All entries, in load order. */
size_t rules_framework_nentries(const struct rules *r);
const struct framework_entry *rules_framework_entry_at(const struct rules *r, size_t i);

/*
 * Does the entry hold for a tree of this kernel version
 * (FW_KERNEL_VERSION)?  0 means unknown, and then every entry applies.
 */
bool framework_applies(const struct framework_entry *e, int kernel_version);

/*
 * Is the lock held around the call, given what the driver does?  flag_set
 * answers "does the driver set flag in field" for a FW_WHEN_FLAG_SET
 * condition (NULL: nobody sets anything, so every lock is held).
 */
bool framework_lock_held(const struct framework_lock *l,
			 bool (*flag_set)(void *ctx, const char *flag, const char *field), void *ctx);

/* Parse "6.1", "5.2-6.1", "4.19-" into bounds; 0 or -1 if malformed. */
int framework_parse_versions(const char *text, int *from, int *to);

/* Free everything the frameworks section loaded (called by rules_free). */
void frameworks_free(struct rules *r);

#endif
