/*
 * engine.h - the path-sensitive engine.  Walks a function's event CFG with a
 * bounded set of path states per node; every state carries the held locks,
 * each model's machine (rules/models.json, interpreted by machine.c) and
 * the MMIO writes not yet ordered.  It knows nothing about checks: it
 * reports what happened through the hooks below and the checks decide what
 * to say (analyzer/checks/).  Semantics: docs/semantics.md.
 */
#ifndef MMIOCHECK_ENGINE_H
#define MMIOCHECK_ENGINE_H

#include <stdbool.h>
#include <stdint.h>
#include "../ir/ir.h"
#include "../rules/rules.h"

#define ENG_MAX_HELD 8
#define ENG_MAX_WRITES 32
/* Facts (tested conditions, stored values) per path.  Spliced helpers add
 * theirs and keep them after they return, so a caller of ice_aq_send_cmd()
 * holds its lock_acquired among a dozen of the helpers' facts: at eight the
 * flag was forgotten before its test, and MMIO007 invented; at 32 still in
 * six ice callers five helpers deep (ice_get_netlist_info()).  At 64 none
 * is left on ice and bnxt, in no more time. */
#define ENG_MAX_FACTS 64
#define ENG_MAX_MODELS RULES_MAX_MODELS
/* Path states per CFG node before states are joined more coarsely.  Since
 * paths that differ only in their writes are one state, 128 leaves no
 * function at the bound on the 17 files of bench/kbuild-files.txt, at the
 * cost of 0.3% more visits; at 64, five sdhci.c functions reached it. */
#define ENG_DEFAULT_MAX_STATES 128
_Static_assert(ENG_MAX_MODELS <= 32, "engine_config.requested is a uint32_t, a bit per model slot");

struct engine_config {
	const struct rules *rules;
	int nmodels;			/* models run: slots 0..nmodels-1 */
	int models[ENG_MAX_MODELS];	/* slot -> rules->models index */
	uint32_t requested;		/* bit per slot: reported to the user */
	int reference;			/* slot of MMIO002's reference model, -1 */
	bool preempt_rt;
	int max_states;			/* per CFG node; 0 = default */
	uint64_t deadline_ns;		/* --max-seconds: stop at this
					 * CLOCK_MONOTONIC time; 0 = no limit */
	size_t max_state_bytes;		/* stop a function whose path states
					 * outgrow this (an eighth of
					 * --max-memory); 0 = no limit */
};

/* A held lock as the checks see it. */
struct eng_lock {
	str_id lock, lock_type;
	uint32_t acquire_node;
	int api;			/* rules->apis index */
	int kind;			/* rules->kinds index */
	bool hooked;
	bool shared;
};

/* A write that escaped a lock's section under one model. */
struct eng_write {
	uint32_t node;
	str_id device;
	uint32_t flag_reset_node;	/* acquire/trylock that last cleared the
					 * model's flag after this write set it;
					 * IR_NONE if that is not why */
	bool reference_ordered;		/* the reference model (MMIO002) ordered it */
};

/* One release at which writes escaped, under one model.  The engine
 * reports one per path state; the checks see one per release, lock
 * acquisition and model, with the writes of all its states
 * (checks/escape_union.c). */
struct eng_escape {
	int model;			/* slot */
	uint32_t release_node;
	struct eng_lock lock;		/* the lock whose section they left */
	int nwrites;
	const struct eng_write *writes;	/* in program order (ir_program_order):
					 * the writes pending here on the paths
					 * of one state (engine.c, join_into()) */
};

/* An explicit mmiowb() reached on some path. */
struct eng_mmiowb {
	uint32_t node;
	int nheld;
	const struct eng_lock *held;	/* innermost last */
	bool released_before;		/* this path released a lock earlier */
};

struct eng_hooks {
	void *ctx;
	void (*on_escape)(void *ctx, const struct eng_escape *esc);
	void (*on_mmiowb)(void *ctx, const struct eng_mmiowb *mb);
	/* a write this mmiowb() ordered would otherwise have escaped */
	void (*on_mmiowb_needed)(void *ctx, uint32_t barrier_node, int model);
	/* an MMIO write, with the locks held on this path (innermost last) */
	void (*on_write)(void *ctx, uint32_t node, int nheld, const struct eng_lock *held);
	/* a return, with the locks still held on this path and the truth of
	 * the value returned (0 or 1; -1 unknown) */
	void (*on_return)(void *ctx, uint32_t node, int nheld, const struct eng_lock *held, int returned);
	/* a release of a lock this path does not hold: the caller's */
	void (*on_unheld_release)(void *ctx, uint32_t node, str_id lock);
	/* a call (IR_CALL), with the locks held on this path as it is made */
	void (*on_call)(void *ctx, uint32_t node, int nheld, const struct eng_lock *held);
};

struct engine_stats {
	size_t states;			/* distinct path states created */
	size_t visits;			/* (node, state) pairs processed */
	bool truncated;			/* a bound was hit: results may be partial */
	bool timed_out;			/* --max-seconds: cfg->deadline_ns passed */
	bool over_budget;		/* the path states outgrew cfg->max_state_bytes */
};

/* --max-seconds: CLOCK_MONOTONIC now, in ns (for engine_config.deadline_ns). */
uint64_t engine_now_ns(void);

/* Analyze one function; the hooks see every event.  Terminates on any CFG. */
void engine_run(const struct engine_config *cfg, const struct ir_unit *u,
		const struct ir_function *fn, const struct eng_hooks *hooks,
		struct engine_stats *stats);

/*
 * Fill cfg->models from a comma-separated list of names ("all" = every
 * model); the requested bits are set for them.  Returns 0, or -1 with
 * "unknown model 'x' (known: ...)" in err.
 */
int engine_config_models(struct engine_config *cfg, const struct rules *r,
			 const char *list, struct strbuf *err);
/* Add a model that is run but not reported (a check's reference); returns its slot or -1. */
int engine_config_add_hidden(struct engine_config *cfg, const struct rules *r, const char *name);
/* Slot of a rules model name in cfg, or -1. */
int engine_config_slot(const struct engine_config *cfg, const struct rules *r, const char *name);

#endif
