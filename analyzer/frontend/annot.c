/*
 * annot.c - function annotations seen through the preprocessing record:
 * sparse contexts `__must_hold(x)`, `__acquires(x)`, `__releases(x)` and
 * the section markers `__init` / `__devinit` / `__exit` (the macro names
 * are the "annotations" table of rules/locks.json).
 *
 * Outside __CHECKER__ the kernel (and tests/include) defines the context
 * macros empty, so clang keeps no attribute: the only trace is the macro
 * expansion.  An annotation belongs to the function whose declaration
 * window holds it: from the end of the previous top-level declaration to
 * the body's '{' (a definition) or to the ';' (a prototype, whose
 * annotations the definition later in the main file inherits).
 */
#include "fe_internal.h"

#include <stdlib.h>
#include <string.h>

/* Record an annotation macro expanded in the main file (top-level scan). */
void fe_annot_macro(struct tu_ctx *t, CXCursor c, const char *name)
{
	if (name[0] != '_' || name[1] != '_')
		return;
	int index = rules_find_annotation(t->fe->rules, name);
	if (index < 0)
		return;
	struct annot_use a;
	fe_extent(c, &a.start, &a.end);
	a.index = index;
	a.cursor = c;
	VEC_PUSH(t->annots, a);
}

/* Offset of the ';' ending a prototype whose extent ends at `end` (the
 * empty annotation macros sit between its ')' and the ';'). */
static unsigned prototype_end(const struct tu_ctx *t, unsigned end)
{
	const char *s = t->u->source;
	int depth = 0;

	if (!s)
		return end;
	for (size_t i = end; i < t->u->source_len; i++) {
		if (s[i] == '(')
			depth++;
		else if (s[i] == ')')
			depth--;
		else if ((s[i] == ';' || s[i] == '{') && depth <= 0)
			return (unsigned)i;
	}
	return end;
}

/* Record a main-file top-level declaration: its window if a function. */
void fe_annot_decl(struct tu_ctx *t, CXCursor c)
{
	unsigned start, end;

	fe_extent(c, &start, &end);
	if (clang_getCursorKind(c) == CXCursor_FunctionDecl) {
		struct fn_window w = { fe_spelling(c), t->prev_decl_end, end, clang_isCursorDefinition(c) != 0 };
		if (w.definition) {
			cursor_vec kids = VEC_INIT;
			fe_children(c, &kids);
			if (kids.n && clang_getCursorKind(kids.v[kids.n - 1]) == CXCursor_CompoundStmt)
				fe_extent(kids.v[kids.n - 1], &w.hi, &end);
			VEC_FREE(kids);
		} else {
			w.hi = end = prototype_end(t, end);
		}
		VEC_PUSH(t->windows, w);
	}
	if (end > t->prev_decl_end)
		t->prev_decl_end = end;
}

/* Type of field `name` of a record type, CXType_Invalid if none. */
struct field_find {
	const char *name;
	CXType type;
};

static enum CXVisitorResult match_field(CXCursor c, CXClientData data)
{
	struct field_find *f = data;
	char *name = fe_spelling(c);
	bool hit = !strcmp(name, f->name);

	free(name);
	if (!hit)
		return CXVisit_Continue;
	f->type = clang_getCursorType(c);
	return CXVisit_Break;
}

static CXType field_type(CXType record, const char *name)
{
	struct field_find f = { name, { CXType_Invalid, { 0, 0 } } };

	clang_Type_visitFields(clang_getCanonicalType(record), match_field, &f);
	return f.type;
}

typedef VEC(char *) token_vec;

/* The type of the function's parameter `name`, CXType_Invalid if none. */
static CXType param_type(CXCursor fnc, const char *name)
{
	int n = clang_Cursor_getNumArguments(fnc);

	for (int i = 0; i < n; i++) {
		CXCursor p = clang_Cursor_getArgument(fnc, (unsigned)i);
		char *pn = fe_spelling(p);
		bool hit = !strcmp(pn, name);
		free(pn);
		if (hit)
			return clang_getCursorType(p);
	}
	return (CXType){ CXType_Invalid, { 0, 0 } };
}

/*
 * Lock type path of `root (-> | .) field ...` (tokens), as fe_lock_type
 * builds it from an expression: "struct S::a.b" with S the struct behind
 * the last '->'; for a bare parameter its record type; for a bare other
 * name (a global) the name.  0 when a step does not resolve.
 */
