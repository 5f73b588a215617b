/*
 * lower.c - function bodies to the event CFG.
 *
 * Statements become edges between IR nodes; only calls the rules know
 * become events.  A call site matches a rule by the macro name written there
 * first (spin_lock_irqsave, writel_relaxed, mmiowb are macros on x86), then
 * by the callee's name.  Conditions are lowered with short-circuit targets
 * (lower_cond) so `if (!spin_trylock(&l)) return;` branches on the trylock.
 */
#include "fe_internal.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>


/* ---- node helpers ---- */

uint32_t fe_new_node(struct fn_ctx *f, enum ir_op op, CXCursor at)
{
	struct ir_node n = ir_node_make(op);

	if (!clang_Cursor_isNull(at))
		fe_loc(f->t, at, &n.loc);
	n.stmt_first_line = f->stmt_first;
	n.stmt_last_line = f->stmt_last;
	return ir_add_node(f->fn, &n);
}

uint32_t fe_new_label(struct fn_ctx *f)
{
	return fe_new_node(f, IR_NOP, clang_getNullCursor());
}

void fe_link(struct fn_ctx *f, uint32_t from, uint32_t to, enum ir_edge_kind k)
{
	if (from != IR_NONE && to != IR_NONE)
		ir_add_edge(f->fn, from, to, k);
}

/* Append a node after the current one; it becomes current. */
uint32_t fe_emit(struct fn_ctx *f, uint32_t node)
{
	fe_link(f, f->cur, node, IR_EDGE_NEXT);
	f->cur = node;
	return node;
}

uint32_t fe_label_named(struct fn_ctx *f, CXCursor c)
{
	char *name = fe_spelling(c);
	str_id id = strpool_intern(f->t->u->strings, name);

	free(name);
	for (size_t i = 0; i < f->labels.n; i++)
		if (f->labels.v[i].name == id)
			return f->labels.v[i].node;
	struct label l = { id, fe_new_label(f), false, 0, 0, 0 };
	VEC_PUSH(f->labels, l);
	return l.node;
}

CXCursor fe_nth_child(CXCursor c, size_t i)
{
	cursor_vec kids = VEC_INIT;
	CXCursor r = clang_getNullCursor();

	fe_children(c, &kids);
	if (i < kids.n)
		r = kids.v[i];
	VEC_FREE(kids);
	return r;
}

/* ---- primitives ---- */

struct prim {
	struct rule_ref ref;
	const char *name;	/* as written */
	CXCursor args[8];	/* argument cursors, or null */
	int nargs;
	unsigned arg_start[8], arg_end[8];	/* a rule macro's arguments in the
						 * main file (an expansion may
						 * drop them: __acquire(x)) */
	bool arg_text;
};

/* Argument cursors of a rule macro: the outermost expression inside the
 * expansion whose extent is exactly that argument's tokens. */
struct arg_find {
	unsigned start[8], end[8];
	CXCursor found[8];
	int n;
};

/* Extent in file offsets where macro arguments are spelled. */
static void file_extent(CXCursor c, unsigned *s, unsigned *e)
{
	CXSourceRange r = clang_getCursorExtent(c);

	clang_getFileLocation(clang_getRangeStart(r), NULL, NULL, NULL, s);
	clang_getFileLocation(clang_getRangeEnd(r), NULL, NULL, NULL, e);
}

static enum CXChildVisitResult find_args(CXCursor c, CXCursor parent, CXClientData data)
{
	struct arg_find *a = data;
	unsigned s, e;

	(void)parent;
	if (!clang_isExpression(clang_getCursorKind(c)))
		return CXChildVisit_Recurse;
	file_extent(c, &s, &e);
	for (int i = 0; i < a->n; i++)
		if (clang_Cursor_isNull(a->found[i]) && s == a->start[i] && e >= s && e <= a->end[i]) {
			a->found[i] = c;
			return CXChildVisit_Continue;
		}
	return CXChildVisit_Recurse;
}

