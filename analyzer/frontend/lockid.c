/*
 * lockid.c - one lock however a function spells it.
 *
 * A lock expression is a root and a path of members: `xc->vc.lock` is the
 * root xc and the steps ->vc .lock.  Drivers reach the same lock through
 * locals that are another name for part of that path:
 *
 *   struct virt_dma_chan *vc = &xc->vc;          vc->lock    is xc->vc.lock
 *   spinlock_t *l = &vc->lock;                   l           is xc->vc.lock
 *   struct uart_8250_port *up = up_to_u8250p(port);
 *                                                up->port.lock is port->lock
 *
 * (the last through container_of(port, struct uart_8250_port, port), in a
 * helper whose body is that one return or written in place: going down
 * the member container_of went up from gives the pointer it started from).
 * fe_lock_identity() rewrites the root through such locals until none is
 * left, then names the lock as fe_lock_name()/fe_lock_type() would have
 * named the rewritten expression, so `spin_lock(&vc->lock)` and
 * `spin_unlock(&xc->vc.lock)` are one lock ("xc->vc.lock", type path
 * "struct xdmac_chan::vc.lock").
 *
 * A local is followed only when its value is the one it was declared
 * with wherever it is used: declared with its initializer, never stored
 * again, never in a loop, its address never taken, and nothing in the
 * initializer (the root variable, a pointer member on the way) written in
 * the function (facts.c and canon.c's assignment scan).  Anything else
 * keeps its spelling: two names then stay two locks, as before, and the
 * engine's type-path match (engine.c do_release) still pairs them when
 * their type paths agree.  That is also why a copied pointer (`udc =
 * ep->udc`) is not followed: `udc->lock` and `ep->udc->lock` already
 * share the type path "struct usba_udc::lock", and renaming the lock
 * would only respell messages ("dev_id->vc.lock" for `mc = dev_id`).
 * A container_of whose member is not the one the path goes down
 * (`to_virt_chan(chan)->lock`) is not followed either: naming the
 * container in terms of the pointer would be a name no other spelling
 * has, so it would join nothing.
 */
#include "fe_internal.h"

#include <assert.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define LOCK_ALIAS_DEPTH 8	/* locals followed for one lock, at most */
#define CONTAINER_PATH_MAX 4	/* members of a container_of() path */
#define CONTAINER_TEXT_MAX 512	/* characters of a container_of() call read */

/* One member step: `->field` or `.field`, and the type it is taken from
 * (the pointer for `->`). */
struct lock_step {
	bool arrow;
	char *field;
	CXType base;
};

/* A lock expression as root + steps, steps[0] applied to the root.
 * kept_type: the type path from before a container_of was cancelled, 0
 * while none was (see rewrite_root). */
struct lock_chain {
	CXCursor root;
	VEC(struct lock_step) steps;
	str_id kept_type;
};

/* What a container_of() is made of: the pointer, and the member path it
 * points to (in the container). */
struct container_src {
	CXCursor ptr;
	char *member[CONTAINER_PATH_MAX];
	int n;
};

static void chain_free(struct lock_chain *ch)
{
	for (size_t i = 0; i < ch->steps.n; i++)
		free(ch->steps.v[i].field);
	VEC_FREE(ch->steps);
}

static void container_free(struct container_src *cs)
{
	for (int i = 0; i < cs->n; i++)
		free(cs->member[i]);
	cs->n = 0;
}

/* Is c the operator `op` applied to one operand? */
static bool is_unary(CXCursor c, enum CXUnaryOperatorKind op)
{
	return clang_getCursorKind(c) == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(c) == op;
}

/*
 * Split an expression into root and member steps, outermost member last:
 * `(*p).a.b` is root p, steps ->a .b.  Returns false when a member has no
 * base expression (nothing to name it by); chain_free() it either way.
 */
