/*
 * worklist.h - the engine's queue of (node, state) pairs, in reverse
 * postorder of the nodes (private to analyzer/engine/).
 *
 * The engine takes the pair whose node comes first in reverse postorder
 * of the followed edges, so every state that reaches a join on the
 * forward edges is there before the join is stepped.  A state that
 * covers others (engine.c's subsumed()) then replaces them before they
 * are followed further; a depth-first queue would follow each one to
 * the function's end first.  Pairs whose state left the node's set that
 * way are skipped (worklist_drop).
 */
#ifndef MMIOCHECK_ENGINE_WORKLIST_H
#define MMIOCHECK_ENGINE_WORKLIST_H

#include "shortcut.h"

struct work {
	uint32_t node;
	uint32_t state;
};

struct worklist {
	struct work *heap;	/* binary min-heap on rank[node] */
	size_t n, cap;
	uint32_t *rank;		/* rank[node]: its place in reverse postorder */
	uint64_t *dropped;	/* open addressing set of node << 32 | state + 1 */
	size_t ndropped, nslots;
};

/* An empty queue ordered by the reverse postorder of sc's edges from
 * fn's entry (nodes it does not reach come last). */
void worklist_init(struct worklist *w, const struct ir_function *fn, const struct shortcuts *sc);
void worklist_free(struct worklist *w);
void worklist_push(struct worklist *w, uint32_t node, uint32_t state);
/* The first pair not dropped, in node order; false when none is left. */
bool worklist_pop(struct worklist *w, struct work *out);
/* The state left the node's set: its pair, queued or not, is not stepped. */
void worklist_drop(struct worklist *w, uint32_t node, uint32_t state);

static inline bool worklist_empty(const struct worklist *w)
{
	return w->n == 0;
}

#endif
