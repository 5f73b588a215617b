/*
 * escape_union.c - one escape per release: the writes every path leaves
 * unordered there.
 *
 * The engine reports an escape per path state that reaches a release.
 * Which paths share a state depends on where their states met and joined
 * (engine.c, join_into()): two paths that differ only in a retry loop's
 * writes are one state when nothing else sets them apart, and two when an
 * extra node visited on the way (a call a check observes) keeps them apart
 * until after the release.  A finding drafted from one state would then
 * count one path's writes in one run and both paths' in another.  So the
 * escapes of one function run are gathered, those of one release, lock
 * acquisition and model become one, holding the union of their writes in
 * program order, as a join would have made it, and only then go to the
 * checks.  What a check reports no longer depends on which states joined.
 *
 * Two escapes whose shared write differs in how it escaped (the flag
 * reset MMIO002 names, whether the reference model ordered it), or whose
 * union would not fit ENG_MAX_WRITES, stay two: they are distinct
 * findings' evidence, and the checks choose between their drafts.
 */
#include "escape_union.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

/* One gathered escape: its own copy of the writes. */
struct gathered_escape {
	struct eng_escape esc;
	struct eng_write writes[ENG_MAX_WRITES];
};

/* Are a and b the same lock acquisition (field by field: the struct has
 * padding)? */
static bool same_lock(const struct eng_lock *a, const struct eng_lock *b)
{
	return a->lock == b->lock && a->lock_type == b->lock_type && a->acquire_node == b->acquire_node &&
	       a->api == b->api && a->kind == b->kind && a->hooked == b->hooked && a->shared == b->shared;
}

/* Do two records of one write site say the same about how it escaped? */
static bool same_write(const struct eng_write *a, const struct eng_write *b)
{
	return a->device == b->device && a->flag_reset_node == b->flag_reset_node &&
	       a->reference_ordered == b->reference_ordered;
}

/*
 * Merge e's writes into g's, in program order (place), when every site
 * both list escaped alike and the union fits.  False, with g unchanged,
 * otherwise.
 */
static bool union_into(struct gathered_escape *g, const struct eng_escape *e, const uint32_t *place)
{
	struct eng_write out[ENG_MAX_WRITES];
	int i = 0, k = 0, n = 0;

	while (i < g->esc.nwrites || k < e->nwrites) {
		const struct eng_write *a = i < g->esc.nwrites ? &g->writes[i] : NULL;
		const struct eng_write *b = k < e->nwrites ? &e->writes[k] : NULL;
		if (n == ENG_MAX_WRITES)
			return false;
		if (a && b && a->node == b->node) {
			if (!same_write(a, b))
				return false;
			out[n++] = *a;
			i++, k++;
		} else if (a && (!b || place[a->node] < place[b->node])) {
			out[n++] = *a;
			i++;
		} else {
			out[n++] = *b;
			k++;
		}
	}
	memcpy(g->writes, out, (size_t)n * sizeof(*out));
	g->esc.nwrites = n;
	return true;
}

/* An empty gathering. */
void escape_union_init(struct escape_union *eu)
{
	memset(eu, 0, sizeof(*eu));
}

/* Program order of the function's nodes, computed on the first merge. */
static const uint32_t *program_order(struct escape_union *eu, const struct ir_function *fn)
{
	if (!eu->place) {
		eu->place = xcalloc(fn->nodes.n ? fn->nodes.n : 1, sizeof(*eu->place));
		ir_program_order(fn, eu->place);
	}
	return eu->place;
}

/* Merge esc into the first gathered escape of its release, lock
 * acquisition and model that takes it, else gather it apart. */
void escape_union_add(struct escape_union *eu, const struct ir_function *fn, const struct eng_escape *esc)
{
	assert(esc->nwrites <= ENG_MAX_WRITES);
	for (size_t i = 0; i < eu->n; i++) {
		struct gathered_escape *g = &eu->v[i];
		if (g->esc.model == esc->model && g->esc.release_node == esc->release_node &&
		    same_lock(&g->esc.lock, &esc->lock) && union_into(g, esc, program_order(eu, fn)))
			return;
	}
	if (eu->n == eu->cap) {
		eu->cap = eu->cap ? 2 * eu->cap : 8;
		eu->v = xrealloc(eu->v, eu->cap * sizeof(*eu->v));
	}
	struct gathered_escape *g = &eu->v[eu->n++];
	g->esc = *esc;
	g->esc.writes = NULL;	/* g->writes, set at the flush: eu->v moves as it grows */
	memcpy(g->writes, esc->writes, (size_t)esc->nwrites * sizeof(*esc->writes));
}

/* Deliver the gathered escapes (their writes point into eu until it is
 * emptied here) and free them. */
void escape_union_flush(struct escape_union *eu, void (*deliver)(void *ctx, const struct eng_escape *esc),
			void *ctx)
{
	for (size_t i = 0; i < eu->n; i++) {
		eu->v[i].esc.writes = eu->v[i].writes;
		deliver(ctx, &eu->v[i].esc);
	}
	free(eu->v);
	free(eu->place);
	escape_union_init(eu);
}