static bool decompose(CXCursor c, struct lock_chain *out)
{
	VEC(struct lock_step) rev = VEC_INIT;
	bool ok = true;

	c = fe_unwrap(c);
	while (ok && clang_getCursorKind(c) == CXCursor_MemberRefExpr) {
		CXCursor base = fe_nth_child(c, 0);
		ok = !clang_Cursor_isNull(base);
		if (!ok)
			break;
		CXCursor b = fe_unwrap(base);
		struct lock_step st = { fe_is_pointer(base), fe_spelling(c), clang_getCursorType(base) };
		if (!st.arrow && is_unary(b, CXUnaryOperator_Deref)) {
			b = fe_unwrap(fe_nth_child(b, 0));
			st.arrow = true;
			st.base = clang_getCursorType(b);
		}
		VEC_PUSH(rev, st);
		c = b;
	}
	out->root = c;
	for (size_t i = rev.n; i-- > 0;)
		VEC_PUSH(out->steps, rev.v[i]);
	VEC_FREE(rev);
	return ok;
}

/* A pointer (not an array that would decay to one)? */
static bool is_pointer_value(CXCursor c)
{
	return clang_getCanonicalType(clang_getCursorType(c)).kind == CXType_Pointer;
}

/* Has the function stored to what the canonical text of c names? */
static bool written(const struct fn_ctx *f, CXCursor c)
{
	struct strbuf sb = STRBUF_INIT;
	bool w;

	fe_canon(f->t, c, &sb);
	w = strpool_find(f->assigned, sb.buf) || strpool_find(f->plain_unstable, sb.buf);
	strbuf_release(&sb);
	return w;
}

/* Is every variable and pointer member an expression is made of left as
 * it is by the function (so the expression has one value throughout)? */
static bool stable_path(const struct fn_ctx *f, CXCursor c)
{
	c = fe_unwrap(c);
	switch (clang_getCursorKind(c)) {
	case CXCursor_DeclRefExpr:
		return !written(f, c);
	case CXCursor_MemberRefExpr: {
		CXCursor base = fe_nth_child(c, 0);
		return !clang_Cursor_isNull(base) && !(fe_is_pointer(c) && written(f, c)) && stable_path(f, base);
	}
	case CXCursor_UnaryOperator:
		if (is_unary(c, CXUnaryOperator_AddrOf) || is_unary(c, CXUnaryOperator_Deref))
			return stable_path(f, fe_nth_child(c, 0));
		return false;
	default:
		return false;
	}
}

/* The initializer of the local e names, when the local keeps that value
 * in the whole function; else a null cursor. */
static CXCursor alias_init(const struct fn_ctx *f, CXCursor e)
{
	CXCursor var = fe_named_variable(e);

	if (clang_Cursor_isNull(var) || clang_Cursor_hasVarDeclGlobalStorage(var) != 0)
		return clang_getNullCursor();
	CXCursor init = clang_Cursor_getVarDeclInitializer(var);
	if (clang_Cursor_isNull(init))
		return clang_getNullCursor();
	char *name = fe_spelling(var);
	bool once = strpool_find(f->plain, name) && !strpool_find(f->plain_unstable, name) &&
		    !strpool_find(f->assigned, name);
	free(name);
	return once ? fe_unwrap(init) : clang_getNullCursor();
}

/* Skip white space at text[*i]; false at a comment (read as not written
 * so: a comment could hide a comma or a parenthesis). */
static bool skip_space(const char *text, size_t n, size_t *i)
{
	while (*i < n && isspace((unsigned char)text[*i]))
		(*i)++;
	return !(*i + 1 < n && text[*i] == '/' && (text[*i + 1] == '*' || text[*i + 1] == '/'));
}

/* The identifier at text[*i] (empty when there is none), past it. */
static size_t identifier_at(const char *text, size_t n, size_t *i)
{
	size_t start = *i;

	while (*i < n && (isalnum((unsigned char)text[*i]) || text[*i] == '_'))
		(*i)++;
	return *i - start;
}

/*
 * The member path of `container_of(ptr, type, a.b)` at text[i], into cs:
 * the third argument must be identifiers joined by dots.  Read from the
 * text, not lexed by clang: clang_tokenize() needs a source location for
 * the offset, and finding one in a header scans every location entry.
 */
