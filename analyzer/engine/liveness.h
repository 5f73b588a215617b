/*
 * liveness.h - which correlation keys a function can still read (private
 * to analyzer/engine/).
 *
 * A fact (key := truth) only matters where a later node reads it: a
 * branch on the key, an assignment copying it, a return (IR_KEY_RETURN).
 * Facts of a spliced callee's locals, of a tested call result, of a
 * function-pointer target, outlive their last read and multiply the path
 * states of big functions (two states that differ only in a dead fact
 * act alike from then on).  The engine drops a fact where its key is dead.
 */
#ifndef MMIOCHECK_ENGINE_LIVENESS_H
#define MMIOCHECK_ENGINE_LIVENESS_H

#include "engine.h"

struct fact_liveness {
	const bool *inert;	/* nodes whose reads do not count (shortcut.h), or NULL */
	bool copies_only;	/* only copies and returns read (liveness_compute_copies) */
	str_id *keys;		/* the keys some node reads, sorted */
	size_t nkeys;
	struct { str_id key; uint32_t index; } *slots;	/* hash of keys: key -> index */
	size_t nslots;		/* a power of two */
	int32_t *gen, *kill;	/* per node: index of the key it reads / kills, or -1 */
	uint32_t *scope_off;	/* node n's call forgets the keys scope_keys[scope_off[n]
				 * .. scope_off[n + 1]) (its callee's, from an earlier
				 * call); NULL: none */
	uint32_t *scope_keys;
	size_t words;		/* 64-bit words per node in live_in */
	uint64_t *live_in;	/* node n's keys live on entry: words at n * words;
				 * NULL: not computed (every key counts as live) */
};

/* The keys each direct call of fn forgets: its spliced callee's, from an
 * earlier call (keys[off[n] .. off[n + 1]) for node n).  Computed once per
 * function, for both liveness passes. */
struct call_scopes {
	uint32_t *off;
	str_id *keys;
	size_t nkeys;
};
/* With the program's strings (NULL: no call forgets anything). */
void call_scopes_compute(struct call_scopes *cs, const struct ir_function *fn, const struct strpool *strings);
void call_scopes_free(struct call_scopes *cs);

/* Compute which keys are live on entry to each node of fn (backward
 * dataflow to a fixpoint, swept by flow, or by fn's own when it is NULL;
 * return_key, read by every IR_RETURN, may be 0).
 * With call scopes (may be NULL), a direct call kills the keys of its
 * callee's spliced copy ("callee/..."): they are local to one call.
 * A node marked in inert (may be NULL; kept by the caller for L's life)
 * reads nothing: the engine passes over it.  Past max_bytes of bit sets
 * nothing is computed and every key is live. */
void liveness_compute(struct fact_liveness *L, const struct ir_function *fn, const struct ir_flow *flow,
		      const struct call_scopes *scopes, const bool *inert, str_id return_key, size_t max_bytes);
/* The same, counting only the reads that take a key's value elsewhere (an
 * assignment copying it, a return) and not branches: where a key is dead
 * in this sense, a state that does not know it takes exactly the paths of
 * the two that know each value (engine.c, split_partner()). */
void liveness_compute_copies(struct fact_liveness *L, const struct ir_function *fn, const struct ir_flow *flow,
			     const struct call_scopes *scopes, const bool *inert, str_id return_key, size_t max_bytes);
void liveness_free(struct fact_liveness *L);
/* Can a node reached from `node` on read `key` before it is reassigned? */
bool liveness_live(const struct fact_liveness *L, uint32_t node, str_id key);

#endif
