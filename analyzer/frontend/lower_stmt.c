/*
 * lower_stmt.c - statements to CFG edges: if/else, loops, switch, goto,
 * break/continue, return; and the per-function driver.
 */
#include "fe_internal.h"

#include <stdlib.h>
#include <string.h>

static void push_jumps(struct fn_ctx *f, uint32_t brk, uint32_t cont)
{
	struct jump_target j = { brk, cont, f->scopes.n };
	VEC_PUSH(f->jumps, j);
}

static void jump_to(struct fn_ctx *f, uint32_t target)
{
	fe_link(f, f->cur, target, IR_EDGE_NEXT);
	f->cur = IR_NONE;
}

static const struct jump_target *innermost_continue(struct fn_ctx *f)
{
	for (size_t i = f->jumps.n; i-- > 0;)
		if (f->jumps.v[i].cont != IR_NONE)
			return &f->jumps.v[i];
	return NULL;
}

/* break / continue to target j: the guards of scopes inside it end. */
static void jump_out(struct fn_ctx *f, const struct jump_target *j, bool is_break, CXCursor at)
{
	if (!j) {
		jump_to(f, IR_NONE);
		return;
	}
	fe_release_from(f, j->depth, at);
	jump_to(f, is_break ? j->brk : j->cont);
}

/* goto: the guards it leaves are released first (guards.c). */
static void lower_goto(struct fn_ctx *f, CXCursor c)
{
	CXCursor ref = fe_nth_child(c, 0);

	if (clang_Cursor_isNull(ref)) {
		f->cur = IR_NONE;
		return;
	}
	uint32_t target = fe_label_named(f, ref);
	fe_release_for_goto(f, target, c);
	jump_to(f, target);
}

/* scoped_guard(name, lock) S: `for (CLASS(name, scope)(lock), *done =
 * NULL; !done; done = (void *)1) S` runs S exactly once; break and
 * continue in S leave it (they end the macro's loop, not an outer one). */
static void lower_scoped_guard(struct fn_ctx *f, CXCursor c, CXCursor init, CXCursor body)
{
	uint32_t exit = fe_new_label(f);

	fe_scope_open(f);
	fe_lower_stmt(f, init);
	push_jumps(f, exit, exit);
	fe_lower_stmt(f, body);
	f->jumps.n--;
	jump_to(f, exit);
	f->cur = exit;
	fe_scope_close(f, c);
}

/*
 * Offsets of the two top-level ';' in a for header, 0 if not found (the
 * header came from a macro such as list_for_each_entry).  Only the header
 * is tokenized, from `for` to the start of the body: tokenizing the whole
 * loop would cost the body's tokens per loop and would find the ';' of a
 * loop nested in the body of a macro-made one.
 */
static void for_semicolons(struct fn_ctx *f, CXCursor c, CXCursor body, unsigned *s1, unsigned *s2, unsigned *rp)
{
	CXToken *toks;
	unsigned n, depth = 0, seen = 0;
	CXSourceRange whole = clang_getCursorExtent(c);
	CXSourceRange head = clang_getRange(clang_getRangeStart(whole),
					    clang_getRangeStart(clang_getCursorExtent(body)));

	unsigned for_off, end_off;

	*s1 = *s2 = *rp = 0;
	fe_extent(c, &for_off, &end_off);
	clang_tokenize(f->t->tu, head, &toks, &n);
	for (unsigned i = 0; i < n; i++) {
		CXString s = clang_getTokenSpelling(f->t->tu, toks[i]);
		const char *sp = clang_getCString(s);
		unsigned off;
		clang_getExpansionLocation(clang_getTokenLocation(f->t->tu, toks[i]), NULL, NULL, NULL, &off);
		if (i == 0 && (strcmp(sp, "for") || off != for_off)) {
			clang_disposeString(s);
			break;		/* a macro wrote this loop */
		}
		if (!strcmp(sp, "("))
			depth++;
		else if (!strcmp(sp, ")")) {
			if (--depth == 0 && seen == 2) {
				*rp = off;
				clang_disposeString(s);
				break;
			}
		} else if (!strcmp(sp, ";") && depth == 1) {
			if (seen == 0)
				*s1 = off;
			else
				*s2 = off;
			seen++;
		}
		clang_disposeString(s);
	}
	clang_disposeTokens(f->t->tu, toks, n);
	if (seen != 2)
		*s1 = *s2 = *rp = 0;
}

/* The integer value of a for-loop bound or start (MAX_RW_REG_CNT, 0, an
 * enumerator). */