static void macro_args(struct fn_ctx *f, CXCursor c, const struct macro_use *m, struct prim *p)
{
	CXToken *toks;
	unsigned n, depth = 0;
	struct arg_find a;
	CXSourceLocation sl = fe_location_at(f->t, m->file, m->start, clang_getCursorLocation(c));
	CXSourceLocation el = fe_location_at(f->t, m->file, m->end, clang_getCursorLocation(c));

	memset(&a, 0, sizeof(a));
	for (int i = 0; i < 8; i++)
		a.found[i] = clang_getNullCursor();
	clang_tokenize(f->t->tu, clang_getRange(sl, el), &toks, &n);
	int arg_start = -1;
	for (unsigned i = 0; i < n; i++) {
		CXString s = clang_getTokenSpelling(f->t->tu, toks[i]);
		const char *sp = clang_getCString(s);
		unsigned off;
		clang_getExpansionLocation(clang_getTokenLocation(f->t->tu, toks[i]), NULL, NULL, NULL, &off);
		if (!strcmp(sp, "(") || !strcmp(sp, "[") || !strcmp(sp, "{")) {
			if (depth++ == 0)
				arg_start = (int)i + 1;
		} else if (!strcmp(sp, ")") || !strcmp(sp, "]") || !strcmp(sp, "}") || (!strcmp(sp, ",") && depth == 1)) {
			bool close = strcmp(sp, ",") != 0;
			if ((close && depth == 1) || !close) {
				if (arg_start >= 0 && arg_start < (int)i && a.n < 8) {
					unsigned s0, e0;
					CXSourceRange r0 = clang_getTokenExtent(f->t->tu, toks[arg_start]);
					CXSourceRange r1 = clang_getTokenExtent(f->t->tu, toks[i - 1]);
					clang_getFileLocation(clang_getRangeStart(r0), NULL, NULL, NULL, &s0);
					clang_getFileLocation(clang_getRangeEnd(r1), NULL, NULL, NULL, &e0);
					a.start[a.n] = s0;
					a.end[a.n] = e0;
					a.n++;
				}
				arg_start = (int)i + 1;
			}
			if (close)
				depth--;
		}
		clang_disposeString(s);
		(void)off;
		if (depth == 0 && arg_start > 0 && i > 0)
			break;
	}
	clang_disposeTokens(f->t->tu, toks, n);
	clang_visitChildren(c, find_args, &a);
	p->nargs = a.n;
	p->arg_text = m->file == f->t->main_file;
	for (int i = 0; i < a.n; i++) {
		p->args[i] = a.found[i];
		p->arg_start[i] = a.start[i];
		p->arg_end[i] = a.end[i];
	}
}

static enum CXChildVisitResult first_child(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	*(CXCursor *)data = c;
	return CXChildVisit_Break;
}

/*
 * The rule macro that spells a call's callee, when no macro covers the
 * whole call: x86's `#define inw __inw` and `#define __raw_writel __writel`
 * make `inw(port)` a call of __inw, which the rules do not name, through a
 * macro use covering the function name only.
 */
static const struct macro_use *callee_macro(struct fn_ctx *f, CXCursor call)
{
	CXCursor callee = clang_getNullCursor();

	if (f->t->win_lo >= f->t->win_hi)
		return NULL;	/* no rule macro in this function */
	clang_visitChildren(call, first_child, &callee);
	if (clang_Cursor_isNull(callee))
		return NULL;
	const struct macro_use *m = fe_macro_at(f->t, callee);
	return m && m->ref.kind != REF_STATIC_KEY_TEST ? m : NULL;
}

/* The call's own arguments, up to eight. */
static void call_args(CXCursor c, struct prim *p)
{
	p->nargs = clang_Cursor_getNumArguments(c);
	if (p->nargs > 8)
		p->nargs = 8;
	for (int i = 0; i < p->nargs; i++)
		p->args[i] = clang_Cursor_getArgument(c, (unsigned)i);
}

/* Is this cursor a rule primitive?  Fills p. */
static bool match_prim(struct fn_ctx *f, CXCursor c, struct prim *p, char **owned)
{
	const struct macro_use *m = fe_macro_at(f->t, c);

	*owned = NULL;
	memset(p, 0, sizeof(*p));
	if (m && m->ref.kind == REF_STATIC_KEY_TEST)
		return false;	/* a condition key, no event (statickey.c) */
	if (m) {
		p->ref = m->ref;
		p->name = m->name;
		macro_args(f, c, m, p);
		return true;
	}
	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return false;
	if ((m = callee_macro(f, c))) {
		p->ref = m->ref;
		p->name = m->name;
		call_args(c, p);
		return true;
	}
	CXCursor callee = clang_getCursorReferenced(c);
	if (clang_getCursorKind(callee) != CXCursor_FunctionDecl)
		return false;
	char *name = fe_spelling(callee);
	struct rule_ref ref = rules_lookup(f->t->fe->rules, name);
	if (ref.kind == REF_NONE || ref.kind == REF_LOCK_WRAPPER) {
		free(name);
		return false;
	}
	if (ref.kind == REF_ACCESSOR) {
		int via = fe_accessor_via_driver_macro(f->t, c, ref.index);
		if (via != ref.index) {
			free(name);
			name = xstrdup(f->t->fe->rules->accessors.v[via].name);
			ref.index = via;
		}
	}
	p->ref = ref;
	p->name = name;
	*owned = name;
	call_args(c, p);
	return true;
}

