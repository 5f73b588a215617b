/*
 * canon.c - canonical text of lock and device expressions, lock type paths,
 * and the condition keys used for branch correlation.
 *
 * `&qp->sq.lock`, `qp->sq.lock` and `(&(qp)->sq.lock)` all canonicalize to
 * "qp->sq.lock"; `(*p).x` to "p->x"; casts and parentheses disappear.
 */
#include "fe_internal.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Append a token's spelling. */
static void add_token(struct tu_ctx *t, CXToken tok, struct strbuf *out)
{
	CXString s = clang_getTokenSpelling(t->tu, tok);

	strbuf_adds(out, clang_getCString(s));
	clang_disposeString(s);
}

/* At most this many tokens name an expression. */
#define CANON_MAX_TOKENS 32

/*
 * The extent of c as a range of one file, where the code wrote it: a
 * cursor's extent starting inside a macro body starts at the #define
 * (libclang maps only its end to the macro's use), so both ends are
 * taken as file locations (a macro argument where the driver wrote it,
 * a token of a macro body at the macro's use).  False when they land in
 * two files or out of order.  *span: its length in bytes.
 */
static bool file_extent_range(struct tu_ctx *t, CXCursor c, CXSourceRange *out, unsigned *span)
{
	CXSourceRange r = clang_getCursorExtent(c);
	CXFile sf = NULL, ef = NULL;
	unsigned so = 0, eo = 0;

	clang_getFileLocation(clang_getRangeStart(r), &sf, NULL, NULL, &so);
	clang_getFileLocation(clang_getRangeEnd(r), &ef, NULL, NULL, &eo);
	if (!sf || !ef || !clang_File_isEqual(sf, ef) || eo < so)
		return false;
	*out = clang_getRange(fe_location_at(t, sf, so, clang_getRangeStart(r)),
			      fe_location_at(t, ef, eo, clang_getRangeEnd(r)));
	*span = eo - so;
	return true;
}

/* The expression's tokens as written, concatenated without spaces: the
 * canonical text of what has no rule of its own. */
static void add_tokens(struct tu_ctx *t, CXCursor c, struct strbuf *out)
{
	CXSourceRange r;
	CXToken *toks = NULL;
	unsigned n = 0, span;

	if (!file_extent_range(t, c, &r, &span))
		return;
	clang_tokenize(t->tu, r, &toks, &n);
	for (unsigned i = 0; i < n && i < CANON_MAX_TOKENS; i++)
		add_token(t, toks[i], out);
	if (toks)
		clang_disposeTokens(t->tu, toks, n);
}

/*
 * An integer or character literal as spelled ("0x05004"), also when a
 * macro body spells it: its extent starts at the token itself, where the
 * #define wrote it, so that one token is the literal.
 */
static bool add_literal(struct tu_ctx *t, CXCursor c, struct strbuf *out)
{
	CXSourceLocation at = clang_getRangeStart(clang_getCursorExtent(c));
	CXToken *toks = NULL;
	unsigned n = 0;

	clang_tokenize(t->tu, clang_getRange(at, at), &toks, &n);
	if (n)
		add_token(t, toks[0], out);
	if (toks)
		clang_disposeTokens(t->tu, toks, n);
	return n > 0;
}

/* The which-th child of c that is an expression (skipping type refs and
 * the like), or the null cursor. */
static CXCursor first_expr_child(CXCursor c, int which)
{
	cursor_vec kids = VEC_INIT;
	CXCursor r = clang_getNullCursor();
	int seen = 0;

	fe_children(c, &kids);
	for (size_t i = 0; i < kids.n; i++)
		if (clang_isExpression(clang_getCursorKind(kids.v[i])) && seen++ == which) {
			r = kids.v[i];
			break;
		}
	VEC_FREE(kids);
	return r;
}

/* Is call a lock wrapper of the rules (spinlock_check()): a function
 * that returns the lock it is given? */
static bool is_lock_wrapper(struct tu_ctx *t, CXCursor call)
{
	CXCursor callee = clang_getCursorReferenced(call);
	char *name;
	bool yes;

	if (clang_Cursor_isNull(callee))
		return false;
	name = fe_spelling(callee);
	yes = rules_lookup(t->fe->rules, name).kind == REF_LOCK_WRAPPER;
	free(name);
	return yes;
}

/* Strip &, parentheses, casts and lock wrappers (spinlock_check()). */
CXCursor fe_strip_lock(struct tu_ctx *t, CXCursor c)
{
	for (;;) {
		c = fe_unwrap(c);
		enum CXCursorKind k = clang_getCursorKind(c);
		if (k == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf) {
			c = first_expr_child(c, 0);
			continue;
		}
		if (k == CXCursor_CallExpr && is_lock_wrapper(t, c) && clang_Cursor_getNumArguments(c) > 0) {
			c = clang_Cursor_getArgument(c, 0);
			continue;
		}
		return c;
	}
}