static bool constant_value(CXCursor e, long long *v)
{
	bool ok;

	if (fe_enum_value(e, v))
		return true;
	*v = fe_const_value(e, &ok);
	return ok;
}

/* The constant a variable declaration initializes it to (`int i = 0`,
 * `ulong cnt = 30000`). */
static bool decl_constant(CXCursor var, long long *v)
{
	cursor_vec kids = VEC_INIT;

	fe_children(var, &kids);
	bool ok = kids.n && clang_isExpression(clang_getCursorKind(kids.v[kids.n - 1])) &&
		  constant_value(kids.v[kids.n - 1], v);
	VEC_FREE(kids);
	return ok;
}

/* `i = C` or `int i = C` as a for-init: the variable and C. */
static bool init_constant(CXCursor init, CXCursor *var, long long *v)
{
	CXCursor u = fe_unwrap(init);

	if (clang_getCursorKind(u) == CXCursor_BinaryOperator &&
	    clang_getCursorBinaryOperatorKind(u) == CXBinaryOperator_Assign) {
		*var = fe_named_variable(fe_nth_child(u, 0));
		return !clang_Cursor_isNull(*var) && constant_value(fe_nth_child(u, 1), v);
	}
	if (clang_getCursorKind(u) != CXCursor_DeclStmt)
		return false;
	cursor_vec vars = VEC_INIT;
	bool ok = false;
	fe_children(u, &vars);
	if (vars.n == 1 && clang_getCursorKind(vars.v[0]) == CXCursor_VarDecl) {
		*var = vars.v[0];
		ok = decl_constant(*var, v);
	}
	VEC_FREE(vars);
	return ok;
}

/* Does `a OP b` hold, for a loop's first test?  False for an operator
 * no count loop uses (only the orderings and !=). */
static bool comparison_holds(enum CXBinaryOperatorKind op, long long a, long long b)
{
	enum ir_cond_op o = fe_cond_op(op, false);

	if (o != IR_COND_NE && (o < IR_COND_LT || o > IR_COND_GE))
		return false;
	return ir_cond_holds(o, a, b);
}

/*
 * Does the loop certainly run its body once: `for (i = 0; i < 1024; i++)`,
 * the init a constant, the condition comparing the same variable with a
 * constant, true at the start?  Then there is no path that skips the body:
 * a driver's poll `for (i = 0; i < MAX_RW_REG_CNT; i++) if (readl(...) ...)`
 * always reads once (rtsx_pci_write_register(); without this the write
 * before it looked unordered at the unlock).
 */
static bool first_iteration_certain(CXCursor init, CXCursor cond)
{
	CXCursor var, u = fe_unwrap(cond);
	long long start, bound;

	if (clang_Cursor_isNull(init) || clang_Cursor_isNull(cond) || !init_constant(init, &var, &start) ||
	    clang_getCursorKind(u) != CXCursor_BinaryOperator)
		return false;
	enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(u);
	CXCursor l = fe_named_variable(fe_nth_child(u, 0)), r = fe_named_variable(fe_nth_child(u, 1));
	long long a, b;
	if (!clang_Cursor_isNull(l) && clang_equalCursors(l, var) && constant_value(fe_nth_child(u, 1), &bound)) {
		a = start, b = bound;
	} else if (!clang_Cursor_isNull(r) && clang_equalCursors(r, var) &&
		   constant_value(fe_nth_child(u, 0), &bound)) {
		a = bound, b = start;
	} else {
		return false;
	}
	return comparison_holds(op, a, b);
}

static void lower_for(struct fn_ctx *f, CXCursor c)
{
	cursor_vec kids = VEC_INIT;
	CXCursor init = clang_getNullCursor(), cond = init, inc = init, body = init;
	unsigned s1, s2, rp;

	fe_children(c, &kids);
	if (!kids.n)
		return;
	body = kids.v[kids.n - 1];
	for_semicolons(f, c, body, &s1, &s2, &rp);
	for (size_t i = 0; i + 1 < kids.n; i++) {
		unsigned s, e;
		fe_extent(kids.v[i], &s, &e);
		if (rp) {
			if (s < s1)
				init = kids.v[i];
			else if (s < s2)
				cond = kids.v[i];
			else
				inc = kids.v[i];
		} else {	/* macro-made header: positions say nothing */
			size_t n = kids.n - 1;
			if (n == 3)
				*(i == 0 ? &init : i == 1 ? &cond : &inc) = kids.v[i];
			else if (n == 2)
				*(i == 0 ? &init : &cond) = kids.v[i];
			else
				cond = kids.v[i];
		}
	}
	VEC_FREE(kids);
	if (!clang_Cursor_isNull(init) && fe_is_guard_decl(f, init)) {
		lower_scoped_guard(f, c, init, body);
		return;
	}
	if (!clang_Cursor_isNull(init))
		fe_lower_stmt(f, init);
	uint32_t head = fe_new_label(f), top = fe_new_label(f), cont = fe_new_label(f), exit = fe_new_label(f);
	jump_to(f, first_iteration_certain(init, cond) ? top : head);
	f->cur = head;
	if (!clang_Cursor_isNull(cond))
		fe_lower_cond(f, cond, top, exit);
	else
		jump_to(f, top);
	f->cur = top;
	push_jumps(f, exit, cont);
	fe_lower_stmt(f, body);
	f->jumps.n--;
	jump_to(f, cont);
	f->cur = cont;
	if (!clang_Cursor_isNull(inc))
		fe_lower_expr(f, inc);
	jump_to(f, head);
	f->cur = exit;
}