static CXCursor prim_arg(const struct prim *p, int i)
{
	return i >= 0 && i < p->nargs ? p->args[i] : clang_getNullCursor();
}

/* Lower the arguments' own side effects (a readl() inside a writel()). */
static void lower_prim_args(struct fn_ctx *f, const struct prim *p)
{
	for (int i = 0; i < p->nargs; i++)
		if (!clang_Cursor_isNull(p->args[i]))
			fe_lower_expr(f, p->args[i]);
}

/*
 * The lock a sparse marker names, from the text of its argument: the
 * macro expands to (void)0, so no expression is left to name it.
 * `&recv_cq->lock` gives "recv_cq->lock", as fe_lock_identity() names
 * spin_lock_irq(&recv_cq->lock).  0 when the text is not in the main file.
 */
static str_id marker_lock(struct fn_ctx *f, const struct prim *p, int i)
{
	const char *src = f->t->u->source;
	struct strbuf sb = STRBUF_INIT;
	str_id id = 0;

	if (!p->arg_text || !src || i < 0 || i >= p->nargs || p->arg_end[i] > f->t->u->source_len)
		return 0;
	for (unsigned k = p->arg_start[i]; k < p->arg_end[i]; k++)
		if (!isspace((unsigned char)src[k]))
			strbuf_addch(&sb, src[k]);
	const char *t = sb.buf;
	size_t len = sb.len;
	while (len >= 2 && t[0] == '(' && t[len - 1] == ')') {
		t++;
		len -= 2;
	}
	if (len && t[0] == '&') {
		t++;
		len--;
	}
	if (len)
		id = strpool_intern_n(f->t->u->strings, t, len);
	strbuf_release(&sb);
	return id;
}

/* Build the event node of a primitive (not linked). */
static uint32_t prim_node(struct fn_ctx *f, CXCursor c, const struct prim *p)
{
	const struct rules *r = f->t->fe->rules;
	struct ir_node n = ir_node_make(IR_NOP);

	fe_loc(f->t, c, &n.loc);
	n.stmt_first_line = f->stmt_first ? f->stmt_first : n.loc.line;
	n.stmt_last_line = f->stmt_last ? f->stmt_last : n.loc.end_line;
	n.spelled = strpool_intern(f->t->u->strings, p->name);
	n.rule = p->ref.index;
	if (p->ref.kind == REF_LOCK) {
		const struct lock_api *api = &r->apis.v[p->ref.index];
		n.op = api->op == LOCK_ACQUIRE ? IR_ACQUIRE : api->op == LOCK_RELEASE ? IR_RELEASE : IR_TRYACQUIRE;
		CXCursor a = prim_arg(p, api->lock_arg);
		if (!clang_Cursor_isNull(a))
			fe_lock_identity(f, a, &n.lock, &n.lock_type);
		else if (r->kinds.v[api->kind].marker)
			n.lock = marker_lock(f, p, api->lock_arg);
	} else if (p->ref.kind == REF_ACCESSOR) {
		const struct accessor *acc = &r->accessors.v[p->ref.index];
		n.op = acc->dir == MMIO_WRITE ? IR_MMIO_WRITE : IR_MMIO_READ;
		CXCursor a = prim_arg(p, acc->addr_arg);
		if (r->classes.v[acc->klass].whole_device)
			n.device = fe_whole_device(f->t, a);
		else if (!clang_Cursor_isNull(a)) {
			n.device = fe_device(f->t, a);
			if (n.op == IR_MMIO_WRITE)
				n.reg = fe_register(f->t, c, a);
		}
	} else {
		n.op = IR_BARRIER;
	}
	return ir_add_node(f->fn, &n);
}

/* A primitive in value context; a trylock here continues both ways. */
static void emit_prim(struct fn_ctx *f, CXCursor c, const struct prim *p, str_id result_key)
{
	lower_prim_args(f, p);
	uint32_t n = prim_node(f, c, p);
	if (f->fn->nodes.v[n].op == IR_TRYACQUIRE) {
		uint32_t next = fe_new_label(f);
		/* the engine gives the key the result's C truth: true on
		 * success, false for "zero on success" APIs
		 * (ret = mutex_lock_interruptible()) */
		f->fn->nodes.v[n].cond = result_key;
		fe_link(f, f->cur, n, IR_EDGE_NEXT);
		fe_link(f, n, next, IR_EDGE_TRUE);
		fe_link(f, n, next, IR_EDGE_FALSE);
		f->cur = f->cur == IR_NONE ? IR_NONE : next;
		return;
	}
	fe_emit(f, n);
}

