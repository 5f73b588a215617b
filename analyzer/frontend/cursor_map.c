/*
 * cursor_map.c - a map from AST cursors to 64-bit values, for the answers
 * the frontend asks libclang for once per node and reads many times: a
 * node's children (children.c), whether a function is a pure predicate
 * (purecall.c), the accessors a driver macro's definition names
 * (drvmacro.c).
 *
 * Open addressing on clang_hashCursor(), at most half full.  Keys compare
 * to the bit, not by clang_equalCursors(), which takes two cursors of one
 * declaration as equal even when they visit differently (the first of a
 * declaration group visits the struct its type defines): a cursor reached
 * another way is a miss, never a wrong answer.  A map is meaningful for
 * one translation unit only; its owner empties it before the unit goes.
 */
#include "fe_internal.h"

#include <assert.h>
#include <stdlib.h>

static bool same_cursor(CXCursor a, CXCursor b)
{
	return a.kind == b.kind && a.xdata == b.xdata && a.data[0] == b.data[0] && a.data[1] == b.data[1] &&
	       a.data[2] == b.data[2];
}

/* The slot of key: where it is, or the free slot where it goes. */
static struct cursor_slot *slot_of(const struct cursor_map *m, CXCursor key)
{
	size_t mask = m->cap - 1;

	assert(m->cap && !(m->cap & mask));
	for (size_t i = clang_hashCursor(key) & mask;; i = (i + 1) & mask)
		if (!m->v[i].used || same_cursor(m->v[i].key, key))
			return &m->v[i];
}

/* Double the table, keeping every entry. */
static void grow(struct cursor_map *m)
{
	struct cursor_slot *old = m->v;
	size_t old_cap = m->cap;

	m->cap = old_cap ? 2 * old_cap : 256;
	m->v = xcalloc(m->cap, sizeof(*m->v));
	for (size_t i = 0; i < old_cap; i++)
		if (old[i].used)
			*slot_of(m, old[i].key) = old[i];
	free(old);
}

uint64_t *cursor_map_at(struct cursor_map *m, CXCursor key, bool *added)
{
	if (2 * (m->n + 1) > m->cap)
		grow(m);
	struct cursor_slot *s = slot_of(m, key);
	*added = !s->used;
	if (!s->used) {
		s->key = key;
		s->value = 0;
		s->used = true;
		m->n++;
	}
	return &s->value;
}

void cursor_map_clear(struct cursor_map *m)
{
	free(m->v);
	m->v = NULL;
	m->n = m->cap = 0;
}