/* The local a while condition counts with and its constant initial value:
 * `cnt` of `ulong cnt = 30000;`. */
static bool counted_local(CXCursor e, CXCursor *var, long long *start)
{
	*var = fe_named_variable(e);
	return !clang_Cursor_isNull(*var) && clang_getCursorKind(*var) == CXCursor_VarDecl &&
	       !clang_Cursor_hasVarDeclGlobalStorage(*var) && decl_constant(*var, start);
}

struct refs_outside {
	CXCursor var;
	unsigned lo, hi;	/* the loop's extent */
	bool found;
};

static enum CXChildVisitResult ref_outside(CXCursor c, CXCursor parent, CXClientData data)
{
	struct refs_outside *r = data;
	unsigned s, e;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr ||
	    !clang_equalCursors(clang_getCursorReferenced(c), r->var))
		return CXChildVisit_Recurse;
	fe_extent(c, &s, &e);
	if (s < r->lo || e > r->hi) {
		r->found = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

/*
 * Does a while loop certainly run its body once: `ulong cnt = 30000; ...
 * while (cnt--)`, the condition testing a local that starts at a
 * constant and that nothing outside the loop reads or writes, true for
 * that constant?  qla24xx_read_flash_dword() polls `while (cnt--) if
 * (rd_reg_dword(&reg->flash_addr) & FARX_DATA_FLAG)`: the read always
 * follows its write.
 */
static bool while_first_iteration_certain(CXCursor loop, CXCursor cond)
{
	CXCursor u = fe_unwrap(cond), v = u, var;
	long long start, k = 0;
	enum CXBinaryOperatorKind op = CXBinaryOperator_NE;

	if (clang_getCursorKind(u) == CXCursor_BinaryOperator) {
		bool ok;
		op = clang_getCursorBinaryOperatorKind(u);
		v = fe_unwrap(fe_nth_child(u, 0));
		k = fe_const_value(fe_nth_child(u, 1), &ok);
		if (!ok)
			return false;
	}
	if (clang_getCursorKind(v) == CXCursor_UnaryOperator) {
		enum CXUnaryOperatorKind uk = clang_getCursorUnaryOperatorKind(v);
		if (uk != CXUnaryOperator_PostDec && uk != CXUnaryOperator_PostInc)
			return false;
		v = fe_unwrap(fe_nth_child(v, 0));
	}
	if (!counted_local(v, &var, &start))
		return false;
	struct refs_outside r = { var, 0, 0, false };
	fe_extent(loop, &r.lo, &r.hi);
	clang_visitChildren(clang_getCursorSemanticParent(var), ref_outside, &r);
	if (r.found)
		return false;
	return comparison_holds(op, start, k);
}

static void lower_while(struct fn_ctx *f, CXCursor c)
{
	uint32_t head = fe_new_label(f), top = fe_new_label(f), exit = fe_new_label(f);

	jump_to(f, while_first_iteration_certain(c, fe_nth_child(c, 0)) ? top : head);
	f->cur = head;
	fe_lower_cond(f, fe_nth_child(c, 0), top, exit);
	f->cur = top;
	push_jumps(f, exit, head);
	fe_lower_stmt(f, fe_nth_child(c, 1));
	f->jumps.n--;
	jump_to(f, head);
	f->cur = exit;
}

static void lower_do(struct fn_ctx *f, CXCursor c)
{
	uint32_t top = fe_new_label(f), cont = fe_new_label(f), exit = fe_new_label(f);

	jump_to(f, top);
	f->cur = top;
	push_jumps(f, exit, cont);
	fe_lower_stmt(f, fe_nth_child(c, 0));
	f->jumps.n--;
	jump_to(f, cont);
	f->cur = cont;
	fe_lower_cond(f, fe_nth_child(c, 1), top, exit);
	f->cur = exit;
}

/* The switch state lower_switch() saves around a nested switch. */
struct switch_state {
	uint32_t dispatch, tail, deflt, param;
	bool has_default;
	char *key;
};

static void save_switch(const struct fn_ctx *f, struct switch_state *s)
{
	s->dispatch = f->switch_dispatch;
	s->tail = f->switch_tail;
	s->deflt = f->switch_default;
	s->has_default = f->switch_has_default;
	s->key = f->switch_key;
	s->param = f->switch_param;
}

static void restore_switch(struct fn_ctx *f, const struct switch_state *s)
{
	free(f->switch_key);
	f->switch_dispatch = s->dispatch;
	f->switch_tail = s->tail;
	f->switch_default = s->deflt;
	f->switch_has_default = s->has_default;
	f->switch_key = s->key;
	f->switch_param = s->param;
}

/* Link the way on after the last case test (or the dispatch) to `to`. */
static void link_switch_tail(struct fn_ctx *f, uint32_t to)
{
	fe_link(f, f->switch_tail, to, f->switch_tail == f->switch_dispatch ? IR_EDGE_NEXT : IR_EDGE_FALSE);
}

/*
 * A switch on a pure expression (`switch (hw->mac.type)`) dispatches
 * through a chain of tests, one per case, each keyed `expr==value`: two
 * switches on one field then take matching cases, as two ifs on it do
 * (e1000_reset_hw_82571() takes a semaphore in one and releases it in the
 * other); on a parameter the body never writes, each test is one a
 * caller's constant argument decides (ir_node.cond_param).  Any other
 * switch is one choice among its cases.
 */
static void lower_switch(struct fn_ctx *f, CXCursor c)
{
	struct switch_state saved;
	uint32_t exit = fe_new_label(f);
	cursor_vec kids = VEC_INIT;
	struct strbuf key = STRBUF_INIT;

	save_switch(f, &saved);
	fe_children(c, &kids);
	for (size_t i = 0; i + 1 < kids.n; i++)
		fe_lower_expr(f, kids.v[i]);
	bool keyed = kids.n >= 2 && fe_pure_key(f, kids.v[kids.n - 2], &key);
	uint32_t dispatch = fe_new_node(f, keyed ? IR_NOP : IR_BRANCH, c);
	fe_emit(f, dispatch);
	f->cur = IR_NONE;
	f->switch_dispatch = f->switch_tail = dispatch;
	f->switch_default = IR_NONE;
	f->switch_has_default = false;
	f->switch_key = keyed ? strbuf_detach(&key) : NULL;
	f->switch_param = 0;
	if (keyed) {
		/* a switch on a parameter: each case is `p == value` to a
		 * caller's constant (qib's f_set_ib_cfg(ppd,
		 * QIB_IB_CFG_HRTBT, val) takes only its own case) */
		struct ir_node probe = ir_node_make(IR_BRANCH);
		uint32_t p = fe_tested_param(f, kids.v[kids.n - 2], &probe);
		f->switch_param = probe.cond_op == IR_COND_TRUTH ? p : 0;
	}
	push_jumps(f, exit, IR_NONE);
	if (kids.n)
		fe_lower_stmt(f, kids.v[kids.n - 1]);
	f->jumps.n--;
	jump_to(f, exit);
	if (f->switch_key)
		link_switch_tail(f, f->switch_default != IR_NONE ? f->switch_default : exit);
	else if (!f->switch_has_default)
		fe_link(f, dispatch, exit, IR_EDGE_NEXT);
	VEC_FREE(kids);
	strbuf_release(&key);
	restore_switch(f, &saved);
	f->cur = exit;
}

/* The value of a case label: an integer constant expression, or an
 * enumerator (fe_const_value() does not evaluate names). */
static long long case_value(CXCursor e, bool *ok)
{
	CXCursor u = fe_unwrap(e);

	if (clang_getCursorKind(u) == CXCursor_DeclRefExpr) {
		CXCursor d = clang_getCursorReferenced(u);
		*ok = clang_getCursorKind(d) == CXCursor_EnumConstantDecl;
		return *ok ? clang_getEnumConstantDeclValue(d) : 0;
	}
	return fe_const_value(e, ok);
}

/* The way a keyed switch reaches case label lbl: a test of `key==value`
 * after the previous case's, or the default's place at the chain's end;
 * false when the case's value is not a constant the frontend reads. */
static bool link_keyed_case(struct fn_ctx *f, CXCursor c, bool is_default, uint32_t lbl)
{
	if (is_default) {
		f->switch_default = lbl;
		return true;
	}
	cursor_vec kids = VEC_INIT;
	bool ok = false;
	fe_children(c, &kids);
	long long v = kids.n == 2 ? case_value(kids.v[0], &ok) : 0;	/* not a GNU case range */
	VEC_FREE(kids);
	if (!ok)
		return false;
	char *k = xasprintf("%s==%lld", f->switch_key, v);
	uint32_t test = fe_new_node(f, IR_BRANCH, c);
	f->fn->nodes.v[test].cond = strpool_intern(f->t->u->strings, k);
	free(k);
	if (f->switch_param) {
		f->fn->nodes.v[test].cond_param = f->switch_param;
		f->fn->nodes.v[test].cond_op = IR_COND_EQ;
		f->fn->nodes.v[test].cond_k = v;
	}
	link_switch_tail(f, test);
	fe_link(f, test, lbl, IR_EDGE_TRUE);
	f->switch_tail = test;
	return true;
}

static void lower_case(struct fn_ctx *f, CXCursor c, bool is_default)
{
	cursor_vec kids = VEC_INIT;
	uint32_t lbl = fe_new_label(f);

	if (!f->switch_key || !link_keyed_case(f, c, is_default, lbl)) {
		if (f->switch_key) {	/* a case the chain cannot test: its own arm */
			uint32_t test = fe_new_node(f, IR_BRANCH, c);
			link_switch_tail(f, test);
			fe_link(f, test, lbl, IR_EDGE_TRUE);
			f->switch_tail = test;
		} else {
			fe_link(f, f->switch_dispatch, lbl, IR_EDGE_NEXT);
		}
	}
	jump_to(f, lbl);
	f->cur = lbl;
	if (is_default)
		f->switch_has_default = true;
	fe_children(c, &kids);
	if (kids.n)
		fe_lower_stmt(f, kids.v[kids.n - 1]);
	VEC_FREE(kids);
}

static void lower_if(struct fn_ctx *f, CXCursor c)
{
	cursor_vec kids = VEC_INIT;
	uint32_t tn = fe_new_label(f), en = fe_new_label(f), join = fe_new_label(f);

	fe_children(c, &kids);
	if (kids.n < 2) {
		VEC_FREE(kids);
		return;
	}
	fe_lower_cond(f, kids.v[0], tn, en);
	f->cur = tn;
	fe_lower_stmt(f, kids.v[1]);
	jump_to(f, join);
	f->cur = en;
	if (kids.n > 2)
		fe_lower_stmt(f, kids.v[2]);
	jump_to(f, join);
	f->cur = join;
	VEC_FREE(kids);
}

/* The returned value, and its truth for the callers (facts.c); a
 * returned trylock gives its outcome. */
static void lower_return_value(struct fn_ctx *f, CXCursor e, CXCursor ret)
{
	uint32_t before = (uint32_t)f->fn->nodes.n;
	bool try = fe_is_trylock(f, fe_unwrap(e));

	fe_lower_expr(f, e);
	str_id key = strpool_intern(f->t->u->strings, IR_KEY_RETURN);
	for (uint32_t n = before; try && n < f->fn->nodes.n; n++)
		if (f->fn->nodes.v[n].op == IR_TRYACQUIRE && !f->fn->nodes.v[n].cond)
			f->fn->nodes.v[n].cond = key;
	if (!try)
		fe_lower_return_value(f, e, ret);
}

static void lower_decl(struct fn_ctx *f, CXCursor c)
{
	cursor_vec vars = VEC_INIT, kids = VEC_INIT;

	fe_children(c, &vars);
	for (size_t i = 0; i < vars.n; i++) {
		if (clang_getCursorKind(vars.v[i]) != CXCursor_VarDecl || fe_lower_guard_decl(f, vars.v[i]))
			continue;
		fe_children(vars.v[i], &kids);
		for (size_t k = 0; k < kids.n; k++) {
			if (!clang_isExpression(clang_getCursorKind(kids.v[k])))
				continue;
			/* int locked = spin_trylock(&l): remember the result */
			bool store = fe_is_trylock(f, fe_unwrap(kids.v[k]));
			uint32_t before = (uint32_t)f->fn->nodes.n;
			fe_lower_expr(f, kids.v[k]);
			str_id key = store ? fe_result_key(f, vars.v[i], true) : 0;
			for (uint32_t n = before; key && n < f->fn->nodes.n; n++)
				if (f->fn->nodes.v[n].op == IR_TRYACQUIRE && !f->fn->nodes.v[n].cond)
					f->fn->nodes.v[n].cond = key;	/* see emit_prim() */
			if (!key)
				fe_lower_tracked_init(f, vars.v[i], kids.v[k]);
		}
	}
	VEC_FREE(kids);
	VEC_FREE(vars);
}

/* Line of the ';' ending a statement whose extent ends at offset `end`
 * (libclang's extents stop before it), or `line` if there is none. */
static uint32_t semicolon_line(const struct ir_unit *u, unsigned end, uint32_t line)
{
	size_t i = end;

	while (i < u->source_len) {
		char ch = u->source[i];
		if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r') {
			i++;
		} else if (ch == '/' && i + 1 < u->source_len && u->source[i + 1] == '*') {
			const char *close = strstr(u->source + i + 2, "*/");
			if (!close)
				return line;
			i = (size_t)(close - u->source) + 2;
		} else {
			break;
		}
	}
	if (i >= u->source_len || u->source[i] != ';')
		return line;
	size_t lo = 0, hi = u->line_starts.n;	/* last line start <= i */
	while (hi - lo > 1) {
		size_t mid = (lo + hi) / 2;
		if (u->line_starts.v[mid] <= i)
			lo = mid;
		else
			hi = mid;
	}
	return (uint32_t)lo + 1;
}