/* A statement that is a whole rule macro (spin_lock_irqsave() expands to
 * a do/while): lower it as the primitive.  Returns false otherwise. */
bool fe_lower_stmt_prim(struct fn_ctx *f, CXCursor c)
{
	struct prim p;
	char *owned;

	if (!fe_macro_at(f->t, c) || !match_prim(f, c, &p, &owned))
		return false;
	emit_prim(f, c, &p, 0);
	free(owned);
	return true;
}

/* ---- expressions ---- */

/* Lower a compound statement's statements; return the last one (the value
 * of a statement expression) unlowered. */
static CXCursor lower_stmt_expr_body(struct fn_ctx *f, CXCursor se)
{
	CXCursor body = fe_nth_child(se, 0);
	cursor_vec kids = VEC_INIT;
	CXCursor last = clang_getNullCursor();

	fe_children(body, &kids);
	for (size_t i = 0; i < kids.n; i++) {
		if (i + 1 == kids.n && clang_isExpression(clang_getCursorKind(kids.v[i])))
			last = kids.v[i];
		else
			fe_lower_stmt(f, kids.v[i]);
	}
	VEC_FREE(kids);
	return last;
}

/*
 * Is this expression a trylock primitive?  The cheap test used by the
 * assignment scan: macro at the site first, then the callee.
 */
bool fe_is_trylock(struct fn_ctx *f, CXCursor c)
{
	const struct rules *r = f->t->fe->rules;
	const struct macro_use *m = fe_macro_at(f->t, c);
	struct rule_ref ref = { REF_NONE, -1 };

	if (m) {
		ref = m->ref;
	} else if (clang_getCursorKind(c) == CXCursor_CallExpr) {
		CXCursor callee = clang_getCursorReferenced(c);
		if (clang_getCursorKind(callee) == CXCursor_FunctionDecl) {
			char *name = fe_spelling(callee);
			ref = rules_lookup(r, name);
			free(name);
		}
	}
	return ref.kind == REF_LOCK && r->apis.v[ref.index].op == LOCK_TRYLOCK;
}

/*
 * The key a stored trylock result is remembered by: the variable's name,
 * unless something other than a plain store writes it (`v++`, `&v`).
 * Each store gives the key the value it stored, so a trylock stored
 * twice remembers the later outcome.  0 otherwise.
 */
str_id fe_result_key(struct fn_ctx *f, CXCursor var, bool declared)
{
	CXCursor u = declared ? var : fe_unwrap(var);
	str_id id = 0;

	if (!declared && clang_getCursorKind(u) != CXCursor_DeclRefExpr)
		return 0;
	char *name = fe_spelling(u);
	if (*name && !strpool_find(f->assigned, name))
		id = strpool_intern(f->t->u->strings, name);
	free(name);
	return id;
}

/* A call that is no primitive: its arguments first (C evaluates them
 * before the call), then an IR_CALL naming the callee, or the function
 * pointer slot it goes through, for the interprocedural pass. */
static void lower_call(struct fn_ctx *f, CXCursor c)
{
	int n = clang_Cursor_getNumArguments(c);
	CXCursor callee = clang_getCursorReferenced(c);

	for (int i = 0; i < n; i++)
		fe_lower_expr(f, clang_Cursor_getArgument(c, (unsigned)i));
	uint32_t node = fe_new_node(f, IR_CALL, c);
	struct ir_node *nd = &f->fn->nodes.v[node];
	if (clang_getCursorKind(callee) == CXCursor_FunctionDecl) {
		char *name = fe_spelling(callee);
		nd->callee = strpool_intern(f->t->u->strings, name);
		nd->spelled = nd->callee;
		fe_note_registration(f->t, c, name);
		free(name);
	} else {
		/* through a field or pointer: the slot key fnptr stores use */
		str_id slot = fe_slot_key(f->t, fe_nth_child(c, 0));
		nd = &f->fn->nodes.v[node];
		nd->callee = slot;
		nd->indirect = true;
	}
	fe_call_args(f, c, node);
	fe_emit(f, node);
}

/* Lower an expression's subexpressions in order: the default for
 * operators that are not control flow themselves. */