/* `base.field` or `base->field`: `(*p).x` is written "p->x", so the same
 * lock reached both ways gets one name. */
static void canon_member(struct tu_ctx *t, CXCursor c, struct strbuf *out)
{
	CXCursor base = first_expr_child(c, 0);
	char *field = fe_spelling(c);

	if (clang_Cursor_isNull(base)) {
		strbuf_adds(out, field);
		free(field);
		return;
	}
	CXCursor b = fe_unwrap(base);
	if (clang_getCursorKind(b) == CXCursor_UnaryOperator &&
	    clang_getCursorUnaryOperatorKind(b) == CXUnaryOperator_Deref) {
		fe_canon(t, first_expr_child(b, 0), out);
		strbuf_adds(out, "->");
	} else {
		fe_canon(t, base, out);
		strbuf_adds(out, fe_is_pointer(base) ? "->" : ".");
	}
	strbuf_adds(out, field);
	free(field);
}

/* `f(a, b)`, the arguments canonical: a call inside a macro body
 * (8390's `dev_lock(dev)`, `((struct ei_device *)netdev_priv(dev))->
 * page_lock`) has no tokens of its own at the macro's use. */
static void canon_call(struct tu_ctx *t, CXCursor c, struct strbuf *out)
{
	CXCursor callee = clang_getCursorReferenced(c);
	int nargs = clang_Cursor_getNumArguments(c);

	if (clang_getCursorKind(callee) != CXCursor_FunctionDecl || nargs < 0) {
		add_tokens(t, c, out);
		return;
	}
	char *name = fe_spelling(callee);
	strbuf_addf(out, "%s(", name);
	free(name);
	for (int i = 0; i < nargs; i++) {
		if (i)
			strbuf_addch(out, ',');
		fe_canon(t, clang_Cursor_getArgument(c, (unsigned)i), out);
	}
	strbuf_addch(out, ')');
}

/* A unary operator before its operand, or after it for x++ and x--. */
static void canon_unary(struct tu_ctx *t, CXCursor c, struct strbuf *out)
{
	enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
	CXString s = clang_getUnaryOperatorKindSpelling(op);
	bool postfix = op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PostDec;

	if (!postfix)
		strbuf_adds(out, clang_getCString(s));
	fe_canon(t, first_expr_child(c, 0), out);
	if (postfix)
		strbuf_adds(out, clang_getCString(s));
	clang_disposeString(s);
}

/* `l OP r`, operands canonical, no spaces. */
static void canon_binary(struct tu_ctx *t, CXCursor c, struct strbuf *out)
{
	CXString s = clang_getBinaryOperatorKindSpelling(clang_getCursorBinaryOperatorKind(c));

	fe_canon(t, first_expr_child(c, 0), out);
	strbuf_adds(out, clang_getCString(s));
	fe_canon(t, first_expr_child(c, 1), out);
	clang_disposeString(s);
}

/* "{struct tg3}" for a parameter or local that points to a named record:
 * the object a configuration test reads, named by its type. */
static bool typed_root(CXCursor ref, struct strbuf *out)
{
	CXCursor d = clang_getCursorReferenced(ref);
	enum CXCursorKind dk = clang_getCursorKind(d);
	CXType ty = clang_getCanonicalType(clang_getCursorType(d));

	if (dk != CXCursor_ParmDecl && !(dk == CXCursor_VarDecl && clang_Cursor_hasVarDeclGlobalStorage(d) == 0))
		return false;
	if (ty.kind != CXType_Pointer)
		return false;
	CXType rec = clang_getCanonicalType(clang_getPointeeType(ty));
	CXCursor decl = clang_getTypeDeclaration(rec);
	if (rec.kind != CXType_Record || clang_Cursor_isNull(decl) || clang_Cursor_isAnonymous(decl))
		return false;
	strbuf_addch(out, '{');
	fe_type_name(rec, out);
	strbuf_addch(out, '}');
	return true;
}

/*
 * Canonical text of expression c into out: parentheses and casts dropped,
 * members, subscripts and operators rebuilt from their parts, so spellings
 * of one lock or device compare equal; a lock wrapper (spinlock_check())
 * is its argument; anything else is its tokens, concatenated.
 */