static bool container_text_member(const char *text, size_t n, size_t i, struct container_src *cs)
{
	static const char name[] = "container_of";
	unsigned depth = 0, commas = 0;

	if (n - i < sizeof(name) || memcmp(text + i, name, sizeof(name) - 1))
		return false;
	i += sizeof(name) - 1;
	if (!skip_space(text, n, &i) || i >= n || text[i] != '(')
		return false;
	for (depth = 1, i++; i < n && depth && commas < 2; i++) {
		if (i + 1 < n && text[i] == '/' && (text[i + 1] == '*' || text[i + 1] == '/'))
			return false;
		if (text[i] == '(' || text[i] == '[')
			depth++;
		else if (text[i] == ')' || text[i] == ']')
			depth--;
		else if (text[i] == ',' && depth == 1)
			commas++;
	}
	for (bool want_name = true; commas == 2 && depth == 1;) {
		if (!skip_space(text, n, &i) || i >= n)
			return false;
		if (want_name) {
			size_t start = i, len = identifier_at(text, n, &i);
			if (!len || isdigit((unsigned char)text[start]) || cs->n >= CONTAINER_PATH_MAX)
				return false;
			cs->member[cs->n++] = xstrndup(text + start, len);
		} else if (text[i] == ')') {
			return true;
		} else if (text[i++] != '.') {
			return false;
		}
		want_name = !want_name;
	}
	return false;
}

/*
 * The member path of `container_of(ptr, type, a.b)` as written where c
 * is expanded, into cs->member; false if c is not written so or the
 * member is more than identifiers and dots (`chan[0]`, `a->b`).
 */
static bool container_member(struct tu_ctx *t, CXCursor c, struct container_src *cs)
{
	CXFile file;
	unsigned off;
	size_t size = 0;
	const char *text;

	clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(c)), &file, NULL, NULL, &off);
	text = fe_file_text(t, file, &size);
	if (!text || off >= size)
		return false;
	size_t n = size - off > CONTAINER_TEXT_MAX ? off + CONTAINER_TEXT_MAX : size;
	if (container_text_member(text, n, off, cs))
		return true;
	container_free(cs);
	return false;
}

/* The pointer container_of() was given: the kernel's expansion starts
 * `void *__mptr = (void *)(ptr);`. */
static CXCursor container_ptr(CXCursor stmt_expr)
{
	CXCursor body = fe_nth_child(stmt_expr, 0), decl = fe_nth_child(body, 0);

	if (clang_getCursorKind(decl) != CXCursor_DeclStmt)
		return clang_getNullCursor();
	CXCursor var = fe_nth_child(decl, 0);
	char *name = fe_spelling(var);
	bool mptr = !strcmp(name, "__mptr");
	free(name);
	CXCursor init = mptr ? clang_Cursor_getVarDeclInitializer(var) : clang_getNullCursor();
	return clang_Cursor_isNull(init) ? init : fe_unwrap(init);
}

/* A container_of() written in place: its pointer and member path. */
static bool container_in_place(struct tu_ctx *t, CXCursor c, struct container_src *cs)
{
	if (clang_getCursorKind(c) != CXCursor_StmtExpr)
		return false;
	cs->ptr = container_ptr(c);
	return !clang_Cursor_isNull(cs->ptr) && container_member(t, c, cs);
}

/*
 * `to_virt_chan(chan)`: a call of a function whose body is only `return
 * container_of(param, T, m);` is that container_of of the argument.
 */
static bool container_helper(struct tu_ctx *t, CXCursor call, struct container_src *cs)
{
	if (clang_getCursorKind(call) != CXCursor_CallExpr)
		return false;
	CXCursor def = clang_getCursorDefinition(clang_getCursorReferenced(call));
	if (clang_Cursor_isNull(def) || clang_getCursorKind(def) != CXCursor_FunctionDecl)
		return false;
	cursor_vec kids = VEC_INIT;
	fe_children(def, &kids);
	CXCursor body = kids.n ? kids.v[kids.n - 1] : clang_getNullCursor();
	VEC_FREE(kids);
	if (clang_getCursorKind(body) != CXCursor_CompoundStmt || !clang_Cursor_isNull(fe_nth_child(body, 1)))
		return false;
	CXCursor ret = fe_nth_child(body, 0);
	if (clang_getCursorKind(ret) != CXCursor_ReturnStmt)
		return false;
	CXCursor inner = fe_unwrap(fe_nth_child(ret, 0));
	if (!container_in_place(t, inner, cs))
		return false;
	CXCursor parm = clang_getCursorReferenced(cs->ptr);
	if (clang_getCursorKind(cs->ptr) == CXCursor_DeclRefExpr && clang_getCursorKind(parm) == CXCursor_ParmDecl)
		for (int i = 0; i < clang_Cursor_getNumArguments(def) && i < clang_Cursor_getNumArguments(call); i++)
			if (clang_equalCursors(clang_Cursor_getArgument(def, (unsigned)i), parm)) {
				cs->ptr = clang_Cursor_getArgument(call, (unsigned)i);
				return true;
			}
	container_free(cs);
	return false;
}