static void lower_children(struct fn_ctx *f, CXCursor c)
{
	cursor_vec kids = VEC_INIT;

	fe_children(c, &kids);
	for (size_t i = 0; i < kids.n; i++)
		if (clang_isExpression(clang_getCursorKind(kids.v[i])) || clang_getCursorKind(kids.v[i]) == CXCursor_CompoundStmt)
			fe_lower_expr(f, kids.v[i]);
	VEC_FREE(kids);
}

/* Leaves have no calls, so lowering them emits nothing: the caller skips
 * the macro lookup for them (this is the hot path). */
static bool is_call_free_leaf(enum CXCursorKind k)
{
	return !clang_isExpression(k) || k == CXCursor_DeclRefExpr || k == CXCursor_IntegerLiteral ||
	       k == CXCursor_CharacterLiteral || k == CXCursor_StringLiteral || k == CXCursor_FloatingLiteral ||
	       k == CXCursor_UnaryExpr;
}

/* `cond ? a : b` used for its value: each arm is lowered on its own path
 * and the paths join, so a lock taken in one arm is seen on that path only. */
static void lower_ternary_value(struct fn_ctx *f, CXCursor c)
{
	uint32_t tn = fe_new_label(f), fn = fe_new_label(f), join = fe_new_label(f);

	fe_lower_cond(f, fe_nth_child(c, 0), tn, fn);
	f->cur = tn;
	fe_lower_expr(f, fe_nth_child(c, 1));
	fe_link(f, f->cur, join, IR_EDGE_NEXT);
	f->cur = fn;
	fe_lower_expr(f, fe_nth_child(c, 2));
	fe_link(f, f->cur, join, IR_EDGE_NEXT);
	f->cur = join;
}

/*
 * `x = prim(...)`: emit the primitive and remember a trylock's result under
 * x's key, so a later `if (x)` branches on whether the lock was taken; any
 * other store to x forgets what was tracked in it.  False (nothing lowered)
 * when the right side is not a primitive.
 */
static bool lower_assign_prim(struct fn_ctx *f, CXCursor c)
{
	struct prim p;
	char *owned;
	CXCursor ru = fe_unwrap(fe_nth_child(c, 1));

	if (!match_prim(f, ru, &p, &owned))
		return false;
	str_id key = fe_result_key(f, fe_nth_child(c, 0), false);
	bool try = p.ref.kind == REF_LOCK && f->t->fe->rules->apis.v[p.ref.index].op == LOCK_TRYLOCK;
	emit_prim(f, ru, &p, key);
	free(owned);
	if (!(try && key))
		fe_forget_tracked(f, fe_nth_child(c, 0), c);
	return true;
}

/*
 * A binary operator used for its value.  && and || are control flow (the
 * right side runs only on some paths), so they lower as a condition whose
 * both outcomes join; an assignment may store a primitive's result or a
 * tracked value.  False when the operator is plain arithmetic, whose
 * operands the caller lowers in order.
 */
static bool lower_binary_value(struct fn_ctx *f, CXCursor c)
{
	enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);

	if (op == CXBinaryOperator_LAnd || op == CXBinaryOperator_LOr) {
		uint32_t join = fe_new_label(f);
		fe_lower_cond(f, c, join, join);
		f->cur = join;
		return true;
	}
	if (op == CXBinaryOperator_Assign)
		return lower_assign_prim(f, c) || fe_lower_tracked_store(f, c);
	return false;
}

/*
 * Lower an expression evaluated for its effects and value: primitives
 * (locks, MMIO accessors, barriers) become their IR nodes, calls become
 * IR_CALL, control flow inside the expression becomes branches; anything
 * else lowers its subexpressions in order.
 */
void fe_lower_expr(struct fn_ctx *f, CXCursor c)
{
	struct prim p;
	char *owned;
	enum CXCursorKind k = clang_getCursorKind(c);

	if (k == CXCursor_CompoundStmt) {
		fe_lower_stmt(f, c);
		return;
	}
	if (is_call_free_leaf(k))
		return;
	if (match_prim(f, c, &p, &owned)) {
		emit_prim(f, c, &p, 0);
		free(owned);
		return;
	}
	switch (k) {
	case CXCursor_CallExpr:
		lower_call(f, c);
		return;
	case CXCursor_StmtExpr: {
		CXCursor last = lower_stmt_expr_body(f, c);
		if (!clang_Cursor_isNull(last))
			fe_lower_expr(f, last);
		return;
	}
	case CXCursor_ConditionalOperator:
		lower_ternary_value(f, c);
		return;
	case CXCursor_BinaryOperator:
		if (lower_binary_value(f, c))
			return;
		break;
	case CXCursor_CompoundAssignOperator:	/* flags |= BIT: the tests it decides */
		lower_children(f, c);
		fe_lower_bit_store(f, c);
		return;
	default:
		break;
	}
	lower_children(f, c);
}