void fe_canon(struct tu_ctx *t, CXCursor c, struct strbuf *out)
{
	c = fe_unwrap(c);
	switch (clang_getCursorKind(c)) {
	case CXCursor_MemberRefExpr:
		canon_member(t, c, out);
		return;
	case CXCursor_DeclRefExpr: {
		if (t->canon_typed_roots && typed_root(c, out))
			return;
		char *name = fe_spelling(c);
		strbuf_adds(out, name);
		free(name);
		return;
	}
	case CXCursor_ArraySubscriptExpr:
		fe_canon(t, first_expr_child(c, 0), out);
		strbuf_addch(out, '[');
		fe_canon(t, first_expr_child(c, 1), out);
		strbuf_addch(out, ']');
		return;
	case CXCursor_UnaryOperator:
		canon_unary(t, c, out);
		return;
	case CXCursor_BinaryOperator:
		canon_binary(t, c, out);
		return;
	case CXCursor_CallExpr:
		if (is_lock_wrapper(t, c) && clang_Cursor_getNumArguments(c) > 0) {
			fe_canon(t, fe_strip_lock(t, clang_Cursor_getArgument(c, 0)), out);
			return;
		}
		canon_call(t, c, out);
		return;
	case CXCursor_IntegerLiteral:
	case CXCursor_CharacterLiteral:
		if (!add_literal(t, c, out))
			add_tokens(t, c, out);
		return;
	default:
		add_tokens(t, c, out);
		return;
	}
}

str_id fe_lock_name(struct tu_ctx *t, CXCursor c)
{
	struct strbuf sb = STRBUF_INIT;
	str_id id;

	fe_canon(t, fe_strip_lock(t, c), &sb);
	id = sb.len ? strpool_intern(t->u->strings, sb.buf) : 0;
	strbuf_release(&sb);
	return id;
}

/*
 * The canonical spelling of a record type without qualifiers ("struct
 * mlx4_ib_qp" for a const qp_t); an anonymous struct is named by the
 * typedef the code used, since its canonical spelling names a file position.
 */
void fe_type_name(CXType ty, struct strbuf *out)
{
	CXType canon = clang_getUnqualifiedType(clang_getCanonicalType(ty));
	CXCursor decl = clang_getTypeDeclaration(canon);
	CXString ts;

	if (!clang_Cursor_isNull(decl) && clang_Cursor_isAnonymous(decl))
		ts = clang_getTypeSpelling(clang_getUnqualifiedType(ty));
	else
		ts = clang_getTypeSpelling(canon);
	strbuf_adds(out, clang_getCString(ts));
	clang_disposeString(ts);
}

/* "struct S::a.b": the struct that holds the lock, then the field path. */
str_id fe_lock_type(struct tu_ctx *t, CXCursor c)
{
	struct strbuf path = STRBUF_INIT, out = STRBUF_INIT;
	VEC(char *) fields = VEC_INIT;
	CXCursor cur = fe_strip_lock(t, c);
	CXType holder = { CXType_Invalid, { 0, 0 } };
	str_id id = 0;

	while (clang_getCursorKind(cur) == CXCursor_MemberRefExpr) {
		CXCursor base = first_expr_child(cur, 0);
		VEC_PUSH(fields, fe_spelling(cur));
		if (clang_Cursor_isNull(base))
			break;
		CXCursor b = fe_unwrap(base);
		if (fe_is_pointer(base)) {
			holder = clang_getPointeeType(clang_getCanonicalType(clang_getCursorType(base)));
			break;
		}
		if (clang_getCursorKind(b) == CXCursor_UnaryOperator &&
		    clang_getCursorUnaryOperatorKind(b) == CXUnaryOperator_Deref) {
			holder = clang_getPointeeType(clang_getCanonicalType(clang_getCursorType(first_expr_child(b, 0))));
			break;
		}
		if (clang_getCursorKind(b) != CXCursor_MemberRefExpr) {
			holder = clang_getCanonicalType(clang_getCursorType(b));
			break;
		}
		cur = b;
	}
	if (fields.n && holder.kind != CXType_Invalid) {
		fe_type_name(holder, &out);
		strbuf_adds(&out, "::");
		for (size_t i = fields.n; i-- > 0;)
			strbuf_addf(&out, "%s%s", fields.v[i], i ? "." : "");
		id = strpool_intern(t->u->strings, out.buf);
	} else if (!fields.n && clang_getCursorKind(cur) == CXCursor_DeclRefExpr) {
		CXCursor decl = clang_getCursorReferenced(cur);
		if (clang_getCursorKind(decl) == CXCursor_VarDecl && clang_Cursor_hasVarDeclGlobalStorage(decl) == 1) {
			char *name = fe_spelling(decl);
			id = strpool_intern(t->u->strings, name);
			free(name);
		} else if (!clang_Cursor_isNull(decl)) {
			/* a local or parameter: the lock's type ("struct spinlock") */
			CXType ty = clang_getCanonicalType(clang_getCursorType(cur));
			if (ty.kind == CXType_Pointer)
				ty = clang_getCanonicalType(clang_getPointeeType(ty));
			if (ty.kind == CXType_Record) {
				fe_type_name(ty, &out);
				id = strpool_intern(t->u->strings, out.buf);
			}
		}
	}
	for (size_t i = 0; i < fields.n; i++)
		free(fields.v[i]);
	VEC_FREE(fields);
	strbuf_release(&path);
	strbuf_release(&out);
	return id;
}

