/*
 * cursor.c - small libclang helpers: locations, unwrapping,
 * constants, and the macro-expansion index lookup.
 */
#include "fe_internal.h"

#include <stdlib.h>
#include <string.h>

/* File offsets of a cursor's extent, macro locations mapped to the
 * invocation in the file. */
void fe_extent(CXCursor c, unsigned *start, unsigned *end)
{
	CXSourceRange r = clang_getCursorExtent(c);

	clang_getExpansionLocation(clang_getRangeStart(r), NULL, NULL, NULL, start);
	clang_getExpansionLocation(clang_getRangeEnd(r), NULL, NULL, NULL, end);
}

const char *fe_file_text(struct tu_ctx *t, CXFile file, size_t *size)
{
	unsigned kept = t->ntexts < FE_TEXT_CACHE ? t->ntexts : FE_TEXT_CACHE;
	struct file_text *slot;

	*size = 0;
	if (!file)
		return NULL;
	for (unsigned i = 0; i < kept; i++)
		if (clang_File_isEqual(t->texts[i].file, file)) {
			*size = t->texts[i].size;
			return t->texts[i].text;
		}
	slot = &t->texts[t->ntexts++ % FE_TEXT_CACHE];
	slot->file = file;
	slot->text = clang_getFileContents(t->tu, file, &slot->size);
	*size = slot->text ? slot->size : 0;
	return slot->text;
}

/*
 * A file location's own start of file, when near is a location in file
 * that is not inside a macro (its spelling and expansion agree): clang
 * encodes a file location as the file's start plus the offset.  Checked:
 * a null location when the result does not map back to offset 0 of file.
 */
static CXSourceLocation start_from(CXFile file, CXSourceLocation near)
{
	CXFile sf = NULL, ef = NULL, got = NULL;
	unsigned so = 0, eo = 0, at = 1;

	clang_getSpellingLocation(near, &sf, NULL, NULL, &so);
	clang_getExpansionLocation(near, &ef, NULL, NULL, &eo);
	if (!sf || !ef || so != eo || !clang_File_isEqual(sf, file) || !clang_File_isEqual(ef, file) ||
	    near.int_data < so)
		return clang_getNullLocation();
	near.int_data -= so;
	clang_getFileLocation(near, &got, NULL, NULL, &at);
	return got && at == 0 && clang_File_isEqual(got, file) ? near : clang_getNullLocation();
}

/* The cached start of file, or a null location. */
static CXSourceLocation cached_start(const struct tu_ctx *t, CXFile file)
{
	unsigned kept = t->nstarts < FE_TEXT_CACHE ? t->nstarts : FE_TEXT_CACHE;

	for (unsigned i = 0; i < kept; i++)
		if (clang_File_isEqual(t->starts[i].file, file))
			return t->starts[i].start;
	return clang_getNullLocation();
}

/* Cache start as the start of file. */
static void cache_start(struct tu_ctx *t, CXFile file, CXSourceLocation start)
{
	struct file_start *slot = &t->starts[t->nstarts++ % FE_TEXT_CACHE];

	slot->file = file;
	slot->start = start;
}

/*
 * Learn the start of the file of near, when near is a file location: the
 * lowering of a function notes the function's own location, so its file's
 * locations never need clang_getLocationForOffset().
 */
void fe_note_file_location(struct tu_ctx *t, CXSourceLocation near)
{
	CXFile file = NULL;
	CXSourceLocation start;

	clang_getSpellingLocation(near, &file, NULL, NULL, NULL);
	if (!file || !clang_equalLocations(cached_start(t, file), clang_getNullLocation()))
		return;
	start = start_from(file, near);
	if (!clang_equalLocations(start, clang_getNullLocation()))
		cache_start(t, file, start);
}

/*
 * The location of offset 0 of a file, found once per file: from near when
 * it can be, else by clang_getLocationForOffset(), whose first call costs
 * ~15 ms on a kernel file (2% of a run) and which finds a header by a scan
 * of every source location entry of the unit.
 */
static CXSourceLocation file_start(struct tu_ctx *t, CXFile file, CXSourceLocation near)
{
	CXSourceLocation start = cached_start(t, file);

	if (!clang_equalLocations(start, clang_getNullLocation()))
		return start;
	start = start_from(file, near);
	if (clang_equalLocations(start, clang_getNullLocation()))
		start = clang_getLocationForOffset(t->tu, file, 0);
	cache_start(t, file, start);
	return start;
}

/*
 * The location of a byte offset in a file, near a location known to map
 * into it (see file_start()): the file's start moved by the offset, the
 * way clang encodes a file location (SourceLocation::getLocWithOffset() on
 * the raw encoding libclang keeps in int_data).  Checked: when it does not
 * map back to the file and offset, libclang answers.
 */
CXSourceLocation fe_location_at(struct tu_ctx *t, CXFile file, unsigned offset, CXSourceLocation near)
{
	CXSourceLocation loc = file_start(t, file, near);
	CXFile got = NULL;
	unsigned at = 0;

	if (!clang_equalLocations(loc, clang_getNullLocation())) {
		loc.int_data += offset;
		clang_getFileLocation(loc, &got, NULL, NULL, &at);
		if (got && at == offset && clang_File_isEqual(got, file))
			return loc;
	}
	return clang_getLocationForOffset(t->tu, file, offset);
}