/* ---- conditions ---- */

enum ir_cond_op fe_cond_op(enum CXBinaryOperatorKind k, bool const_left)
{
	switch (k) {
	case CXBinaryOperator_And: return IR_COND_BITS;
	case CXBinaryOperator_EQ: return IR_COND_EQ;
	case CXBinaryOperator_NE: return IR_COND_NE;
	case CXBinaryOperator_LT: return const_left ? IR_COND_GT : IR_COND_LT;
	case CXBinaryOperator_LE: return const_left ? IR_COND_GE : IR_COND_LE;
	case CXBinaryOperator_GT: return const_left ? IR_COND_LT : IR_COND_GT;
	case CXBinaryOperator_GE: return const_left ? IR_COND_LE : IR_COND_GE;
	default: return IR_COND_TRUTH;
	}
}

/* `p OP K` or `K OP p`, K an integer constant (a nonzero mask for `&`)
 * and OP a bit test or comparison: the operand p into *param, the test
 * into *op and *k. */
static bool const_test(CXCursor c, CXCursor *param, uint8_t *op, long long *k)
{
	if (clang_getCursorKind(c) != CXCursor_BinaryOperator)
		return false;
	enum CXBinaryOperatorKind bk = clang_getCursorBinaryOperatorKind(c);
	for (int side = 0; side < 2; side++) {
		bool ok;
		enum ir_cond_op o = fe_cond_op(bk, side == 0);
		long long v = fe_const_value(fe_nth_child(c, side), &ok);
		if (!ok || o == IR_COND_TRUTH || (o == IR_COND_BITS && v == 0))
			continue;
		*param = fe_unwrap(fe_nth_child(c, 1 - side));
		*op = (uint8_t)o;
		*k = v;
		return true;
	}
	return false;
}

/*
 * 1 + the index of the parameter whose truth c is (`flush`, through casts
 * and parentheses; `!flush` and `flush == 0` arrive here as `flush` with
 * the edges swapped), or that c tests against a constant (`flags &
 * XDP_XMIT_FLUSH`, `resource > HW_LOCK_MAX_RESOURCE_VALUE`: the test into
 * n's cond_op and cond_k), when nothing in the body writes it: its value
 * is the caller's argument at every test.  0 otherwise.
 */
uint32_t fe_tested_param(struct fn_ctx *f, CXCursor c, struct ir_node *n)
{
	CXCursor u = fe_unwrap(c);
	uint32_t found = 0;
	uint8_t op = IR_COND_TRUTH;
	long long k = 0;

	const_test(u, &u, &op, &k);
	if (clang_getCursorKind(u) != CXCursor_DeclRefExpr ||
	    clang_getCursorKind(clang_getCursorReferenced(u)) != CXCursor_ParmDecl)
		return 0;
	char *name = fe_spelling(u);
	bool written = strpool_find(f->assigned, name) || strpool_find(f->plain, name) ||
		       strpool_find(f->trystored, name);
	str_id id = written || !*name ? 0 : strpool_find(f->t->u->strings, name);
	for (size_t i = 0; id && i < f->fn->params.n && !found; i++)
		if (f->fn->params.v[i] == id)
			found = (uint32_t)i + 1;
	free(name);
	if (found) {
		n->cond_op = op;
		n->cond_k = k;
	}
	return found;
}

/* An IR_BRANCH on c, keyed by `key` (0: none), to t when true and to e
 * when false. */
static uint32_t emit_branch(struct fn_ctx *f, CXCursor c, str_id key, uint32_t t, uint32_t e)
{
	uint32_t n = fe_new_node(f, IR_BRANCH, c);

	f->fn->nodes.v[n].cond = key;
	fe_link(f, f->cur, n, IR_EDGE_NEXT);
	fe_link(f, n, t, IR_EDGE_TRUE);
	fe_link(f, n, e, IR_EDGE_FALSE);
	f->cur = IR_NONE;
	return n;
}

/* The condition's value is unknown here: emit an IR_BRANCH keyed by the
 * pure expression (or the call whose result it is) and take t or e; a
 * test of an unwritten parameter says which (tested_param). */