/* Line range of a statement with its ';', for fix-its that delete it. */
static void set_stmt_lines(struct fn_ctx *f, CXCursor c)
{
	CXSourceRange r = clang_getCursorExtent(c);
	unsigned l1, l2, end;

	clang_getExpansionLocation(clang_getRangeStart(r), NULL, &l1, NULL, NULL);
	clang_getExpansionLocation(clang_getRangeEnd(r), NULL, &l2, NULL, &end);
	f->stmt_first = l1;
	/* the unit's source is the main file's */
	f->stmt_last = f->t->cur_file == f->t->file ? semicolon_line(f->t->u, end, l2) : l2;
}

/* Lower every child statement of c in order (a block's body, or a
 * statement kind with no meaning of its own to us). */
static void lower_each_child(struct fn_ctx *f, CXCursor c)
{
	cursor_vec kids = VEC_INIT;

	fe_children(c, &kids);
	for (size_t i = 0; i < kids.n; i++)
		fe_lower_stmt(f, kids.v[i]);
	VEC_FREE(kids);
}

/* Lower the statement a label or case label is attached to (its last
 * child: a case's first child is its value). */
static void lower_labelled_stmt(struct fn_ctx *f, CXCursor c)
{
	cursor_vec kids = VEC_INIT;

	fe_children(c, &kids);
	if (kids.n)
		fe_lower_stmt(f, kids.v[kids.n - 1]);
	VEC_FREE(kids);
}

