/*
 * shortcut.h - the edges the engine follows: a function's CFG with the
 * nodes that do nothing to a path state passed over (private to
 * analyzer/engine/).
 *
 * Most nodes of a lowered function, and more of a caller with its callees'
 * summaries spliced in, change no path state: joins and labels (IR_NOP),
 * calls whose result nothing tests (the markers traces are built from),
 * branches on conditions the analysis does not correlate, and correlated
 * branches whose arms meet again before anything happens (empty
 * branches: their test splits paths for nothing, and it is not a read of
 * the fact for liveness, so a flag tested by many such branches is
 * forgotten after its last test that matters).  Visiting
 * one costs an unpacked copy of the state and an interned copy per
 * successor, for a state that leaves unchanged.  A shortcut edge leads
 * from a node straight to the nodes that do something, with the kind of
 * the node's own edge it replaces, so a correlated branch keeps its TRUE
 * and FALSE arms.  Liveness does not suffer: a key live at a passed-over
 * node is live at one of the nodes after it, and those are where facts
 * are dropped.
 */
#ifndef MMIOCHECK_ENGINE_SHORTCUT_H
#define MMIOCHECK_ENGINE_SHORTCUT_H

#include "engine.h"

struct shortcuts {
	bool *inert;		/* inert[n]: n is passed over (it reads no fact either) */
	uint32_t *off;		/* node n's edges: edges[off[n]] .. edges[off[n + 1]] */
	struct ir_edge *edges;
};

/* Build the shortcut edges of every node of fn (finalized).  The entry node
 * is never passed over; a node whose way on fans out through more passed-over
 * nodes than a small bound keeps its own edge there (and that node its own
 * shortcuts), so the edges stay few on any graph. */
void shortcuts_build(struct shortcuts *sc, const struct ir_function *fn);
void shortcuts_free(struct shortcuts *sc);

static inline const struct ir_edge *shortcut_succs(const struct shortcuts *sc, uint32_t node, uint32_t *n)
{
	*n = sc->off[node + 1] - sc->off[node];
	return sc->edges + sc->off[node];
}

#endif
