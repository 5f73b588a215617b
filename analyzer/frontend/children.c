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

static struct {
	struct cursor_map where;	/* parent -> first << 32 | count, in kids */
	VEC(CXCursor) kids;
} cache;

static enum CXChildVisitResult collect(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	(void)data;
	VEC_PUSH(cache.kids, c);
	return CXChildVisit_Continue;
}

const CXCursor *fe_children_of(CXCursor c, size_t *n)
{
	bool added;
	uint64_t *where = cursor_map_at(&cache.where, c, &added);

	if (added) {
		size_t first = cache.kids.n;
		clang_visitChildren(c, collect, NULL);	/* only appends to cache.kids */
		assert(first <= UINT32_MAX && cache.kids.n - first <= UINT32_MAX);
		*where = (uint64_t)first << 32 | (cache.kids.n - first);
	}
	*n = (size_t)(*where & UINT32_MAX);
	return cache.kids.v + (*where >> 32);
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
	cursor_map_clear(&cache.where);
	VEC_FREE(cache.kids);
}
