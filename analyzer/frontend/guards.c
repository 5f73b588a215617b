/*
 * guards.c - scope-based lock guards (include/linux/cleanup.h, 6.5+).
 *
 * `guard(spinlock_irqsave)(&l);` declares a variable of class
 * class_spinlock_irqsave_t with __attribute__((cleanup)) initialized by
 * class_spinlock_irqsave_constructor(&l); `scoped_guard(spinlock, &l) S`
 * declares one in the init of a for loop that runs S once.  The unlock is
 * never a call in the AST, so the lowering makes it: an ACQUIRE where the
 * variable is declared, and a RELEASE on every exit of its scope (the
 * scope's end, return, break / continue / goto leaving it), innermost
 * guard first.  Which class is which lock API is the "guards" table of
 * rules/locks.json.
 *
 * Invariant: f->scopes holds, per open scope (compound statement or
 * scoped_guard loop), the number of guards declared before it opened;
 * guards above the innermost mark belong to the innermost scope, so
 * f->guards is a stack ordered by declaration.
 */
#include "fe_internal.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

/* The guard class (rules index) of a constructor call
 * class_<name>_constructor(...), -1 if it is none the rules know. */
static int guard_class(struct tu_ctx *t, CXCursor init)
{
	static const char prefix[] = "class_", suffix[] = "_constructor";
	CXCursor u = fe_unwrap(init);
	int g = -1;

	if (clang_getCursorKind(u) != CXCursor_CallExpr)
		return -1;
	char *name = fe_spelling(clang_getCursorReferenced(u));
	size_t n = strlen(name), lp = sizeof(prefix) - 1, ls = sizeof(suffix) - 1;
	if (n > lp + ls && !strncmp(name, prefix, lp) && !strcmp(name + n - ls, suffix)) {
		name[n - ls] = 0;
		g = rules_find_guard(t->fe->rules, name + lp);
	}
	free(name);
	return g;
}

/* If var is a lock guard (a cleanup attribute and a known class's
 * constructor as initializer), its constructor call; else a null cursor. */
static CXCursor guard_init(struct tu_ctx *t, CXCursor var, int *klass)
{
	cursor_vec kids = VEC_INIT;
	CXCursor call = clang_getNullCursor();
	bool has_attr = false;
	enum CXTypeKind tk = clang_getCanonicalType(clang_getCursorType(var)).kind;

	/* class_<name>_t is a struct (DEFINE_LOCK_GUARD_1) or a pointer
	 * (DEFINE_GUARD): skip the children of every other local */
	if (tk != CXType_Record && tk != CXType_Pointer)
		return call;
	fe_children(var, &kids);
	for (size_t i = 0; i < kids.n; i++) {
		enum CXCursorKind k = clang_getCursorKind(kids.v[i]);
		/* libclang exposes cleanup only as an unexposed attribute */
		has_attr |= clang_isAttribute(k);
		if (has_attr && clang_isExpression(k) && (*klass = guard_class(t, kids.v[i])) >= 0)
			call = fe_unwrap(kids.v[i]);
	}
	VEC_FREE(kids);
	return call;
}

/* Does this for-init DeclStmt declare a lock guard (scoped_guard)? */
bool fe_is_guard_decl(struct fn_ctx *f, CXCursor decl)
{
	cursor_vec vars = VEC_INIT;
	bool yes = false;
	int klass;

	if (clang_getCursorKind(decl) != CXCursor_DeclStmt)
		return false;
	fe_children(decl, &vars);
	for (size_t i = 0; i < vars.n && !yes; i++)
		yes = clang_getCursorKind(vars.v[i]) == CXCursor_VarDecl &&
		      !clang_Cursor_isNull(guard_init(f->t, vars.v[i], &klass));
	VEC_FREE(vars);
	return yes;
}

/* Lower a guard variable: its constructor's arguments, then the ACQUIRE;
 * the guard joins the innermost scope.  False if var is no guard. */