/* A block is a scope: guards declared in it (cleanup attributes) are
 * released when it closes. */
static void lower_compound(struct fn_ctx *f, CXCursor c)
{
	fe_scope_open(f);
	lower_each_child(f, c);
	fe_scope_close(f, c);
}

/* `case`/`default`: inside a switch being dispatched, a target of the
 * dispatch; elsewhere (a label in dead code) only its statement. */
static void lower_case_label(struct fn_ctx *f, CXCursor c, bool is_default)
{
	if (f->switch_dispatch != IR_NONE)
		lower_case(f, c, is_default);
	else
		lower_labelled_stmt(f, c);
}

/* `name:` is a join point: fall-through and every goto to the name reach
 * the same label node, and its place among the scopes is recorded so a
 * goto knows which guards it leaves. */
static void lower_label(struct fn_ctx *f, CXCursor c)
{
	uint32_t lbl = fe_label_named(f, c);

	fe_label_here(f, lbl);
	jump_to(f, lbl);
	f->cur = lbl;
	lower_labelled_stmt(f, c);
}

/* `return e;`: the value is evaluated while the scoped guards are still
 * held, then every guard is released, then the function exits. */
static void lower_return(struct fn_ctx *f, CXCursor c)
{
	CXCursor e = fe_nth_child(c, 0);

	set_stmt_lines(f, c);
	if (!clang_Cursor_isNull(e))
		lower_return_value(f, e, c);
	fe_release_from(f, 0, c);	/* every guard, after the value */
	fe_emit(f, fe_new_node(f, IR_RETURN, c));
	f->cur = IR_NONE;
}

