/*
 * children.c - the children of AST cursors, each walked once per unit.
 *
 * The lowering and its helpers ask for the same nodes' children again and
 * again: fe_unwrap() of an operand, then fe_children() of the same
 * operand in the purity walk, the bit-test key, the configuration key, the
 * tested parameter.  On tg3.c that is 250,000 clang_visitChildren() calls
 * over 55,000 distinct nodes, each call paying for libclang's visitor set-up
 * (about 900 instructions for a node with one child).  The children of a
 * node are collected once into an array; later asks copy them from there.
 *
 * One cache per process, for the unit being lowered: a cursor is only
 * meaningful in its translation unit, so fe_children_forget() empties the
 * cache before that unit is disposed of (frontend_parse()).
 */
#include "fe_internal.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

struct children_of {
	CXCursor parent;
	uint32_t first, n;	/* kids[first .. first + n) */
	bool used;
};

static struct {
	struct children_of *slots;	/* open addressing on clang_hashCursor() */
	size_t nslots, nused;		/* nslots: 0 or a power of 2 */
	VEC(CXCursor) kids;
} cache;

/* The same cursor, to the bit: clang_equalCursors() takes two cursors of
 * one declaration as equal even when they visit differently (the first of
 * a declaration group visits the struct its type defines). */
static bool same_cursor(CXCursor a, CXCursor b)
{
	return a.kind == b.kind && a.xdata == b.xdata && a.data[0] == b.data[0] && a.data[1] == b.data[1] &&
	       a.data[2] == b.data[2];
}

/* The slot of parent: where it is, or the free slot where it goes. */
static struct children_of *slot_for(CXCursor parent)
{
	size_t mask = cache.nslots - 1;

	assert(cache.nslots && !(cache.nslots & mask));
	for (size_t i = clang_hashCursor(parent) & mask;; i = (i + 1) & mask) {
		struct children_of *s = &cache.slots[i];
		if (!s->used || same_cursor(s->parent, parent))
			return s;
	}
}

/* Double the table (kept at most half full, so a probe ends). */
static void grow_slots(void)
{
	struct children_of *old = cache.slots;
	size_t old_n = cache.nslots;

	cache.nslots = old_n ? 2 * old_n : 4096;
	cache.slots = xcalloc(cache.nslots, sizeof(*cache.slots));
	for (size_t i = 0; i < old_n; i++)
		if (old[i].used)
			*slot_for(old[i].parent) = old[i];
	free(old);
}

static enum CXChildVisitResult collect(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	(void)data;
	VEC_PUSH(cache.kids, c);
	return CXChildVisit_Continue;
}

const CXCursor *fe_children_of(CXCursor c, size_t *n)
{
	if (2 * (cache.nused + 1) > cache.nslots)
		grow_slots();
	struct children_of *s = slot_for(c);
	if (!s->used) {
		size_t first = cache.kids.n;
		clang_visitChildren(c, collect, NULL);	/* only appends to cache.kids */
		assert(cache.kids.n - first <= UINT32_MAX && first <= UINT32_MAX);
		s->parent = c;
		s->first = (uint32_t)first;
		s->n = (uint32_t)(cache.kids.n - first);
		s->used = true;
		cache.nused++;
	}
	*n = s->n;
	return cache.kids.v + s->first;
}

void fe_children(CXCursor c, cursor_vec *out)
{
	size_t n;
	const CXCursor *kids = fe_children_of(c, &n);

	out->n = 0;
	VEC_GROW(*out, n);
	if (n)
		memcpy(out->v, kids, n * sizeof(*kids));
	out->n = n;
}

void fe_children_forget(void)
{
	free(cache.slots);
	VEC_FREE(cache.kids);
	memset(&cache, 0, sizeof(cache));
}