/* Replace the chain's root by `repl` split into root and steps, keeping
 * the chain's steps from `from` on. */
static void splice_root(struct lock_chain *ch, struct lock_chain *repl, size_t from)
{
	assert(from <= ch->steps.n);
	for (size_t i = 0; i < from; i++)
		free(ch->steps.v[i].field);
	for (size_t i = from; i < ch->steps.n; i++)
		VEC_PUSH(repl->steps, ch->steps.v[i]);
	VEC_FREE(ch->steps);
	repl->kept_type = ch->kept_type;
	*ch = *repl;
}

/*
 * `container_of(P, T, m)->m.rest` is `P->rest`: rewrite when the chain
 * goes down the whole member path and on past it.
 */
static bool cancel_container(struct lock_chain *ch, struct container_src *cs)
{
	size_t k = (size_t)cs->n;
	struct lock_chain repl = { clang_getNullCursor(), VEC_INIT, 0 };

	assert(cs->n > 0 && cs->n <= CONTAINER_PATH_MAX && !clang_Cursor_isNull(cs->ptr));
	if (ch->steps.n <= k || !ch->steps.v[0].arrow)
		return false;
	for (size_t i = 0; i < k; i++)
		if (strcmp(ch->steps.v[i].field, cs->member[i]) || (i && ch->steps.v[i].arrow))
			return false;
	if (ch->steps.v[k].arrow || !decompose(cs->ptr, &repl)) {
		chain_free(&repl);
		return false;
	}
	ch->steps.v[k].arrow = true;
	ch->steps.v[k].base = clang_getCursorType(cs->ptr);
	splice_root(ch, &repl, k);
	return true;
}

/* `(&E)->f`, and `p->f` with p = &E, are `E.f`. */
static bool follow_address(struct fn_ctx *f, struct lock_chain *ch, CXCursor target)
{
	struct lock_chain repl = { clang_getNullCursor(), VEC_INIT, 0 };

	if (!stable_path(f, target) || !decompose(target, &repl)) {
		chain_free(&repl);
		return false;
	}
	if (ch->steps.n) {
		ch->steps.v[0].arrow = false;
		ch->steps.v[0].base = clang_getCursorType(target);
	}
	splice_root(ch, &repl, 0);
	return true;
}

static str_id chain_type(struct tu_ctx *t, const struct lock_chain *ch);

/*
 * One rewrite of the chain's root; false when none applies.  Cancelling a
 * container_of keeps the type path the chain had: `mc->vc.lock` with mc =
 * to_milbeaut_hdmac_chan(vc) is named "vc->lock" but stays "struct
 * milbeaut_hdmac_chan::vc.lock", the type path every other function
 * writing `mc->vc.lock` gives it (MMIO005 compares locks by type path
 * across functions).
 */
static bool rewrite_root(struct fn_ctx *f, struct lock_chain *ch)
{
	CXCursor r = fe_unwrap(ch->root);
	struct container_src cs = { clang_getNullCursor(), { NULL }, 0 };
	bool arrow = ch->steps.n && ch->steps.v[0].arrow, done = false;

	if (is_unary(r, CXUnaryOperator_AddrOf) && arrow)
		return follow_address(f, ch, fe_nth_child(r, 0));
	CXCursor init = alias_init(f, r);
	if (!clang_Cursor_isNull(init)) {
		r = init;
		if (is_unary(init, CXUnaryOperator_AddrOf) && (arrow || !ch->steps.n))
			return follow_address(f, ch, fe_nth_child(init, 0));
	}
	if (arrow && (container_in_place(f->t, r, &cs) || container_helper(f->t, r, &cs))) {
		str_id before = ch->kept_type ? ch->kept_type : chain_type(f->t, ch);
		done = stable_path(f, cs.ptr) && cancel_container(ch, &cs);
		if (done)
			ch->kept_type = before;
	}
	container_free(&cs);
	return done;
}