static void branch_on(struct fn_ctx *f, CXCursor c, uint32_t t, uint32_t e)
{
	struct strbuf key = STRBUF_INIT;
	str_id id;
	bool pure = fe_pure_key(f, c, &key), bit_test = !pure && fe_bit_test_key(f, c, &key);

	pure = pure || (!bit_test && fe_pure_call_key(f, c, &key));
	if (pure || bit_test)
		id = strpool_intern(f->t->u->strings, key.buf);
	else	/* if (foo_lock(dev)): the callee's exit says */
		id = fe_call_result_key(f, c);
	strbuf_release(&key);
	uint32_t n = emit_branch(f, c, id, t, e);
	f->fn->nodes.v[n].config_key = pure ? fe_config_key_of_pure(f, c) : id ? fe_config_key(f, c) : 0;
	f->fn->nodes.v[n].cond_param = fe_tested_param(f, c, &f->fn->nodes.v[n]);
	f->fn->nodes.v[n].slot_test = fe_fnptr_slot_tested(f->t, c);
}

/* A static key test as the whole condition (statickey.c): a branch on
 * the key, its expansion not lowered (it asks the patched jump, and
 * has no events).  False if c is not one. */
static bool cond_static_key(struct fn_ctx *f, CXCursor c, uint32_t t, uint32_t e)
{
	str_id key = fe_static_key_test(f->t, c);

	if (!key)
		return false;
	emit_branch(f, c, key, t, e);
	return true;
}

/* Is c an integer constant expression equal to 0? */
static bool is_zero_literal(CXCursor c)
{
	bool ok;
	return fe_const_value(c, &ok) == 0 && ok;
}

/* Is c a call the rules take as false (netdev_xmit_more(),
 * "calls_taken_false")? */
static bool call_taken_false(struct fn_ctx *f, CXCursor c)
{
	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return false;
	CXCursor callee = clang_getCursorReferenced(c);
	if (clang_getCursorKind(callee) != CXCursor_FunctionDecl)
		return false;
	char *name = fe_spelling(callee);
	bool yes = rules_is_call_taken_false(f->t->fe->rules, name);
	free(name);
	return yes;
}

/* A constant condition (`if (0)`, `while (1)`, a call the rules take as
 * false) has one successor: link straight to it, so the dead arm is
 * unreachable.  False if not constant. */
static bool cond_constant(struct fn_ctx *f, CXCursor c, uint32_t t, uint32_t e)
{
	bool ok;
	long long v = fe_const_value(c, &ok);

	if (!ok && call_taken_false(f, c))
		ok = true, v = 0;
	if (!ok)
		return false;
	fe_link(f, f->cur, v ? t : e, IR_EDGE_NEXT);
	f->cur = IR_NONE;
	return true;
}

/*
 * A primitive as the condition.  A trylock is itself the branch: its true
 * edge is the path where the lock was taken (the false outcome for the
 * APIs that return 0 on success).  Any other primitive is emitted and then
 * branched on.  False if c is not a primitive.
 */
static bool cond_prim(struct fn_ctx *f, CXCursor c, uint32_t t, uint32_t e)
{
	struct prim p;
	char *owned;
	uint32_t n;

	if (!match_prim(f, c, &p, &owned))
		return false;
	lower_prim_args(f, &p);
	n = prim_node(f, c, &p);
	free(owned);
	if (f->fn->nodes.v[n].op == IR_TRYACQUIRE) {
		bool zero = f->t->fe->rules->apis.v[p.ref.index].success_zero;
		fe_link(f, f->cur, n, IR_EDGE_NEXT);
		fe_link(f, n, zero ? e : t, IR_EDGE_TRUE);
		fe_link(f, n, zero ? t : e, IR_EDGE_FALSE);
		f->cur = IR_NONE;
		return true;
	}
	fe_emit(f, n);
	branch_on(f, c, t, e);
	return true;
}

/* `l && r`, `l || r`: r is evaluated only when l did not decide, so r's
 * condition hangs off a label reached from one of l's outcomes. */
static void cond_short_circuit(struct fn_ctx *f, CXCursor c, bool is_and, uint32_t t, uint32_t e)
{
	uint32_t mid = fe_new_label(f);

	if (is_and)
		fe_lower_cond(f, fe_nth_child(c, 0), mid, e);
	else
		fe_lower_cond(f, fe_nth_child(c, 0), t, mid);
	f->cur = mid;
	fe_lower_cond(f, fe_nth_child(c, 1), t, e);
}

/* `x == 0`, `0 != x` and the like: the same branch as `!x` or `x`, so a
 * trylock compared with 0 is still recognized.  False for other operands. */