bool fe_lower_guard_decl(struct fn_ctx *f, CXCursor var)
{
	const struct rules *r = f->t->fe->rules;
	int klass = -1;
	CXCursor call = guard_init(f->t, var, &klass);

	if (clang_Cursor_isNull(call))
		return false;
	int n = clang_Cursor_getNumArguments(call);
	for (int i = 0; i < n; i++)
		fe_lower_expr(f, clang_Cursor_getArgument(call, (unsigned)i));
	struct guard_var g = { klass, 0, 0 };
	if (n > 0) {
		CXCursor lock = clang_Cursor_getArgument(call, 0);
		fe_lock_identity(f, lock, &g.lock, &g.lock_type);
	}
	const struct lock_api *api = &r->apis.v[r->guards.v[klass].acquire];
	uint32_t node = fe_new_node(f, IR_ACQUIRE, var);
	struct ir_node *nd = &f->fn->nodes.v[node];
	nd->rule = r->guards.v[klass].acquire;
	nd->spelled = strpool_intern(f->t->u->strings, api->name);
	nd->lock = g.lock;
	nd->lock_type = g.lock_type;
	fe_emit(f, node);
	VEC_PUSH(f->guards, g);
	return true;
}

void fe_scope_open(struct fn_ctx *f)
{
	struct scope_mark m = { f->guards.n, f->next_scope_id++ };
	VEC_PUSH(f->scopes, m);
}

/* A RELEASE of guard g at `loc`, after the current node. */
static void emit_release(struct fn_ctx *f, const struct guard_var *g, const struct ir_loc *loc)
{
	const struct rules *r = f->t->fe->rules;
	struct ir_node n = ir_node_make(IR_RELEASE);

	n.loc = *loc;
	n.stmt_first_line = n.stmt_last_line = loc->line;
	n.rule = r->guards.v[g->guard].release;
	n.spelled = strpool_intern(f->t->u->strings, r->apis.v[n.rule].name);
	n.lock = g->lock;
	n.lock_type = g->lock_type;
	fe_emit(f, ir_add_node(f->fn, &n));
}

/* Release guards[first..] innermost first at `at` (a jump).  The scopes
 * stay open: the code after a jump is unreachable, or a later path still
 * leaves them normally. */
static void release_guards(struct fn_ctx *f, size_t first, CXCursor at)
{
	if (f->cur == IR_NONE || first >= f->guards.n)
		return;
	struct ir_loc loc;
	fe_loc(f->t, at, &loc);
	for (size_t i = f->guards.n; i-- > first;)
		emit_release(f, &f->guards.v[i], &loc);
}

/* Release every guard of the scopes at depth >= depth (0: all of them, for
 * a return; a loop's depth for its break / continue). */
void fe_release_from(struct fn_ctx *f, size_t depth, CXCursor at)
{
	if (depth < f->scopes.n)
		release_guards(f, f->scopes.v[depth].first_guard, at);
}

/* A label is defined here: remember where it stands among the scopes. */
void fe_label_here(struct fn_ctx *f, uint32_t label)
{
	for (size_t i = 0; i < f->labels.n; i++)
		if (f->labels.v[i].node == label) {
			struct label *l = &f->labels.v[i];
			l->defined = true;
			l->depth = f->scopes.n;
			l->guards = f->guards.n;
			l->scope_id = f->scopes.n ? f->scopes.v[f->scopes.n - 1].id : 0;
		}
}

/*
 * goto label: the guards it leaves end.  A label seen in a scope that is
 * still open (a backward goto) keeps the guards declared before it; one in
 * a closed sibling scope keeps those outside that depth; a label not seen
 * yet is taken to stand at function-body scope (depth 1).
 */
void fe_release_for_goto(struct fn_ctx *f, uint32_t label, CXCursor at)
{
	for (size_t i = 0; i < f->labels.n; i++) {
		const struct label *l = &f->labels.v[i];
		if (l->node != label || !l->defined)
			continue;
		size_t inner = l->depth ? l->depth - 1 : 0;
		if (inner < f->scopes.n && f->scopes.v[inner].id == l->scope_id)
			release_guards(f, l->guards, at);
		else
			fe_release_from(f, inner, at);
		return;
	}
	fe_release_from(f, 1, at);
}

/* Close the innermost scope: its guards are released at its last token
 * (a compound statement's '}'), if its end is reachable. */
void fe_scope_close(struct fn_ctx *f, CXCursor scope)
{
	assert(f->scopes.n > 0);
	size_t first = f->scopes.v[--f->scopes.n].first_guard;
	if (first < f->guards.n && f->cur != IR_NONE) {
		struct ir_loc loc;
		fe_loc(f->t, scope, &loc);
		loc.line = loc.end_line;
		loc.col = loc.end_col > 1 ? loc.end_col - 1 : loc.end_col;
		for (size_t i = f->guards.n; i-- > first;)
			emit_release(f, &f->guards.v[i], &loc);
	}
	f->guards.n = first;
}
