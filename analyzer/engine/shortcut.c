/*
 * shortcut.c - edges past the nodes that do nothing to a path state (see
 * shortcut.h).
 */
#include "shortcut.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

/* How far one edge's search may go before the edge is kept as it is: passed-
 * over nodes walked, and acting nodes found. */
#define SHORTCUT_MAX_WALK 256
#define SHORTCUT_MAX_TARGETS 16

/* Does node n leave every path state as it came, on every edge, whatever
 * it tests?  A branch or call with a correlation key sets or forgets a fact,
 * an observed call tells the checks its locks; every other op acts.  (A
 * correlated branch can still be found inert.) */
static bool passes_state(const struct ir_function *fn, uint32_t n)
{
	const struct ir_node *node = &fn->nodes.v[n];

	if (n == fn->entry)
		return false;
	switch (node->op) {
	case IR_NOP:
		return true;
	case IR_CALL:
		return !node->cond && !node->observed;
	case IR_BRANCH:
		return !node->cond;
	default:
		return false;
	}
}

struct search {
	const struct ir_function *fn;
	const bool *inert;	/* the nodes passed over */
	uint32_t *seen;		/* seen[n] == stamp: walked in this search */
	uint32_t stamp;
	uint32_t *stack;
	uint32_t targets[SHORTCUT_MAX_TARGETS];
	uint32_t ntargets;
};

/* Add acting node t once to the search's targets; false when they are full. */
static bool add_target(struct search *s, uint32_t t)
{
	for (uint32_t i = 0; i < s->ntargets; i++)
		if (s->targets[i] == t)
			return true;
	if (s->ntargets == SHORTCUT_MAX_TARGETS)
		return false;
	s->targets[s->ntargets++] = t;
	return true;
}

/*
 * The acting nodes reached from passed-over node `from` through passed-over
 * nodes only, into s->targets; false when the search went past its bounds
 * (then the edge to `from` stays).  A cycle of passed-over nodes is walked
 * once; a path that never leaves it reaches nothing, as in the engine.
 */
static bool reach_acting(struct search *s, uint32_t from)
{
	uint32_t sp = 0, walked = 0;

	s->stamp++;
	s->ntargets = 0;
	s->seen[from] = s->stamp;
	s->stack[sp++] = from;
	while (sp) {
		uint32_t n = s->stack[--sp], ns;
		const struct ir_edge *e = ir_succs(s->fn, n, &ns);
		if (++walked > SHORTCUT_MAX_WALK)
			return false;
		for (uint32_t k = 0; k < ns; k++) {
			uint32_t t = e[k].to;
			if (!s->inert[t]) {
				if (!add_target(s, t))
					return false;
			} else if (s->seen[t] != s->stamp) {
				s->seen[t] = s->stamp;
				s->stack[sp++] = t;
			}
		}
	}
	return true;
}

/* The acting nodes an edge to t leads to, into s->targets (t itself when
 * it acts); false past the search's bounds. */
static bool edge_targets(struct search *s, uint32_t t)
{
	if (s->inert[t])
		return reach_acting(s, t);
	s->ntargets = 0;
	return add_target(s, t);
}

/* Do two target sets hold the same nodes? */
static bool same_targets(const uint32_t *a, uint32_t na, const uint32_t *b, uint32_t nb)
{
	if (na != nb)
		return false;
	for (uint32_t i = 0; i < na; i++) {
		uint32_t j = 0;
		while (j < nb && b[j] != a[i])
			j++;
		if (j == nb)
			return false;
	}
	return true;
}

/*
 * Is correlated branch n empty: do its arms (two or more) lead to the
 * same acting nodes through inert ones?  `if (tg3_flag(tp, 5705_PLUS)) val |= X;`
 * tests a flag that other branches test too, but its arms do nothing the
 * engine sees: splitting the path there only doubles the states until the
 * arms meet again.
 */
static bool empty_branch(struct search *s, uint32_t n)
{
	uint32_t first[SHORTCUT_MAX_TARGETS], nfirst = 0, ns;
	const struct ir_edge *e = ir_succs(s->fn, n, &ns);

	for (uint32_t k = 0; k < ns; k++) {
		if (!edge_targets(s, e[k].to))
			return false;
		if (k == 0) {
			nfirst = s->ntargets;
			memcpy(first, s->targets, nfirst * sizeof(*first));
		} else if (!same_targets(first, nfirst, s->targets, s->ntargets)) {
			return false;
		}
	}
	return ns > 1;	/* one arm: it drops the paths that know the other */
}

/* Mark the inert nodes: those passing every state, then, to a fixpoint
 * (nested empty branches; a few rounds), the empty correlated branches. */
static void mark_inert(struct search *s, bool *inert)
{
	const struct ir_function *fn = s->fn;
	bool changed = true;

	for (uint32_t v = 0; v < fn->nodes.n; v++)
		inert[v] = passes_state(fn, v);
	for (int round = 0; changed && round < 4; round++) {
		changed = false;
		for (uint32_t v = 0; v < fn->nodes.n; v++) {
			const struct ir_node *node = &fn->nodes.v[v];
			if (inert[v] || node->op != IR_BRANCH || v == fn->entry || !empty_branch(s, v))
				continue;
			inert[v] = true;
			changed = true;
		}
	}
}

/* Append edge (to, kind) to sc's edges, growing them as needed. */
static void add_edge(struct ir_edge **edges, size_t *n, size_t *cap, uint32_t to, enum ir_edge_kind kind)
{
	if (*n == *cap) {
		*cap = *cap ? *cap * 2 : 64;
		*edges = xrealloc(*edges, *cap * sizeof(**edges));
	}
	(*edges)[*n].to = to;
	(*edges)[*n].kind = kind;
	(*n)++;
}

void shortcuts_build(struct shortcuts *sc, const struct ir_function *fn)
{
	size_t nnodes = fn->nodes.n, n = 0, cap = 0;
	struct search s = { .fn = fn };
	struct ir_edge *edges = NULL;

	assert(fn->finalized);
	sc->off = xcalloc(nnodes + 1, sizeof(*sc->off));
	sc->inert = xcalloc(nnodes ? nnodes : 1, sizeof(*sc->inert));
	s.inert = sc->inert;
	s.seen = xcalloc(nnodes ? nnodes : 1, sizeof(*s.seen));
	s.stack = xcalloc(nnodes ? nnodes : 1, sizeof(*s.stack));
	mark_inert(&s, sc->inert);
	for (uint32_t v = 0; v < nnodes; v++) {
		uint32_t ns;
		const struct ir_edge *e = ir_succs(fn, v, &ns);
		sc->off[v] = (uint32_t)n;
		for (uint32_t k = 0; k < ns; k++) {
			if (!sc->inert[e[k].to] || !reach_acting(&s, e[k].to)) {
				add_edge(&edges, &n, &cap, e[k].to, e[k].kind);
				continue;
			}
			for (uint32_t i = 0; i < s.ntargets; i++)
				add_edge(&edges, &n, &cap, s.targets[i], e[k].kind);
		}
	}
	sc->off[nnodes] = (uint32_t)n;
	sc->edges = edges;
	free(s.seen);
	free(s.stack);
}

void shortcuts_free(struct shortcuts *sc)
{
	free(sc->off);
	free(sc->edges);
	free(sc->inert);
	memset(sc, 0, sizeof(*sc));
}
