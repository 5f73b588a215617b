/*
 * drvmacro.c - the accessor a driver macro names.
 *
 * x86 spells writel_relaxed() and __raw_writel() both as __writel(), so a
 * call reached through a driver's own macro (bnx2x's DOORBELL_RELAXED(bp,
 * cid, val) over writel_relaxed()) shows only __writel() in the AST, and
 * the relaxed write would be judged raw.  An accessor that is a function
 * (x86's writel()) is the callee itself when it is called, so it never
 * stands for another.  The preprocessing record lists
 * only the outermost expansion, so for an expansion of a macro the rules do
 * not know, the accessor names its definition spells are kept; a call of an
 * accessor that starts at that expansion takes the class of the name the
 * driver wrote (the innermost name the rules know below the driver macro).
 * One level of driver macro is followed.
 */
#include "fe_internal.h"

#include <stdlib.h>
#include <string.h>

/* Accessors (rules->accessors indices) named in a macro's definition. */
static void scan_definition(struct tu_ctx *t, CXCursor def, struct drv_macro_def *d)
{
	CXToken *toks;
	unsigned n;

	clang_tokenize(t->tu, clang_getCursorExtent(def), &toks, &n);
	for (unsigned i = 1; i < n && d->n < DRV_MACRO_MAX_ACCESSORS; i++) {
		if (clang_getTokenKind(toks[i]) != CXToken_Identifier)
			continue;
		CXString s = clang_getTokenSpelling(t->tu, toks[i]);
		struct rule_ref ref = rules_lookup(t->fe->rules, clang_getCString(s));
		clang_disposeString(s);
		if (ref.kind == REF_ACCESSOR)
			d->accessors[d->n++] = ref.index;
	}
	clang_disposeTokens(t->tu, toks, n);
}

/* The index in t->drv_macro_defs of definition def: scanned at its
 * first expansion, looked up at the others. */
static size_t definition(struct tu_ctx *t, CXCursor def)
{
	bool added;
	uint64_t *index = cursor_map_at(&t->drv_macro_index, def, &added);

	if (added) {
		struct drv_macro_def d;
		memset(&d, 0, sizeof(d));
		*index = t->drv_macro_defs.n;
		scan_definition(t, def, &d);
		VEC_PUSH(t->drv_macro_defs, d);
	}
	return (size_t)*index;
}

/* Remember an expansion of a macro the rules do not know when its
 * definition names an accessor. */
void fe_driver_macro(struct tu_ctx *t, CXCursor c, CXFile file)
{
	CXCursor def = clang_getCursorReferenced(c);
	struct drv_macro m;

	if (clang_getCursorKind(def) != CXCursor_MacroDefinition || clang_Cursor_isMacroFunctionLike(def) == 0)
		return;
	memset(&m, 0, sizeof(m));
	m.def = definition(t, def);
	if (!t->drv_macro_defs.v[m.def].n)
		return;
	m.file = file;
	fe_extent(c, &m.start, &m.end);
	VEC_PUSH(t->drv_macros, m);
}

static int cmp_drv_macro(const void *a, const void *b)
{
	const struct drv_macro *x = a, *y = b;

	if (x->file != y->file)
		return (uintptr_t)x->file < (uintptr_t)y->file ? -1 : 1;
	return x->start < y->start ? -1 : x->start > y->start;
}

void fe_driver_macros_sort(struct tu_ctx *t)
{
	if (t->drv_macros.n)
		qsort(t->drv_macros.v, t->drv_macros.n, sizeof(t->drv_macros.v[0]), cmp_drv_macro);
}

/* A function declaration (any file) whose name is an accessor: a call of
 * that accessor is a call of the function itself, never one of the names
 * a macro spells it with. */
void fe_note_accessor_function(struct tu_ctx *t, CXCursor fn)
{
	const struct rules *r = t->fe->rules;
	char *name = fe_spelling(fn);
	struct rule_ref ref = rules_lookup(r, name);

	free(name);
	if (ref.kind != REF_ACCESSOR)
		return;
	if (!t->accessor_is_function)
		t->accessor_is_function = xcalloc(r->accessors.n, sizeof(bool));
	t->accessor_is_function[ref.index] = true;
}

/* The driver macro expansion a cursor's first token comes from, or NULL. */
static const struct drv_macro *macro_starting_at(const struct tu_ctx *t, CXCursor c)
{
	CXFile file;
	unsigned s;
	size_t lo = 0, hi = t->drv_macros.n;

	if (!hi)
		return NULL;
	clang_getFileLocation(clang_getRangeStart(clang_getCursorExtent(c)), &file, NULL, NULL, &s);
	struct drv_macro key = { .file = file, .start = s };
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (cmp_drv_macro(&t->drv_macros.v[mid], &key) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < t->drv_macros.n && !cmp_drv_macro(&t->drv_macros.v[lo], &key))
		return &t->drv_macros.v[lo];
	return NULL;
}

/*
 * The accessor a call of accessor `index` (matched by the callee's name)
 * stands for: when the call comes from a driver macro whose definition
 * names another accessor of the same direction and width, and not the
 * callee itself, that one (writel_relaxed for x86's __writel); else index.
 */
int fe_accessor_via_driver_macro(const struct tu_ctx *t, CXCursor call, int index)
{
	const struct rules *r = t->fe->rules;
	const struct drv_macro *m = macro_starting_at(t, call);
	const struct accessor *a = &r->accessors.v[index];
	int found = -1;

	if (!m)
		return index;
	const struct drv_macro_def *d = &t->drv_macro_defs.v[m->def];
	for (int i = 0; i < d->n; i++) {
		const struct accessor *b = &r->accessors.v[d->accessors[i]];
		if (d->accessors[i] == index)
			return index;	/* the driver wrote the callee itself */
		bool function = t->accessor_is_function && t->accessor_is_function[d->accessors[i]];
		if (found < 0 && !function && b->dir == a->dir && b->width == a->width)
			found = d->accessors[i];
	}
	return found < 0 ? index : found;
}
