/*
 * test_frontend_cursor_map.c - the frontend's map from AST cursors to
 * values (cursor_map.c): on the cursors of a real libclang parse, every
 * key added once, found again by a cursor reached a second time, its
 * value kept through the table's growth, and nothing left after a clear.
 */
#include "frontend/fe_internal.h"
#include "testlib.h"

#include <stdlib.h>

typedef VEC(CXCursor) all_cursors;

static enum CXChildVisitResult gather(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	VEC_PUSH(*(all_cursors *)data, c);
	return CXChildVisit_Recurse;
}

/* A function of n statements, each a few expression nodes: enough
 * cursors to grow the map several times past its first 256 slots. */
static char *source(int n)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_adds(&sb, "int f(int x)\n{\n");
	for (int i = 0; i < n; i++)
		strbuf_addf(&sb, "\tx = (x + %d) * 3;\n", i);
	strbuf_adds(&sb, "\treturn x;\n}\n");
	return strbuf_detach(&sb);
}

/* The cursors of f's body, in the order a recursive visit meets them. */
static void body_cursors(CXTranslationUnit tu, all_cursors *out)
{
	out->n = 0;
	clang_visitChildren(clang_getTranslationUnitCursor(tu), gather, out);
}

int main(void)
{
	char *text = source(400);
	struct CXUnsavedFile file = { "map.c", text, (unsigned long)strlen(text) };
	CXIndex index = clang_createIndex(0, 0);
	CXTranslationUnit tu = clang_parseTranslationUnit(index, "map.c", NULL, 0, &file, 1, CXTranslationUnit_None);
	all_cursors first = VEC_INIT, again = VEC_INIT;
	struct cursor_map m = { 0 };
	bool added;
	size_t distinct = 0, wrong = 0, missed = 0;

	CHECK(tu != NULL);
	if (!tu)
		TEST_DONE();
	body_cursors(tu, &first);
	CHECK(first.n > 2000);	/* several growths of a 256-slot table */

	/* each cursor once: added, its value (its position + 1) stored */
	for (size_t i = 0; i < first.n; i++) {
		uint64_t *v = cursor_map_at(&m, first.v[i], &added);
		if (added) {
			*v = i + 1;
			distinct++;
		}
	}
	CHECK(distinct == first.n);	/* a recursive visit meets each node once */
	CHECK(m.n == distinct);
	CHECK(m.cap >= 2 * m.n && (m.cap & (m.cap - 1)) == 0);

	/* the same nodes reached by a second visit: new structs, found */
	body_cursors(tu, &again);
	CHECK(again.n == first.n);
	for (size_t i = 0; i < again.n; i++) {
		uint64_t v = *cursor_map_at(&m, again.v[i], &added);
		missed += added;
		wrong += !added && v != i + 1;
	}
	CHECK(missed == 0);
	CHECK(wrong == 0);
	CHECK(m.n == distinct);

	/* a null cursor is a key like any other */
	*cursor_map_at(&m, clang_getNullCursor(), &added) = 7;
	CHECK(added);
	CHECK(*cursor_map_at(&m, clang_getNullCursor(), &added) == 7 && !added);

	cursor_map_clear(&m);
	CHECK(m.n == 0 && m.cap == 0 && m.v == NULL);
	CHECK(*cursor_map_at(&m, first.v[0], &added) == 0 && added);
	cursor_map_clear(&m);

	VEC_FREE(first);
	VEC_FREE(again);
	clang_disposeTranslationUnit(tu);
	clang_disposeIndex(index);
	free(text);
	TEST_DONE();
}