/* A statement kind without a case of its own: an expression statement
 * is lowered as an expression, any other statement through its
 * children. */
static void lower_other_stmt(struct fn_ctx *f, CXCursor c, enum CXCursorKind k)
{
	if (clang_isExpression(k)) {
		set_stmt_lines(f, c);
		fe_lower_expr(f, c);
	} else if (clang_isStatement(k)) {
		lower_each_child(f, c);
	}
}

/*
 * Lower one statement at f->cur.  A statement that is a primitive macro
 * (spin_unlock(&l);) is matched first, before its expansion is looked
 * at; otherwise each statement kind has its own lowering and this is
 * only the dispatch.
 */
void fe_lower_stmt(struct fn_ctx *f, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	if (k != CXCursor_CompoundStmt && clang_isStatement(k) && f->t->macros.n) {
		set_stmt_lines(f, c);
		if (fe_lower_stmt_prim(f, c))
			return;
	}
	switch (k) {
	case CXCursor_CompoundStmt:
		lower_compound(f, c);
		break;
	case CXCursor_DeclStmt:
		set_stmt_lines(f, c);
		lower_decl(f, c);
		break;
	case CXCursor_IfStmt:
		lower_if(f, c);
		break;
	case CXCursor_WhileStmt:
		lower_while(f, c);
		break;
	case CXCursor_DoStmt:
		if (!clang_Cursor_isNull(fe_nth_child(c, 1)))
			lower_do(f, c);
		break;
	case CXCursor_ForStmt:
		lower_for(f, c);
		break;
	case CXCursor_SwitchStmt:
		lower_switch(f, c);
		break;
	case CXCursor_CaseStmt:
	case CXCursor_DefaultStmt:
		lower_case_label(f, c, k == CXCursor_DefaultStmt);
		break;
	case CXCursor_LabelStmt:
		lower_label(f, c);
		break;
	case CXCursor_GotoStmt:
		lower_goto(f, c);
		break;
	case CXCursor_BreakStmt:
		jump_out(f, f->jumps.n ? &f->jumps.v[f->jumps.n - 1] : NULL, true, c);
		break;
	case CXCursor_ContinueStmt:
		jump_out(f, innermost_continue(f), false, c);
		break;
	case CXCursor_ReturnStmt:
		lower_return(f, c);
		break;
	case CXCursor_NullStmt:
	case CXCursor_GCCAsmStmt:
		break;
	default:
		lower_other_stmt(f, c, k);
		break;
	}
}