static str_id token_lock_type(struct tu_ctx *t, CXCursor fnc, const token_vec *tk)
{
	struct strbuf path = STRBUF_INIT, out = STRBUF_INIT;
	CXType ty = param_type(fnc, tk->v[0]), holder = { CXType_Invalid, { 0, 0 } };
	str_id id = 0;

	if (ty.kind == CXType_Invalid) {
		if (tk->n == 1)
			id = strpool_intern(t->u->strings, tk->v[0]);
		return id;
	}
	if (tk->n % 2 == 0)
		return 0;
	for (size_t i = 1; i + 1 < tk->n; i += 2) {
		CXType c = clang_getCanonicalType(ty), rec;
		if (!strcmp(tk->v[i], "->") && c.kind == CXType_Pointer) {
			rec = holder = clang_getPointeeType(c);
			strbuf_reset(&path);
		} else if (!strcmp(tk->v[i], ".") && c.kind == CXType_Record) {
			rec = c;
			if (holder.kind == CXType_Invalid)	/* a struct parameter */
				holder = c;
		} else {
			goto out;
		}
		ty = field_type(rec, tk->v[i + 1]);
		if (ty.kind == CXType_Invalid)
			goto out;
		strbuf_addf(&path, "%s%s", path.len ? "." : "", tk->v[i + 1]);
	}
	if (tk->n == 1) {
		CXType c = clang_getCanonicalType(ty);
		if (c.kind == CXType_Pointer)
			c = clang_getCanonicalType(clang_getPointeeType(c));
		if (c.kind == CXType_Record)
			fe_type_name(c, &out);
	} else if (holder.kind != CXType_Invalid && path.len) {
		fe_type_name(holder, &out);
		strbuf_addf(&out, "::%s", path.buf);
	}
	if (out.len)
		id = strpool_intern(t->u->strings, out.buf);
out:
	strbuf_release(&path);
	strbuf_release(&out);
	return id;
}

/* The argument tokens of an annotation macro, parentheses and leading
 * '&' dropped: `&(dev)->lock` gives {dev, ->, lock}. */
static void macro_arg_tokens(struct tu_ctx *t, CXCursor m, token_vec *out)
{
	CXToken *toks;
	unsigned n;
	int depth = 0;

	clang_tokenize(t->tu, clang_getCursorExtent(m), &toks, &n);
	for (unsigned i = 0; i < n; i++) {
		CXString s = clang_getTokenSpelling(t->tu, toks[i]);
		const char *sp = clang_getCString(s);
		if (!strcmp(sp, "("))
			depth++;
		else if (!strcmp(sp, ")"))
			depth--;
		else if (depth > 0 && !(out->n == 0 && !strcmp(sp, "&")))
			VEC_PUSH(*out, xstrdup(sp));
		clang_disposeString(s);
		if (depth == 0 && i > 0 && out->n)
			break;
	}
	clang_disposeTokens(t->tu, toks, n);
}

/* Does fn have a contract of this kind on this lock? */
static bool has_contract(const struct ir_function *fn, enum ir_contract_kind kind, str_id lock)
{
	for (size_t i = 0; i < fn->contracts.n; i++)
		if (fn->contracts.v[i].kind == kind && fn->contracts.v[i].lock == lock)
			return true;
	return false;
}

/* Add one contract from the macro at `a` (deduplicated by kind and lock);
 * none for a context no lock API takes (`__releases(RCU)` around
 * rcu_read_unlock(), which the rules know as no lock). */
static void add_contract(struct tu_ctx *t, CXCursor fnc, struct ir_function *fn, const struct annot_use *a,
			 enum ir_contract_kind kind)
{
	token_vec tk = VEC_INIT;
	struct strbuf text = STRBUF_INIT;
	struct ir_contract c = { kind, 0, 0, { 0, 0, 0, 0, 0 } };

	macro_arg_tokens(t, a->cursor, &tk);
	/* (*p).lock is p->lock, as fe_canon writes it */
	size_t first = 0;
	if (tk.n >= 4 && !strcmp(tk.v[0], "*") && !strcmp(tk.v[2], ".")) {
		free(tk.v[2]);
		tk.v[2] = xstrdup("->");
		first = 1;
	}
	for (size_t i = first; i < tk.n; i++)
		strbuf_adds(&text, tk.v[i]);
	bool untracked = text.len && rules_is_untracked_context(t->fe->rules, text.buf);
	if (text.len && !untracked) {
		c.lock = strpool_intern(t->u->strings, text.buf);
		token_vec rest = { tk.v + first, tk.n - first, 0 };
		c.lock_type = token_lock_type(t, fnc, &rest);
	}
	fe_loc(t, a->cursor, &c.loc);
	if (!untracked && !has_contract(fn, c.kind, c.lock))
		VEC_PUSH(fn->contracts, c);
	for (size_t i = 0; i < tk.n; i++)
		free(tk.v[i]);
	VEC_FREE(tk);
	strbuf_release(&text);
}