/* The chain as fe_canon() writes it: "xc->vc.lock". */
static str_id chain_name(struct tu_ctx *t, const struct lock_chain *ch)
{
	struct strbuf sb = STRBUF_INIT;
	str_id id;

	fe_canon(t, ch->root, &sb);
	for (size_t i = 0; i < ch->steps.n; i++)
		strbuf_addf(&sb, "%s%s", ch->steps.v[i].arrow ? "->" : ".", ch->steps.v[i].field);
	id = sb.len ? strpool_intern(t->u->strings, sb.buf) : 0;
	strbuf_release(&sb);
	return id;
}

/* The chain's type path as fe_lock_type() writes one: the struct after
 * the last `->` (else the root's), then the fields from there. */
static str_id chain_type(struct tu_ctx *t, const struct lock_chain *ch)
{
	struct strbuf sb = STRBUF_INIT;
	size_t from = 0;
	CXType holder = clang_getCanonicalType(clang_getCursorType(ch->root));
	str_id id = 0;

	if (!ch->steps.n)
		return fe_lock_type(t, ch->root);
	for (size_t i = ch->steps.n; i-- > 0;)
		if (ch->steps.v[i].arrow) {
			holder = clang_getPointeeType(clang_getCanonicalType(ch->steps.v[i].base));
			from = i;
			break;
		}
	if (holder.kind == CXType_Invalid)
		return 0;
	fe_type_name(holder, &sb);
	strbuf_adds(&sb, "::");
	for (size_t i = from; i < ch->steps.n; i++)
		strbuf_addf(&sb, "%s%s", ch->steps.v[i].field, i + 1 < ch->steps.n ? "." : "");
	id = strpool_intern(t->u->strings, sb.buf);
	strbuf_release(&sb);
	return id;
}

/* Rewrite the chain's root while a rule applies; how many did. */
static int resolve(struct fn_ctx *f, struct lock_chain *ch)
{
	int rewrites = 0;

	while (rewrites < LOCK_ALIAS_DEPTH && rewrite_root(f, ch))
		rewrites++;
	return rewrites;
}

/* Might c be a container_of() of a variable: a statement expression, or
 * a call of one argument that names a variable, returning a pointer to a
 * record?  A cheap filter before the helper's body is read. */
static bool container_candidate(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CXType ty = clang_getCanonicalType(clang_getCursorType(c));

	if (ty.kind != CXType_Pointer || clang_getCanonicalType(clang_getPointeeType(ty)).kind != CXType_Record)
		return false;
	if (k == CXCursor_StmtExpr)
		return true;
	return k == CXCursor_CallExpr && clang_Cursor_getNumArguments(c) == 1 &&
	       clang_getCursorKind(fe_unwrap(clang_Cursor_getArgument(c, 0))) == CXCursor_DeclRefExpr;
}

void fe_note_container_view(struct fn_ctx *f, CXCursor c)
{
	struct container_src cs = { clang_getNullCursor(), { NULL }, 0 };
	struct strbuf sb = STRBUF_INIT;

	if (!container_candidate(c) || (!container_in_place(f->t, c, &cs) && !container_helper(f->t, c, &cs)))
		return;
	CXCursor ptr = fe_unwrap(cs.ptr);
	CXType ty = clang_getCanonicalType(clang_getCursorType(c));
	if (clang_getCursorKind(ptr) == CXCursor_DeclRefExpr) {
		fe_type_name(clang_getPointeeType(ty), &sb);
		strbuf_adds(&sb, "::");
		for (int i = 0; i < cs.n; i++)
			strbuf_addf(&sb, "%s%s", i ? "." : "", cs.member[i]);
		char *name = fe_spelling(ptr);
		struct container_view v = { strpool_intern(f->t->u->strings, name),
					    strpool_intern(f->t->u->strings, sb.buf) };
		bool seen = false;
		for (size_t i = 0; i < f->views.n && !seen; i++)
			seen = f->views.v[i].ptr == v.ptr && f->views.v[i].member == v.member;
		if (!seen)
			VEC_PUSH(f->views, v);
		free(name);
	}
	strbuf_release(&sb);
	container_free(&cs);
}