/* Source range of a node: file locations, so a call written inside a macro
 * argument (WARN_ON(readl(r)), likely(spin_trylock(l))) is located where
 * it is spelled; a cursor made by a macro body maps to the invocation. */
void fe_loc(struct tu_ctx *t, CXCursor c, struct ir_loc *loc)
{
	CXSourceRange r = clang_getCursorExtent(c);
	unsigned line, col;

	loc->file = t->cur_file;
	clang_getFileLocation(clang_getRangeStart(r), NULL, &line, &col, NULL);
	loc->line = line;
	loc->col = col;
	clang_getFileLocation(clang_getRangeEnd(r), NULL, &line, &col, NULL);
	loc->end_line = line;
	loc->end_col = col;
}

char *fe_spelling(CXCursor c)
{
	CXString s = clang_getCursorSpelling(c);
	char *out = xstrdup(clang_getCString(s) ? clang_getCString(s) : "");

	clang_disposeString(s);
	return out;
}

/* Skip parentheses, implicit conversions and casts. */
CXCursor fe_unwrap(CXCursor c)
{
	for (;;) {
		enum CXCursorKind k = clang_getCursorKind(c);
		if (k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr && k != CXCursor_CStyleCastExpr)
			return c;
		size_t n;
		const CXCursor *kids = fe_children_of(c, &n);
		while (n && !clang_isExpression(clang_getCursorKind(kids[n - 1])))
			n--;
		if (!n)
			return c;
		c = kids[n - 1];
	}
}

bool fe_is_pointer(CXCursor c)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(c));

	return t.kind == CXType_Pointer || t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray;
}

/* The variable (VarDecl) a DeclRefExpr names, or a null cursor. */
CXCursor fe_named_variable(CXCursor e)
{
	CXCursor u = fe_unwrap(e);

	if (clang_getCursorKind(u) != CXCursor_DeclRefExpr)
		return clang_getNullCursor();
	CXCursor d = clang_getCursorReferenced(u);
	return clang_getCursorKind(d) == CXCursor_VarDecl ? d : clang_getNullCursor();
}

/* The value of an enumerator named by e (`true` and `false` are the
 * kernel's enum in include/linux/stddef.h, not stdbool's macros); false
 * when e names none.  fe_const_value() refuses every DeclRefExpr, since
 * libclang would evaluate a const variable to its initializer. */
bool fe_enum_value(CXCursor e, long long *v)
{
	CXCursor u = fe_unwrap(e);

	if (clang_getCursorKind(u) != CXCursor_DeclRefExpr)
		return false;
	CXCursor d = clang_getCursorReferenced(u);
	if (clang_getCursorKind(d) != CXCursor_EnumConstantDecl)
		return false;
	*v = clang_getEnumConstantDeclValue(d);
	return true;
}

/* Integer value of a constant expression (do {} while (0), for (;;) ...). */
long long fe_const_value(CXCursor c, bool *ok)
{
	CXEvalResult r;
	long long v = 0;

	*ok = false;
	enum CXCursorKind k = clang_getCursorKind(fe_unwrap(c));
	if (k == CXCursor_CallExpr || k == CXCursor_StmtExpr || k == CXCursor_DeclRefExpr ||
	    k == CXCursor_MemberRefExpr)
		return 0;
	r = clang_Cursor_Evaluate(c);
	if (!r)
		return 0;
	if (clang_EvalResult_getKind(r) == CXEval_Int) {
		v = clang_EvalResult_getAsLongLong(r);
		*ok = true;
	}
	clang_EvalResult_dispose(r);
	return v;
}

/* First macro at or after (file, offset). */
static size_t macro_lower_bound(const struct tu_ctx *t, CXFile file, unsigned off)
{
	size_t lo = 0, hi = t->macros.n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		const struct macro_use *m = &t->macros.v[mid];
		if ((uintptr_t)m->file < (uintptr_t)file || (m->file == file && m->start < off))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Restrict fe_macro_at() to the rule macros inside this function, so a
 * function without any costs no location queries per cursor. */
void fe_macro_window(struct tu_ctx *t, CXCursor fn)
{
	CXSourceRange r = clang_getCursorExtent(fn);
	CXFile file;
	unsigned s, e;

	clang_getExpansionLocation(clang_getRangeStart(r), &file, NULL, NULL, &s);
	clang_getExpansionLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &e);
	t->win_lo = macro_lower_bound(t, file, s);
	t->win_hi = macro_lower_bound(t, file, e + 1);
	if (t->win_hi < t->win_lo)
		t->win_hi = t->win_lo;
}

/* The rule macro this cursor is the whole expansion of, if any. */
const struct macro_use *fe_macro_at(struct tu_ctx *t, CXCursor c)
{
	unsigned s, e;
	size_t lo = t->win_lo, hi = t->win_hi;

	if (lo >= hi)
		return NULL;
	/* file locations: a macro argument maps to where it is spelled, so
	 * only the expansion itself starts at the invocation (the window is
	 * one function's, so one file's) */
	CXSourceRange r = clang_getCursorExtent(c);
	clang_getFileLocation(clang_getRangeStart(r), NULL, NULL, NULL, &s);
	clang_getFileLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &e);
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (t->macros.v[mid].start < s)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < t->win_hi && t->macros.v[lo].start == s && e <= t->macros.v[lo].end)
		return &t->macros.v[lo];
	return NULL;
}