/* First annotation starting at or after offset `off`. */
static size_t annot_lower_bound(const struct tu_ctx *t, unsigned off)
{
	size_t lo = 0, hi = t->annots.n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (t->annots.v[mid].start < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static int cmp_annot(const void *a, const void *b)
{
	const struct annot_use *x = a, *y = b;

	return x->start < y->start ? -1 : x->start > y->start;
}

/* After the top-level scan: sort the annotations and keep only the
 * windows holding one, so fe_annotate costs nothing per plain function. */
void fe_annot_finish(struct tu_ctx *t)
{
	size_t kept = 0;

	if (t->annots.n)
		qsort(t->annots.v, t->annots.n, sizeof(t->annots.v[0]), cmp_annot);
	for (size_t i = 0; i < t->windows.n; i++) {
		struct fn_window w = t->windows.v[i];
		size_t k = annot_lower_bound(t, w.lo);
		if (k < t->annots.n && t->annots.v[k].start < w.hi)
			t->windows.v[kept++] = w;
		else
			free(w.name);
	}
	t->windows.n = kept;
}

/* Apply the annotations inside [lo, hi) to fn. */
static void apply_window(struct tu_ctx *t, CXCursor fnc, struct ir_function *fn, unsigned lo, unsigned hi)
{
	for (size_t i = annot_lower_bound(t, lo); i < t->annots.n && t->annots.v[i].start < hi; i++) {
		const struct annot_use *a = &t->annots.v[i];
		enum annotation_kind k = t->fe->rules->annotations.v[a->index].kind;
		if (k == ANNOT_INIT)
			fn->is_init = true;
		else
			add_contract(t, fnc, fn, a, k == ANNOT_MUST_HOLD ? IR_MUST_HOLD :
				     k == ANNOT_ACQUIRES ? IR_ACQUIRES : IR_RELEASES);
	}
}

/*
 * `__releases(x) __acquires(x)` on one function says it drops x and takes
 * it back (sdhci_send_command_retry() sleeps so, tg3_irq_quiesce() waits
 * for the interrupt): x is held on entry and on every return, which is
 * __must_hold(x).  Read as two contracts, every return "kept" the lock
 * the function releases.  The pair becomes one __must_hold(x).
 */
static void fold_release_reacquire(struct ir_function *fn)
{
	size_t n = fn->contracts.n, kept = 0;
	bool *paired = xcalloc(n ? n : 1, sizeof(*paired));

	for (size_t i = 0; i < n; i++) {
		const struct ir_contract *c = &fn->contracts.v[i];
		paired[i] = c->lock && ((c->kind == IR_RELEASES && has_contract(fn, IR_ACQUIRES, c->lock)) ||
					(c->kind == IR_ACQUIRES && has_contract(fn, IR_RELEASES, c->lock)));
	}
	for (size_t i = 0; i < n; i++) {
		struct ir_contract c = fn->contracts.v[i];
		if (paired[i] && c.kind == IR_ACQUIRES)
			continue;
		if (paired[i])
			c.kind = IR_MUST_HOLD;
		bool dup = false;
		for (size_t j = 0; j < kept; j++)
			dup |= fn->contracts.v[j].kind == c.kind && fn->contracts.v[j].lock == c.lock;
		if (!dup)
			fn->contracts.v[kept++] = c;
	}
	fn->contracts.n = kept;
	free(paired);
}

/*
 * Contracts and is_init of the definition `fnc` (lowered into fn): from
 * earlier prototypes of the same name in the main file, then its own
 * window.
 */
void fe_annotate(struct tu_ctx *t, CXCursor fnc, struct ir_function *fn)
{
	unsigned start, end;
	const char *name = strpool_str(t->u->strings, fn->name);

	if (!t->windows.n)
		return;
	fe_extent(fnc, &start, &end);
	for (size_t i = 0; i < t->windows.n; i++) {
		const struct fn_window *w = &t->windows.v[i];
		if (w->hi > end || strcmp(w->name, name))
			continue;
		if (!w->definition || (w->lo <= start && w->hi >= start))
			apply_window(t, fnc, fn, w->lo, w->hi);
	}
	fold_release_reacquire(fn);
}