void fe_export_param_views(struct fn_ctx *f)
{
	for (size_t i = 0; i < f->views.n; i++) {
		const char *name = strpool_str(f->t->u->strings, f->views.v[i].ptr);
		if (strpool_find(f->assigned, name) || strpool_find(f->plain, name))
			continue;
		for (size_t k = 0; k < f->fn->params.n; k++)
			if (f->fn->params.v[k] == f->views.v[i].ptr) {
				struct ir_param_view v = { (uint32_t)k, f->views.v[i].member };
				VEC_PUSH(f->fn->param_views, v);
			}
	}
}

/*
 * The type path of a chain whose root the function also views as a
 * container's member (fe_note_container_view): rp2_uart_shutdown()'s
 * `port->lock`, with `up = port_to_up(port)`, is "struct
 * rp2_uart_port::port.lock", the path every function writing
 * `up->port.lock` gives it.  0 when there is no one such view, the root
 * is written, or the path goes through another pointer.
 */
static str_id viewed_type(struct fn_ctx *f, const struct lock_chain *ch)
{
	struct strbuf sb = STRBUF_INIT;
	str_id view = 0, id = 0;

	if (!ch->steps.n || !ch->steps.v[0].arrow || clang_getCursorKind(fe_unwrap(ch->root)) != CXCursor_DeclRefExpr)
		return 0;
	for (size_t i = 1; i < ch->steps.n; i++)
		if (ch->steps.v[i].arrow)
			return 0;
	char *name = fe_spelling(ch->root);
	str_id root = strpool_find(f->t->u->strings, name);
	free(name);
	for (size_t i = 0; root && i < f->views.n; i++)
		if (f->views.v[i].ptr == root) {
			if (view && view != f->views.v[i].member)
				return 0;	/* two containers: no one name */
			view = f->views.v[i].member;
		}
	if (!view || !stable_path(f, ch->root))
		return 0;
	strbuf_adds(&sb, strpool_str(f->t->u->strings, view));
	for (size_t i = 0; i < ch->steps.n; i++)
		strbuf_addf(&sb, ".%s", ch->steps.v[i].field);
	id = strpool_intern(f->t->u->strings, sb.buf);
	strbuf_release(&sb);
	return id;
}

void fe_lock_identity(struct fn_ctx *f, CXCursor c, str_id *name, str_id *type)
{
	struct lock_chain ch = { clang_getNullCursor(), VEC_INIT, 0 };
	bool split = decompose(fe_strip_lock(f->t, c), &ch);

	if (split && resolve(f, &ch)) {
		*name = chain_name(f->t, &ch);
		*type = ch.kept_type ? ch.kept_type : chain_type(f->t, &ch);
	} else {
		*name = fe_lock_name(f->t, c);
		*type = fe_lock_type(f->t, c);
	}
	str_id viewed = split && !ch.kept_type ? viewed_type(f, &ch) : 0;
	if (viewed)
		*type = viewed;
	chain_free(&ch);
}

bool fe_resolved_lvalue(struct fn_ctx *f, CXCursor lv, struct strbuf *out)
{
	struct lock_chain ch = { clang_getNullCursor(), VEC_INIT, 0 };
	str_id id = 0;

	if (decompose(lv, &ch) && resolve(f, &ch))
		id = chain_name(f->t, &ch);
	if (id)
		strbuf_adds(out, strpool_str(f->t->u->strings, id));
	chain_free(&ch);
	return id != 0;
}

bool fe_alias_text(struct fn_ctx *f, CXCursor e, struct strbuf *out)
{
	struct lock_chain ch = { clang_getNullCursor(), VEC_INIT, 0 };
	CXCursor init = alias_init(f, e);
	str_id id = 0;

	if (clang_Cursor_isNull(init) || !is_pointer_value(e) || !is_unary(init, CXUnaryOperator_AddrOf))
		return false;
	CXCursor target = fe_nth_child(init, 0);
	if (stable_path(f, target) && decompose(target, &ch)) {
		resolve(f, &ch);
		id = chain_name(f->t, &ch);
	}
	if (id)
		strbuf_addf(out, "&%s", strpool_str(f->t->u->strings, id));
	chain_free(&ch);
	return id != 0;
}