/* Is the expression a pointer (not an array that would decay)? */
static bool is_pointer_value(CXCursor c)
{
	return clang_getCanonicalType(clang_getCursorType(c)).kind == CXType_Pointer;
}

/* The device base of an __iomem address: regs in regs + OFF, &regs->ctrl, regs[i]. */
static CXCursor device_base(CXCursor c)
{
	for (;;) {
		c = fe_unwrap(c);
		enum CXCursorKind k = clang_getCursorKind(c);
		if (k == CXCursor_BinaryOperator) {
			enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
			if (op != CXBinaryOperator_Add && op != CXBinaryOperator_Sub)
				return c;
			CXCursor l = first_expr_child(c, 0), r = first_expr_child(c, 1);
			c = (!fe_is_pointer(l) && fe_is_pointer(r)) ? r : l;
			continue;
		}
		if (k == CXCursor_ArraySubscriptExpr) {
			/* regs->data[i]: an array inside a register struct is
			 * the struct's device, as &regs->ctrl is */
			CXCursor arr = fe_unwrap(first_expr_child(c, 0));
			if (clang_getCursorKind(arr) == CXCursor_MemberRefExpr) {
				CXCursor base = first_expr_child(arr, 0);
				if (!clang_Cursor_isNull(base) && fe_is_pointer(base) && !is_pointer_value(arr))
					return base;
			}
			c = arr;
			continue;
		}
		if (k == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf) {
			CXCursor in = fe_unwrap(first_expr_child(c, 0));
			if (clang_getCursorKind(in) == CXCursor_MemberRefExpr) {
				CXCursor base = first_expr_child(in, 0);
				if (!clang_Cursor_isNull(base) && fe_is_pointer(base))
					return base;
			}
			c = in;
			continue;
		}
		return c;
	}
}

/* The tokens of an expression as written, without spaces ("FOO_CTRL",
 * "0x40", "i*4"); at most 64 characters. */
void fe_source_text(struct tu_ctx *t, CXCursor c, struct strbuf *out)
{
	CXToken *toks = NULL;
	unsigned n = 0, span;
	CXSourceRange r;

	/* atmci_writel(host, ATMCI_IER, v) gives "ATMCI_IER", where the
	 * driver wrote it (file_extent_range) */
	if (!file_extent_range(t, c, &r, &span) || span > 256)
		return;
	clang_tokenize(t->tu, r, &toks, &n);
	for (unsigned i = 0; i < n && out->len < 64; i++)
		add_token(t, toks[i], out);
	if (toks)
		clang_disposeTokens(t->tu, toks, n);
}

/* A base as a type path when it is a member ("struct foo::regs"), so the
 * same register written through differently named pointers is one key. */
static void base_key(struct tu_ctx *t, CXCursor base, struct strbuf *out)
{
	str_id ty = clang_getCursorKind(fe_unwrap(base)) == CXCursor_MemberRefExpr ? fe_lock_type(t, base) : 0;

	if (ty)
		strbuf_adds(out, strpool_str(t->u->strings, ty));
	else
		fe_canon(t, base, out);
}

/* Is e a function's local variable (not a parameter, not static)?  Its
 * name says nothing about which register it points to. */
static bool is_local_variable(CXCursor e)
{
	CXCursor d = fe_named_variable(e);

	return !clang_Cursor_isNull(d) && clang_Cursor_hasVarDeclGlobalStorage(d) == 0;
}

/* clang_visitChildren callback of mentions_local(): stop at the first
 * local variable. */
static enum CXChildVisitResult local_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr && is_local_variable(c)) {
		*(bool *)data = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/* Does the expression use a local variable anywhere?  bnx2x_post_dmae()'s
 * `cmd_offset + i*4` is every DMAE channel's command memory, not one
 * register. */
static bool mentions_local(CXCursor e)
{
	bool found = is_local_variable(e);

	if (!found)
		clang_visitChildren(e, local_visit, &found);
	return found;
}

/*
 * MMIO005's register key of an address: "struct foo::regs+FOO_CTRL" for
 * `priv->regs + FOO_CTRL`, "struct foo_regs::ctrl" for `&regs->ctrl`, the
 * base's key when the address is the base itself.  0 when unknown, as
 * when the base is a local pointer: hfi1's write_csr() writes through
 * `base = dd->kregbase + offset`, qib_pio_copy() through `dst`, and one
 * key "base" for every CSR made unrelated registers one (MMIO005 false
 * positives on Linux 6.1).
 */
/* Append the file text [s, e) with each run of white space one blank. */
static void add_collapsed(struct strbuf *out, const char *text, unsigned s, unsigned e)
{
	bool blank = false;

	for (unsigned i = s; i < e; i++) {
		char ch = text[i];
		if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\\') {
			blank = true;
			continue;
		}
		if (blank && out->len)
			strbuf_addch(out, ' ');
		blank = false;
		strbuf_addch(out, ch);
	}
}