static bool cond_compare_zero(struct fn_ctx *f, CXCursor c, bool eq, uint32_t t, uint32_t e)
{
	CXCursor l = fe_nth_child(c, 0), r = fe_nth_child(c, 1);
	uint32_t when_nonzero = eq ? e : t, when_zero = eq ? t : e;

	if (is_zero_literal(r)) {
		fe_lower_cond(f, l, when_nonzero, when_zero);
		return true;
	}
	if (is_zero_literal(l)) {
		fe_lower_cond(f, r, when_nonzero, when_zero);
		return true;
	}
	return false;
}

/* A binary operator as the condition: short-circuit operators, comparisons
 * with zero and the comma operator (left for effect, right decides) are
 * looked through.  False for any other operator: the caller branches on
 * its value. */
static bool cond_binary(struct fn_ctx *f, CXCursor c, uint32_t t, uint32_t e)
{
	enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);

	if (op == CXBinaryOperator_LAnd || op == CXBinaryOperator_LOr) {
		cond_short_circuit(f, c, op == CXBinaryOperator_LAnd, t, e);
		return true;
	}
	if (op == CXBinaryOperator_EQ || op == CXBinaryOperator_NE)
		return cond_compare_zero(f, c, op == CXBinaryOperator_EQ, t, e);
	if (op == CXBinaryOperator_Comma) {
		fe_lower_expr(f, fe_nth_child(c, 0));
		fe_lower_cond(f, fe_nth_child(c, 1), t, e);
		return true;
	}
	return false;
}

/* `__builtin_expect(x, v)` (likely/unlikely) branches as x does.  False
 * for any other call. */
static bool cond_builtin_expect(struct fn_ctx *f, CXCursor c, uint32_t t, uint32_t e)
{
	CXCursor callee = clang_getCursorReferenced(c);
	char *name = clang_Cursor_isNull(callee) ? xstrdup("") : fe_spelling(callee);
	bool expect = !strcmp(name, "__builtin_expect") && clang_Cursor_getNumArguments(c) >= 1;

	free(name);
	if (expect)
		fe_lower_cond(f, clang_Cursor_getArgument(c, 0), t, e);
	return expect;
}

/* `a ? b : c` as the condition: b decides on a's true path, c on its false
 * path, each branching to the same t and e. */
static void cond_ternary(struct fn_ctx *f, CXCursor c, uint32_t t, uint32_t e)
{
	uint32_t tn = fe_new_label(f), fn = fe_new_label(f);

	fe_lower_cond(f, fe_nth_child(c, 0), tn, fn);
	f->cur = tn;
	fe_lower_cond(f, fe_nth_child(c, 1), t, e);
	f->cur = fn;
	fe_lower_cond(f, fe_nth_child(c, 2), t, e);
}

/* `({ ...; x; })` as the condition: its statements run, then its last
 * expression decides (a statement expression without one is branched on
 * whole). */
static void cond_stmt_expr(struct fn_ctx *f, CXCursor c, uint32_t t, uint32_t e)
{
	CXCursor last = lower_stmt_expr_body(f, c);

	if (clang_Cursor_isNull(last))
		branch_on(f, c, t, e);
	else
		fe_lower_cond(f, last, t, e);
}

/*
 * Lower c as a condition: control goes to label t when it is true, to e
 * when false, and f->cur ends as IR_NONE.  Shapes that decide the branch
 * themselves (constants, trylocks, !, &&, ||, == 0, likely(), ?:, ({}))
 * are lowered by their own helper so a trylock keeps its meaning however
 * it is wrapped; anything else is lowered as a value and branched on.
 */
void fe_lower_cond(struct fn_ctx *f, CXCursor c, uint32_t t, uint32_t e)
{
	if (f->cur == IR_NONE)
		return;
	c = fe_unwrap(c);
	if (cond_constant(f, c, t, e) || cond_static_key(f, c, t, e) || cond_prim(f, c, t, e))
		return;
	switch (clang_getCursorKind(c)) {
	case CXCursor_UnaryOperator:
		if (clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_LNot) {
			fe_lower_cond(f, fe_nth_child(c, 0), e, t);
			return;
		}
		break;
	case CXCursor_BinaryOperator:
		if (cond_binary(f, c, t, e))
			return;
		break;
	case CXCursor_CallExpr:
		if (cond_builtin_expect(f, c, t, e))
			return;
		break;
	case CXCursor_ConditionalOperator:
		cond_ternary(f, c, t, e);
		return;
	case CXCursor_StmtExpr:
		cond_stmt_expr(f, c, t, e);
		return;
	default:
		break;
	}
	fe_lower_expr(f, c);
	branch_on(f, c, t, e);
}
