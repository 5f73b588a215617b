/*
 * statickey.c - a static key test as a correlation key.
 *
 * `if (static_branch_unlikely(&ice_xdp_locking_key)) spin_lock(...)` ...
 * the same test before spin_unlock(): a static key changes only by
 * patching the jump, never between two tests of one call, so both tests
 * take the same arm.  The expansion (a statement expression asking
 * arch_static_branch() with the polarity of the key's type, or an inline
 * function) has nothing a condition key can be made of, so the test is
 * recognized by what the driver wrote: a name of the rules'
 * "static_key_tests" whose call is the whole condition.  Every test of one
 * key (likely, unlikely, enabled) means "the key is enabled", so all give
 * one key, named by the key object as written.
 */
#include "fe_internal.h"

#include <stdlib.h>
#include <string.h>

/* The spelling of token i. */
static char *token_text(CXTranslationUnit tu, const CXToken *toks, unsigned i)
{
	CXString s = clang_getTokenSpelling(tu, toks[i]);
	char *text = xstrdup(clang_getCString(s));

	clang_disposeString(s);
	return text;
}

/* Does the '(' at toks[open] close at the last token?  A condition such
 * as `static_branch_unlikely(&k) && x` is not one test. */
static bool closes_at_end(CXTranslationUnit tu, const CXToken *toks, unsigned open, unsigned n)
{
	int depth = 0;

	for (unsigned i = open; i < n; i++) {
		if (clang_getTokenKind(toks[i]) != CXToken_Punctuation)
			continue;
		char *p = token_text(tu, toks, i);
		depth += !strcmp(p, "(") - !strcmp(p, ")");
		free(p);
		if (depth == 0)
			return i + 1 == n;
	}
	return false;
}

/* "static_key(NAME)" from the argument tokens [from, to), a leading `&`
 * dropped: `&foo_key` and `foo_key` name one key. */
static str_id key_from_tokens(struct tu_ctx *t, const CXToken *toks, unsigned from, unsigned to)
{
	struct strbuf key = STRBUF_INIT;
	str_id id;

	strbuf_adds(&key, "static_key(");
	for (unsigned i = from; i < to; i++) {
		char *p = token_text(t->tu, toks, i);
		if (!(i == from && !strcmp(p, "&")))
			strbuf_adds(&key, p);
		free(p);
	}
	strbuf_adds(&key, ")");
	id = to > from ? strpool_intern(t->u->strings, key.buf) : 0;
	strbuf_release(&key);
	return id;
}

/* The source range of a static key test: the macro invocation c expands
 * (static_branch_unlikely(), static_key_enabled()), or a call of a
 * function the rules name (static_key_false()).  False if c is neither. */
static bool test_range(struct tu_ctx *t, CXCursor c, CXSourceRange *r)
{
	const struct macro_use *m = fe_macro_at(t, c);

	if (m && m->ref.kind == REF_STATIC_KEY_TEST) {
		*r = clang_getRange(fe_location_at(t, m->file, m->start, clang_getCursorLocation(c)),
				    fe_location_at(t, m->file, m->end, clang_getCursorLocation(c)));
		return true;
	}
	if (m || clang_getCursorKind(c) != CXCursor_CallExpr)
		return false;
	CXCursor callee = clang_getCursorReferenced(c);
	if (clang_getCursorKind(callee) != CXCursor_FunctionDecl)
		return false;
	char *name = fe_spelling(callee);
	bool yes = rules_is_static_key_test(t->fe->rules, name);
	free(name);
	*r = clang_getCursorExtent(c);
	return yes;
}

/* The correlation key of condition c when it is one static key test, as
 * the source spells it (`static_branch_likely(&k)`); 0 otherwise. */
str_id fe_static_key_test(struct tu_ctx *t, CXCursor c)
{
	CXSourceRange r;
	CXToken *toks;
	unsigned n;
	str_id id = 0;

	if (!t->fe->rules->static_key_tests.n || !test_range(t, c, &r))
		return 0;
	clang_tokenize(t->tu, r, &toks, &n);
	if (n >= 4 && clang_getTokenKind(toks[0]) == CXToken_Identifier) {
		char *name = token_text(t->tu, toks, 0);
		char *open = token_text(t->tu, toks, 1);
		if (rules_is_static_key_test(t->fe->rules, name) && !strcmp(open, "(") &&
		    closes_at_end(t->tu, toks, 1, n))
			id = key_from_tokens(t, toks, 2, n - 1);
		free(open);
		free(name);
	}
	clang_disposeTokens(t->tu, toks, n);
	return id;
}
