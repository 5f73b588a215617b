/*
 * facts.c - assignments that correlate paths.
 *
 * A branch correlates with another on the same condition (canon.c's keys).
 * Drivers also decide a later unlock by a value stored earlier:
 *
 *   bool lock_acquired = false; ... mutex_lock(); lock_acquired = true;
 *   ... if (lock_acquired) mutex_unlock();           (ice_aq_send_cmd)
 *   rv = qla82xx_pci_get_crb_addr_2M(...);
 *   if (rv == 1) write_lock(); ... if (rv == 1) write_unlock();
 *   token = __hwrm_acquire_token(bp, dst); ... if (token) release;
 *
 * A local (or parameter) written only by plain `=` is tracked: each store
 * becomes an IR_ASSIGN giving its key the stored value's truth, so a test
 * of the variable itself is correlated with the stores.  A condition that
 * uses the variable inside a larger expression (`rv == 1`) is a key only
 * when the variable is stored once and not in a loop, so its value is the
 * same wherever the condition is tested.
 *
 * Return values: `return X` assigns IR_KEY_RETURN the truth of X; a call
 * whose result the caller stores in a tracked variable or tests directly
 * forgets IR_KEY_RESULT (the IR_CALL's cond) and the callee's summary,
 * spliced in, assigns it at each exit (interproc/splice.c).
 */
#include "fe_internal.h"

#include <stdlib.h>
#include <string.h>

/* A function's local (not static) or parameter, by reference. */
static bool is_tracked_kind(CXCursor ref)
{
	CXCursor d = clang_getCursorReferenced(ref);
	enum CXCursorKind k = clang_getCursorKind(d);

	if (k == CXCursor_ParmDecl)
		return true;
	return k == CXCursor_VarDecl && clang_Cursor_hasVarDeclGlobalStorage(d) == 0;
}

/* Record a plain store to `name`; a second one, or one in a loop, makes
 * the variable's value differ between its tests. */
static void note_plain_name(struct fn_ctx *f, const char *name)
{
	if (!*name)
		return;
	if (strpool_find(f->plain, name) || f->loop_depth)
		strpool_intern(f->plain_unstable, name);
	strpool_intern(f->plain, name);
}

bool fe_note_plain_store(struct fn_ctx *f, CXCursor lhs)
{
	CXCursor u = fe_unwrap(lhs);

	if (clang_getCursorKind(u) != CXCursor_DeclRefExpr || !is_tracked_kind(u))
		return false;
	char *name = fe_spelling(u);
	note_plain_name(f, name);
	if (clang_getCursorKind(clang_getCursorReferenced(u)) == CXCursor_ParmDecl)
		strpool_intern(f->plain_unstable, name);	/* its entry value is one more */
	free(name);
	return true;
}

void fe_note_plain_decl(struct fn_ctx *f, CXCursor var)
{
	if (clang_Cursor_hasVarDeclGlobalStorage(var) != 0 ||
	    clang_Cursor_isNull(clang_Cursor_getVarDeclInitializer(var)))
		return;
	char *name = fe_spelling(var);
	note_plain_name(f, name);
	free(name);
}

int fe_tracked_use(struct fn_ctx *f, const char *name)
{
	if (!strpool_find(f->plain, name))
		return 0;
	return strpool_find(f->plain_unstable, name) ? 1 : 2;
}

/* The key of a tracked variable, or 0 when it is not one. */
static str_id tracked_key(struct fn_ctx *f, CXCursor var, bool declared)
{
	CXCursor u = declared ? var : fe_unwrap(var);
	str_id id = 0;

	if (!declared && clang_getCursorKind(u) != CXCursor_DeclRefExpr)
		return 0;
	char *name = fe_spelling(u);
	if (*name && !strpool_find(f->assigned, name) && strpool_find(f->plain, name))
		id = strpool_intern(f->t->u->strings, name);
	free(name);
	return id;
}

/* A null pointer, integer constant or enumerator (the kernel's `true`):
 * its truth in *truth. */
static bool const_truth(CXCursor c, bool *truth)
{
	long long v = 0;
	bool ok = fe_enum_value(c, &v);

	if (!ok)
		v = fe_const_value(c, &ok);
	if (!ok) {
		CXCursor u = fe_unwrap(c);
		if (clang_equalCursors(u, c))
			return false;
		v = fe_const_value(u, &ok);
		if (!ok)
			return false;
	}
	*truth = v != 0;
	return true;
}

/* The node the value of `value` came from when it is a call just
 * lowered to an IR_CALL (the path's current node). */
static struct ir_node *result_call(struct fn_ctx *f, CXCursor value)
{
	CXCursor u = fe_unwrap(value);

	if (clang_getCursorKind(u) != CXCursor_CallExpr || f->cur == IR_NONE)
		return NULL;
	struct ir_node *n = &f->fn->nodes.v[f->cur];
	return n->op == IR_CALL ? n : NULL;
}

str_id fe_call_result_key(struct fn_ctx *f, CXCursor value)
{
	struct ir_node *call = result_call(f, value);

	if (!call)
		return 0;
	call->cond = strpool_intern(f->t->u->strings, IR_KEY_RESULT);
	if (!call->indirect)	/* in case the callee is a pure predicate */
		call->pure_key = fe_pure_call_text(f, fe_unwrap(value));
	return call->cond;
}

/* Append `key := truth of value` (value already lowered). */
static void emit_assign(struct fn_ctx *f, str_id key, CXCursor value, CXCursor at)
{
	struct ir_node n = ir_node_make(IR_ASSIGN);
	struct strbuf src = STRBUF_INIT;
	bool truth;

	if (f->cur == IR_NONE)
		return;
	n.cond = key;
	n.truth = IR_TRUTH_UNKNOWN;
	if (clang_Cursor_isNull(value)) {
		n.truth = IR_TRUTH_UNKNOWN;
	} else if (const_truth(value, &truth)) {
		n.truth = truth ? IR_TRUTH_TRUE : IR_TRUTH_FALSE;
	} else if ((n.cond_src = fe_call_result_key(f, value)) != 0) {
		n.truth = IR_TRUTH_COPY;
	} else if (fe_pure_key(f, fe_unwrap(value), &src)) {
		n.cond_src = strpool_intern(f->t->u->strings, src.buf);
		n.truth = IR_TRUTH_COPY;
	}
	strbuf_release(&src);
	if (!clang_Cursor_isNull(at))
		fe_loc(f->t, at, &n.loc);
	n.stmt_first_line = f->stmt_first;
	n.stmt_last_line = f->stmt_last;
	fe_emit(f, ir_add_node(f->fn, &n));
}

bool fe_lower_tracked_store(struct fn_ctx *f, CXCursor assign)
{
	CXCursor lhs = fe_nth_child(assign, 0), rhs = fe_nth_child(assign, 1);
	str_id key = tracked_key(f, lhs, false);

	if (!key)
		return false;
	fe_lower_expr(f, rhs);
	emit_assign(f, key, rhs, assign);
	return true;
}

void fe_forget_tracked(struct fn_ctx *f, CXCursor lhs, CXCursor at)
{
	str_id key = tracked_key(f, lhs, false);

	if (key)
		emit_assign(f, key, clang_getNullCursor(), at);
}

void fe_lower_tracked_init(struct fn_ctx *f, CXCursor var, CXCursor init)
{
	str_id key = tracked_key(f, var, true);

	if (key)
		emit_assign(f, key, init, var);
}

void fe_lower_return_value(struct fn_ctx *f, CXCursor value, CXCursor at)
{
	emit_assign(f, strpool_intern(f->t->u->strings, IR_KEY_RETURN), value, at);
}