/* Does a macro body, not the macro's caller, spell operand c of call
 * (`__ew32(hw, E1000_##reg, (val))` in e1000e's ew32(), DOORBELL_RELAXED's
 * `(bp)->db_size * (cid)`)?  It then starts, as a file location, where the
 * macro use (and so the call) starts. */
bool fe_made_by_macro_body(CXCursor call, CXCursor c)
{
	CXSourceLocation cs = clang_getRangeStart(clang_getCursorExtent(c));
	CXSourceLocation ks = clang_getRangeStart(clang_getCursorExtent(call));
	CXFile cf = NULL, kf = NULL;
	unsigned co = 0, ko = 0;

	clang_getFileLocation(cs, &cf, NULL, NULL, &co);
	clang_getFileLocation(ks, &kf, NULL, NULL, &ko);
	return cf && kf && clang_File_isEqual(cf, kf) && co == ko && !clang_equalLocations(cs, ks);
}

/* Is text[i] a character of an identifier or a number? */
static bool word_char(char ch)
{
	return isalnum((unsigned char)ch) || ch == '_';
}

/*
 * The name of the object-like macro whose whole body is the integer
 * literal c (`#define E1000_EXTCNF_CTRL 0x00F00`, also in parentheses), so
 * a register offset that a macro body or a token paste makes is named as
 * the driver's header names it, not by its value or the macro call around
 * it.  False for any other constant.
 */
bool fe_constant_macro_name(struct tu_ctx *t, CXCursor c, struct strbuf *out)
{
	CXCursor u = fe_unwrap(c);
	CXFile file = NULL;
	unsigned off = 0;
	size_t size = 0, e, i;

	if (clang_getCursorKind(u) != CXCursor_IntegerLiteral)
		return false;
	clang_getSpellingLocation(clang_getRangeStart(clang_getCursorExtent(u)), &file, NULL, NULL, &off);
	const char *text = fe_file_text(t, file, &size);
	if (!text || off >= size || !word_char(text[off]))
		return false;
	for (e = off; e < size && word_char(text[e]); e++)
		;
	while (e < size && (text[e] == ' ' || text[e] == '\t' || text[e] == ')'))
		e++;
	if (e < size && text[e] != '\n' && text[e] != '\r' && strncmp(text + e, "/*", 2) && strncmp(text + e, "//", 2))
		return false;	/* more body after the literal */
	for (i = off; i > 0 && (text[i - 1] == ' ' || text[i - 1] == '\t' || text[i - 1] == '('); i--)
		;
	size_t name_end = i;
	while (i > 0 && word_char(text[i - 1]))
		i--;
	size_t name = i;
	while (i > 0 && (text[i - 1] == ' ' || text[i - 1] == '\t'))
		i--;
	if (name == name_end || isdigit((unsigned char)text[name]) || i < 6 || strncmp(text + i - 6, "define", 6))
		return false;
	for (i -= 6; i > 0 && (text[i - 1] == ' ' || text[i - 1] == '\t'); i--)
		;
	if (i == 0 || text[i - 1] != '#')
		return false;
	strbuf_add(out, text + name, name_end - name);
	return true;
}

/*
 * The offset of a register address, as the driver wrote it at the call:
 * `IntrStatus` for 8139cp's cpw16(IntrStatus, v), whose macro body adds
 * `(reg)` to cp->regs; `AT_XDMAC_GIE` for at_xdmac_write(atxdmac,
 * AT_XDMAC_GIE, v).  An offset made by a macro body (it starts where the
 * call's macro does: DOORBELL_RELAXED's `(bp)->db_size * (cid)`) is never
 * named by the macro call's text: it is the macro that names the
 * constant (fe_constant_macro_name()), or its value (`0x3c`), else
 * unknown (false).  An offset made with a local variable
 * (`reg`, `cmd_offset + i*4`) names no register either, like a local base
 * pointer.
 */
