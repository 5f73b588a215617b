/*
 * worklist.c - the engine's queue in reverse postorder (see worklist.h).
 */
#include "worklist.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

/* A removed entry of the dropped set: occupied for probing, matching no
 * pair, counted in ndropped until the set grows. */
#define TOMBSTONE UINT64_MAX

/* shortcut_succs() as an ir_succ_fn. */
static const struct ir_edge *shortcut_edges(const void *sc, uint32_t node, uint32_t *n)
{
	return shortcut_succs(sc, node, n);
}

/* rank[n] = n's place in reverse postorder of a depth-first walk from the
 * entry along sc's edges; unreached nodes rank after every reached one. */
static void rank_nodes(uint32_t *rank, const struct ir_function *fn, const struct shortcuts *sc)
{
	size_t nn = fn->nodes.n;
	uint32_t *order = xcalloc(nn, sizeof(*order));
	size_t reached = ir_postorder_graph(nn, fn->entry, shortcut_edges, sc, order);

	for (uint32_t i = 0; i < nn; i++)
		rank[i] = UINT32_MAX;
	for (size_t i = 0; i < reached; i++)
		rank[order[i]] = (uint32_t)(reached - 1 - i);
	free(order);
}

void worklist_init(struct worklist *w, const struct ir_function *fn, const struct shortcuts *sc)
{
	memset(w, 0, sizeof(*w));
	w->rank = xcalloc(fn->nodes.n ? fn->nodes.n : 1, sizeof(*w->rank));
	if (fn->entry != IR_NONE && fn->nodes.n)
		rank_nodes(w->rank, fn, sc);
}

void worklist_free(struct worklist *w)
{
	free(w->heap);
	free(w->rank);
	free(w->dropped);
	memset(w, 0, sizeof(*w));
}

static bool before(const struct worklist *w, const struct work *a, const struct work *b)
{
	return w->rank[a->node] < w->rank[b->node];
}

static uint64_t pair_key(uint32_t node, uint32_t state)
{
	return (uint64_t)node << 32 | ((uint64_t)state + 1);
}

static size_t pair_slot(const struct worklist *w, uint64_t key)
{
	size_t mask = w->nslots - 1, i = (size_t)(key * 0x9E3779B97F4A7C15ULL >> 17) & mask;

	while (w->dropped[i] && w->dropped[i] != key)
		i = (i + 1) & mask;
	return i;
}

static bool was_dropped(const struct worklist *w, uint32_t node, uint32_t state)
{
	return w->ndropped && w->dropped[pair_slot(w, pair_key(node, state))];
}

/* The pair is queued again (a join at the state bound made the state
 * anew): it is stepped. */
static void undrop(struct worklist *w, uint32_t node, uint32_t state)
{
	if (!w->ndropped)
		return;
	size_t i = pair_slot(w, pair_key(node, state));
	if (w->dropped[i])
		w->dropped[i] = TOMBSTONE;
}

void worklist_push(struct worklist *w, uint32_t node, uint32_t state)
{
	undrop(w, node, state);
	if (w->n == w->cap) {
		w->cap = w->cap ? w->cap * 2 : 64;
		w->heap = xrealloc(w->heap, w->cap * sizeof(*w->heap));
	}
	size_t i = w->n++;
	struct work item = { node, state };
	while (i && before(w, &item, &w->heap[(i - 1) / 2])) {
		w->heap[i] = w->heap[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	w->heap[i] = item;
}

/* Remove the heap's first pair into *out. */
static void pop_first(struct worklist *w, struct work *out)
{
	*out = w->heap[0];
	struct work last = w->heap[--w->n];
	size_t i = 0;
	for (;;) {
		size_t c = 2 * i + 1;
		if (c >= w->n)
			break;
		if (c + 1 < w->n && before(w, &w->heap[c + 1], &w->heap[c]))
			c++;
		if (!before(w, &w->heap[c], &last))
			break;
		w->heap[i] = w->heap[c];
		i = c;
	}
	if (w->n)
		w->heap[i] = last;
}

void worklist_drop(struct worklist *w, uint32_t node, uint32_t state)
{
	if (2 * (w->ndropped + 1) > w->nslots) {
		uint64_t *old = w->dropped;
		size_t nold = w->nslots;
		w->nslots = nold ? nold * 2 : 64;
		w->dropped = xcalloc(w->nslots, sizeof(*w->dropped));
		w->ndropped = 0;
		for (size_t i = 0; i < nold; i++)
			if (old[i] && old[i] != TOMBSTONE) {
				w->dropped[pair_slot(w, old[i])] = old[i];
				w->ndropped++;
			}
		free(old);
	}
	size_t i = pair_slot(w, pair_key(node, state));
	if (!w->dropped[i]) {
		w->dropped[i] = pair_key(node, state);
		w->ndropped++;
	}
}

bool worklist_pop(struct worklist *w, struct work *out)
{
	while (w->n) {
		pop_first(w, out);
		if (!was_dropped(w, out->node, out->state))
			return true;
	}
	return false;
}