static int cmp_id(const void *a, const void *b)
{
	str_id x = *(const str_id *)a, y = *(const str_id *)b;

	return x < y ? -1 : x > y;
}

typedef VEC(str_id) key_vec;

static bool key_in(const key_vec *keys, str_id key)
{
	return key && keys->n && bsearch(&key, keys->v, keys->n, sizeof(*keys->v), cmp_id);
}

/* Keys read by a branch, a trylock's outcome or a copy, sorted; with
 * `pairs`, only those that occur at two nodes or more. */
static void read_keys(const struct ir_function *fn, key_vec *out, bool pairs)
{
	key_vec all = VEC_INIT;

	out->n = 0;
	for (size_t i = 0; i < fn->nodes.n; i++) {
		const struct ir_node *n = &fn->nodes.v[i];
		if (n->cond)
			VEC_PUSH(all, n->cond);
		if (n->op == IR_ASSIGN && n->truth == IR_TRUTH_COPY)
			VEC_PUSH(all, n->cond_src);
	}
	if (all.n)
		qsort(all.v, all.n, sizeof(*all.v), cmp_id);
	for (size_t i = 0; i < all.n; i++) {
		bool twice = (i > 0 && all.v[i - 1] == all.v[i]) || (i + 1 < all.n && all.v[i + 1] == all.v[i]);
		if ((twice || !pairs) && !(out->n && out->v[out->n - 1] == all.v[i]))
			VEC_PUSH(*out, all.v[i]);
	}
	VEC_FREE(all);
}

/* An assignment nothing reads, and a call result nothing tests, go (the
 * return value's key is read by callers).  Repeated: a dropped copy may
 * have been the only reader of its source. */