static bool register_offset(struct tu_ctx *t, CXCursor call, CXCursor off, struct strbuf *out)
{
	CXCursor u = fe_unwrap(off);
	CXSourceRange r = clang_getCursorExtent(u);
	CXFile sf, ef;
	unsigned s, e;
	size_t size = 0;
	bool ok;

	if (mentions_local(u))
		return false;	/* alx_mask_msix()'s `reg`: any register */
	clang_getFileLocation(clang_getRangeStart(r), &sf, NULL, NULL, &s);
	clang_getFileLocation(clang_getRangeEnd(r), &ef, NULL, NULL, &e);
	bool from_macro_body = fe_made_by_macro_body(call, u);
	const char *text = fe_file_text(t, sf, &size);
	if (!from_macro_body && text && ef && clang_File_isEqual(sf, ef) && e > s && e <= size && e - s <= 64) {
		add_collapsed(out, text, s, e);
		return true;
	}
	if (fe_constant_macro_name(t, u, out))
		return true;
	long long v = fe_const_value(u, &ok);
	if (!ok)
		return false;
	strbuf_addf(out, "0x%llx", (unsigned long long)v);
	return true;
}

/* Is lv no array element, or one at a constant index, or at an index
 * that is a parameter?  igb's `wr32(E1000_RAH(index), v)` is
 * `&hw_addr[E1000_RAH(index)]`: with a variable index it is any entry of
 * the receive address table (the PF's default entry, the VFs', the
 * filters' under nfc_lock), no one register.  qib_write_kreg(dd, regno, v)
 * writes `&dd->kregbase[regno]`: the register its caller names, which a
 * summary applied at the call writes in (kr_scratch), or drops when the
 * caller's argument has no name. */
static bool constant_element(CXCursor lv)
{
	CXCursor u = fe_unwrap(lv);
	bool ok;

	if (clang_getCursorKind(u) != CXCursor_ArraySubscriptExpr)
		return true;
	CXCursor index = fe_unwrap(first_expr_child(u, 1));
	if (clang_getCursorKind(index) == CXCursor_DeclRefExpr &&
	    clang_getCursorKind(clang_getCursorReferenced(index)) == CXCursor_ParmDecl)
		return true;
	(void)fe_const_value(index, &ok);
	return ok;
}

/* MMIO005's register key of the address argument `c` of the accessor call
 * `call`. */
str_id fe_register(struct tu_ctx *t, CXCursor call, CXCursor c)
{
	struct strbuf sb = STRBUF_INIT;
	CXCursor u = fe_unwrap(c);
	enum CXCursorKind k = clang_getCursorKind(u);
	str_id id = 0;

	if (k == CXCursor_BinaryOperator && (clang_getCursorBinaryOperatorKind(u) == CXBinaryOperator_Add ||
					      clang_getCursorBinaryOperatorKind(u) == CXBinaryOperator_Sub)) {
		CXCursor l = first_expr_child(u, 0), r = first_expr_child(u, 1);
		bool left_base = fe_is_pointer(l) || !fe_is_pointer(r);
		if (is_local_variable(left_base ? l : r))
			return 0;
		base_key(t, left_base ? l : r, &sb);
		strbuf_adds(&sb, clang_getCursorBinaryOperatorKind(u) == CXBinaryOperator_Add ? " + " : " - ");
		if (!register_offset(t, call, left_base ? r : l, &sb)) {
			strbuf_release(&sb);
			return 0;
		}
	} else if (k == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(u) == CXUnaryOperator_AddrOf) {
		if (!constant_element(first_expr_child(u, 0)))
			return 0;
		base_key(t, first_expr_child(u, 0), &sb);
	} else if (!is_local_variable(u)) {
		base_key(t, u, &sb);
	}
	if (sb.len)
		id = strpool_intern(t->u->strings, sb.buf);
	strbuf_release(&sb);
	return id;
}

str_id fe_device(struct tu_ctx *t, CXCursor c)
{
	struct strbuf sb = STRBUF_INIT;
	str_id id;
	CXCursor base = device_base(c);
	bool local = is_local_variable(base);

	if (local)
		strbuf_addch(&sb, IR_DEVICE_UNKNOWN);
	fe_canon(t, base, &sb);
	id = sb.len > (size_t)local ? strpool_intern(t->u->strings, sb.buf) : 0;
	strbuf_release(&sb);
	return id;
}

str_id fe_whole_device(struct tu_ctx *t, CXCursor c)
{
	struct strbuf sb = STRBUF_INIT;
	str_id id;

	strbuf_addch(&sb, IR_DEVICE_UNKNOWN);
	if (!clang_Cursor_isNull(c))
		fe_canon(t, c, &sb);
	id = strpool_intern(t->u->strings, sb.buf);
	strbuf_release(&sb);
	return id;
}

/*
 * A condition usable as a correlation key: only variables, members,
 * constants, ! ~ and comparisons / bitwise operators, and nothing in it
 * written anywhere in the function, except variables written by plain
 * stores (facts.c): tested alone (`top`) they are keys whatever their
 * stores, within an expression only when stored once.
 */
static bool pure_walk(struct fn_ctx *f, CXCursor c, bool top)
{
	c = fe_unwrap(c);
	switch (clang_getCursorKind(c)) {
	case CXCursor_IntegerLiteral:
	case CXCursor_CharacterLiteral:
		return true;
	case CXCursor_DeclRefExpr: {
		CXCursor d = clang_getCursorReferenced(c);
		enum CXCursorKind dk = clang_getCursorKind(d);
		if (dk == CXCursor_EnumConstantDecl)
			return true;
		if (dk != CXCursor_VarDecl && dk != CXCursor_ParmDecl)
			return false;
		char *name = fe_spelling(c);
		int tracked = fe_tracked_use(f, name);
		bool ok = !strpool_find(f->assigned, name) && (top || tracked != 1);
		free(name);
		return ok;
	}
	case CXCursor_MemberRefExpr: {
		struct strbuf sb = STRBUF_INIT;
		fe_canon(f->t, c, &sb);
		bool ok = !strpool_find(f->assigned, sb.buf);
		strbuf_release(&sb);
		CXCursor base = first_expr_child(c, 0);
		return ok && (clang_Cursor_isNull(base) || pure_walk(f, base, false));
	}
	case CXCursor_UnaryOperator: {
		enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
		if (op != CXUnaryOperator_LNot && op != CXUnaryOperator_Not && op != CXUnaryOperator_Minus &&
		    op != CXUnaryOperator_Deref)
			return false;
		return pure_walk(f, first_expr_child(c, 0), false);
	}
	case CXCursor_BinaryOperator: {
		enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
		if (op < CXBinaryOperator_Shl || op > CXBinaryOperator_LOr)
			return false;
		return pure_walk(f, first_expr_child(c, 0), false) && pure_walk(f, first_expr_child(c, 1), false);
	}
	default:
		return false;
	}
}

bool fe_pure_operand(struct fn_ctx *f, CXCursor c)
{
	return pure_walk(f, c, false) && !mentions_local(fe_unwrap(c));
}

/* The key of c with parameters and locals named by their type (see
 * fe_internal.h): the key fe_pure_key() or fe_pure_call_key() gives, asked
 * again with fe_canon() naming roots by type. */
str_id fe_config_key(struct fn_ctx *f, CXCursor c)
{
	struct strbuf key = STRBUF_INIT;
	bool pure = fe_pure_key(f, c, &key) || fe_pure_call_key(f, c, &key);

	strbuf_release(&key);
	return pure ? fe_config_key_of_pure(f, c) : 0;
}

str_id fe_config_key_of_pure(struct fn_ctx *f, CXCursor c)
{
	struct strbuf key = STRBUF_INIT;
	str_id id = 0;

	f->t->canon_typed_roots = true;	/* pure as written: now the text */
	if (fe_pure_key(f, c, &key) || fe_pure_call_key(f, c, &key))
		id = strchr(key.buf, '{') || strstr(key.buf, "::") ? strpool_intern(f->t->u->strings, key.buf) : 0;
	f->t->canon_typed_roots = false;
	strbuf_release(&key);
	return id;
}

bool fe_pure_key(struct fn_ctx *f, CXCursor c, struct strbuf *key)
{
	if (!pure_walk(f, c, true))
		return false;
	fe_canon(f->t, c, key);
	return key->len > 0;
}

/* Record a write of lhs (an array element as its array); `other`: one
 * that is no constant bit store (bitflags.c). */
static void note_written(struct fn_ctx *f, CXCursor lhs, bool other)
{
	struct strbuf sb = STRBUF_INIT;
	CXCursor u = fe_unwrap(lhs);

	while (clang_getCursorKind(u) == CXCursor_ArraySubscriptExpr)
		u = fe_unwrap(first_expr_child(u, 0));
	fe_canon(f->t, u, &sb);
	if (sb.len) {
		strpool_intern(f->assigned, sb.buf);
		if (other)
			strpool_intern(f->other_stored, sb.buf);
	}
	strbuf_release(&sb);
}

/*
 * `v = spin_trylock(&l)`: a store like any plain one (facts.c), so a local
 * stored by two trylocks (bnx2x_prev_mark_path()'s `rc =
 * down_interruptible()`, twice) is still tested alone, each store giving
 * the next test its outcome; only a variable that is no local or
 * parameter stops being a key at its second such store.  Returns false
 * when the assignment is not one.
 */
static bool note_trystore(struct fn_ctx *f, CXCursor assign)
{
	CXCursor lhs = fe_unwrap(first_expr_child(assign, 0));
	CXCursor rhs = first_expr_child(assign, 1);

	if (clang_getCursorKind(lhs) != CXCursor_DeclRefExpr || clang_Cursor_isNull(rhs) ||
	    !fe_is_trylock(f, fe_unwrap(rhs)))
		return false;
	char *name = fe_spelling(lhs);
	if (!fe_note_plain_store(f, lhs) && strpool_find(f->trystored, name))
		strpool_intern(f->assigned, name);
	strpool_intern(f->trystored, name);
	free(name);
	return true;
}