static bool prune_assigns(struct ir_function *fn, str_id ret)
{
	key_vec read = VEC_INIT;
	bool changed = false;

	for (size_t i = 0; i < fn->nodes.n; i++) {
		const struct ir_node *n = &fn->nodes.v[i];
		if (n->op == IR_BRANCH || n->op == IR_TRYACQUIRE)
			VEC_PUSH(read, n->cond);
		else if (n->op == IR_ASSIGN && n->truth == IR_TRUTH_COPY)
			VEC_PUSH(read, n->cond_src);
	}
	if (read.n)
		qsort(read.v, read.n, sizeof(*read.v), cmp_id);
	for (size_t i = 0; i < fn->nodes.n; i++) {
		struct ir_node *n = &fn->nodes.v[i];
		if ((n->op != IR_ASSIGN && n->op != IR_CALL) || !n->cond || n->cond == ret || key_in(&read, n->cond))
			continue;
		if (n->op == IR_ASSIGN) {
			n->op = IR_NOP;
			n->cond_src = 0;
			n->truth = 0;
		}
		n->cond = 0;
		changed = true;
	}
	VEC_FREE(read);
	return changed;
}

/* Keys that occur once correlate nothing: drop them (fewer states).  A
 * stored trylock result or an assignment counts as one use of its key. */
static void prune_keys(struct ir_function *fn, str_id ret, const struct strpool *strings)
{
	key_vec keys = VEC_INIT;
	bool changed = true;

	while (changed) {
		read_keys(fn, &keys, true);
		changed = false;
		for (size_t i = 0; i < fn->nodes.n; i++) {
			struct ir_node *n = &fn->nodes.v[i];
			if (n->op == IR_BRANCH && n->cond && !key_in(&keys, n->cond) &&
			    strpool_str(strings, n->cond)[0] != IR_KEY_PURE_CALL) {
				n->cond = 0;
				changed = true;
			}
		}
		changed |= prune_assigns(fn, ret);
	}
	VEC_FREE(keys);
}

void fe_lower_function(struct tu_ctx *t, CXCursor fnc)
{
	struct fn_ctx f;
	cursor_vec kids = VEC_INIT;
	char *name = fe_spelling(fnc);

	memset(&f, 0, sizeof(f));
	f.t = t;
	f.fn = ir_fn_new(t->u, name);
	free(name);
	f.fn->is_static = clang_Cursor_getStorageClass(fnc) == CX_SC_Static;
	f.fn->pure_predicate = fe_is_pure_predicate(t, fnc);
	fe_params(t, fnc, f.fn);
	struct ir_loc loc;
	fe_loc(t, fnc, &loc);
	unsigned line, col;
	fe_note_file_location(t, clang_getCursorLocation(fnc));
	clang_getExpansionLocation(clang_getCursorLocation(fnc), NULL, &line, &col, NULL);
	loc.line = line;
	loc.col = col;
	f.fn->loc = loc;
	f.fn->parse_errors = fe_errors_within(t, fnc);
	f.switch_dispatch = IR_NONE;
	f.assigned = strpool_new();
	f.trystored = strpool_new();
	f.plain = strpool_new();
	f.plain_unstable = strpool_new();
	f.bit_stored = strpool_new();
	f.other_stored = strpool_new();
	f.cur = fe_new_label(&f);	/* entry */
	fe_macro_window(t, fnc);

	fe_children(fnc, &kids);
	if (kids.n && clang_getCursorKind(kids.v[kids.n - 1]) == CXCursor_CompoundStmt) {
		CXCursor body = kids.v[kids.n - 1];
		clang_getFileLocation(clang_getRangeStart(clang_getCursorExtent(body)), &f.body_file, NULL, NULL,
				      &f.body_start);
		fe_scan_assignments(&f, body);
		fe_lower_stmt(&f, body);
		if (f.cur != IR_NONE) {
			uint32_t ret = fe_new_node(&f, IR_RETURN, clang_getNullCursor());
			struct ir_node *n = &f.fn->nodes.v[ret];
			fe_loc(t, body, &n->loc);
			n->loc.line = n->loc.end_line;
			n->loc.col = n->loc.end_col;
			fe_emit(&f, ret);
		}
	}
	fe_export_param_views(&f);
	prune_keys(f.fn, strpool_find(t->u->strings, IR_KEY_RETURN), t->u->strings);
	ir_fn_finalize(f.fn);
	VEC_FREE(kids);
	VEC_FREE(f.jumps);
	VEC_FREE(f.labels);
	VEC_FREE(f.guards);
	VEC_FREE(f.scopes);
	strpool_free(f.assigned);
	strpool_free(f.trystored);
	strpool_free(f.plain);
	strpool_free(f.plain_unstable);
	strpool_free(f.bit_stored);
	strpool_free(f.other_stored);
	VEC_FREE(f.bit_tests);
	VEC_FREE(f.views);
}