/* Is c the function's body (the compound statement lowered as a whole)? */
static bool is_body(const struct fn_ctx *f, CXCursor c)
{
	CXFile file;
	unsigned start;

	if (clang_getCursorKind(c) != CXCursor_CompoundStmt)
		return false;
	clang_getFileLocation(clang_getRangeStart(clang_getCursorExtent(c)), &file, NULL, NULL, &start);
	return file == f->body_file && start == f->body_start;
}

/* Start offset of c in its file. */
static unsigned start_offset(CXCursor c)
{
	unsigned off;

	clang_getFileLocation(clang_getRangeStart(clang_getCursorExtent(c)), NULL, NULL, NULL, &off);
	return off;
}

/* `if (cond) arm`: remember the arm, so stores made in it know cond. */
static void note_if_arm(struct fn_ctx *f, CXCursor ifs)
{
	cursor_vec kids = VEC_INIT;

	fe_children(ifs, &kids);
	if (kids.n >= 2) {
		struct if_arm a = { start_offset(kids.v[1]), kids.v[0] };
		VEC_PUSH(f->if_arms, a);
	}
	VEC_FREE(kids);
}

/* A function-pointer store (fnptr.c); when its block is the then-arm of
 * an `if` (tg3_get_invariants()'s `if (tg3_flag(tp, ICH_WORKAROUND)) {
 * tp->read32 = ...; }`), the condition is kept to name the block by
 * (finish_guards()). */
static void note_fnptr_store(struct fn_ctx *f, CXCursor assign, CXCursor parent)
{
	size_t before = f->t->u->fnptrs.n;
	bool compound = clang_getCursorKind(parent) == CXCursor_CompoundStmt;

	fe_note_fnptr_assign(f->t, assign, parent, is_body(f, parent));
	if (f->t->u->fnptrs.n == before)
		return;
	unsigned block = start_offset(compound ? parent : assign);
	for (size_t i = f->if_arms.n; i-- > 0;)
		if (f->if_arms.v[i].start == block) {
			for (size_t k = before; k < f->t->u->fnptrs.n; k++) {
				struct guarded_store g = { k, f->if_arms.v[i].cond };
				VEC_PUSH(f->guarded, g);
			}
			break;
		}
}

/* The guards of the stores made under an `if`, once the scan knows what
 * the body writes (the key is the branch's, fe_config_key()). */
static void finish_guards(struct fn_ctx *f)
{
	for (size_t i = 0; i < f->guarded.n; i++)
		f->t->u->fnptrs.v[f->guarded.v[i].fnptr].guard = fe_config_key(f, f->guarded.v[i].cond);
	VEC_FREE(f->guarded);
	VEC_FREE(f->if_arms);
}

static enum CXChildVisitResult scan_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	struct fn_ctx *f = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	if (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) {
		enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
		if (op == CXBinaryOperator_Assign)
			note_fnptr_store(f, c, parent);
		if (op == CXBinaryOperator_Assign && note_trystore(f, c))
			return CXChildVisit_Recurse;
		if (op == CXBinaryOperator_Assign && fe_note_plain_store(f, first_expr_child(c, 0)))
			return CXChildVisit_Recurse;
		if (op >= CXBinaryOperator_Assign && op <= CXBinaryOperator_OrAssign)
			note_written(f, first_expr_child(c, 0), !fe_note_bit_store(f, c));
		if (op == CXBinaryOperator_And)
			fe_note_bit_test(f, c);
	} else if (k == CXCursor_UnaryOperator) {
		enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
		if ((op >= CXUnaryOperator_PostInc && op <= CXUnaryOperator_PreDec) || op == CXUnaryOperator_AddrOf)
			note_written(f, first_expr_child(c, 0), true);
	} else if (k == CXCursor_VarDecl) {
		fe_scan_var_init(f->t, c, false);
		fe_note_plain_decl(f, c);
	} else if (k == CXCursor_IfStmt) {
		note_if_arm(f, c);
	} else if (k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt) {
		f->loop_depth++;
		clang_visitChildren(c, scan_visit, f);
		f->loop_depth--;
		return CXChildVisit_Continue;
	} else if (k == CXCursor_CompoundLiteralExpr) {
		fe_scan_literal(f->t, c);
	} else if (k == CXCursor_CallExpr || k == CXCursor_StmtExpr) {
		fe_note_container_view(f, c);
	}
	return CXChildVisit_Recurse;
}

/* The one walk over a body before lowering: variables written (for
 * condition keys), trylock stores, and function-pointer stores (fnptr.c). */
void fe_scan_assignments(struct fn_ctx *f, CXCursor body)
{
	clang_visitChildren(body, scan_visit, f);
	finish_guards(f);
}
