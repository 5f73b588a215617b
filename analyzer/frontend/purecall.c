/*
 * purecall.c - calls of pure predicates as correlation keys.
 *
 * bnx2x's VF channel helpers lock and unlock on the same test of their
 * argument: bnx2x_lock_vf_pf_channel(bp, vf, tlv) returns early when
 * `!bnx2x_tlv_supported(tlv)`, bnx2x_unlock_vf_pf_channel(bp, vf, tlv)
 * likewise, and bnx2x_tlv_supported() is `return CHANNEL_TLV_NONE <
 * tlvtype && tlvtype < CHANNEL_TLV_MAX;`.  Keyed by "the result of the
 * last call", the two tests are unrelated and every caller looks like it
 * may return with op_mutex held.  A call of such a function (its body one
 * `return` of an expression over its parameters, their fields and
 * constants: also mlx4_is_mfunc(dev), `dev->flags & (...)`) is the
 * same value wherever the same arguments are passed, so it is keyed by its
 * text, "@bnx2x_tlv_supported(tlv)"; a summary applied at a call rewrites
 * the parameters in it to the caller's arguments (interproc/splice.c), so
 * the lock and unlock helpers' tests meet as one key in their callers.
 * When the predicate is defined in another file (bnx2x_tlv_supported() is
 * bnx2x_vfpf.c's, called from bnx2x_sriov.c), each call carries its text
 * (ir_node.pure_key) and the interprocedural pass keys the branch on its
 * result by it once the program shows the callee is pure.
 */
#include "fe_internal.h"

#include <stdlib.h>
#include <string.h>

/* Is e built only from the function's parameters, their fields
 * (`dev->flags`: read as stable as the analysis reads a field tested twice
 * in one function), what they point to, integer constants, arithmetic,
 * comparison, logical and conditional operators, and calls of the
 * functions the rules call pure (test_bit() and what it expands to)? */
static bool over_params(const struct rules *r, CXCursor e)
{
	CXCursor u = fe_unwrap(e);
	cursor_vec kids = VEC_INIT;
	bool ok = true;

	switch (clang_getCursorKind(u)) {
	case CXCursor_IntegerLiteral:
	case CXCursor_CharacterLiteral:
		return true;
	case CXCursor_DeclRefExpr: {
		enum CXCursorKind k = clang_getCursorKind(clang_getCursorReferenced(u));
		return k == CXCursor_ParmDecl || k == CXCursor_EnumConstantDecl;
	}
	case CXCursor_MemberRefExpr:
	case CXCursor_ArraySubscriptExpr:
	case CXCursor_ConditionalOperator:
		break;	/* its operands must be over the parameters too */
	case CXCursor_CallExpr: {
		char *name = fe_spelling(clang_getCursorReferenced(u));
		bool pure = rules_is_pure_function(r, name);
		free(name);
		int n = clang_Cursor_getNumArguments(u);
		for (int i = 0; i < n && pure; i++)
			pure = over_params(r, clang_Cursor_getArgument(u, (unsigned)i));
		return pure;	/* the arguments, not the callee's name */
	}
	case CXCursor_UnaryOperator: {
		enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(u);
		if (op != CXUnaryOperator_LNot && op != CXUnaryOperator_Not && op != CXUnaryOperator_Minus &&
		    op != CXUnaryOperator_Deref)
			return false;
		break;
	}
	case CXCursor_BinaryOperator: {
		enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(u);
		if (op < CXBinaryOperator_Mul || op > CXBinaryOperator_LOr)
			return false;	/* no assignments, no comma */
		break;
	}
	default:
		return false;
	}
	fe_children(u, &kids);
	for (size_t i = 0; i < kids.n && ok; i++)
		if (clang_isExpression(clang_getCursorKind(kids.v[i])))
			ok = over_params(r, kids.v[i]);
	VEC_FREE(kids);
	return ok;
}

/* Is the function defined as `{ return E; }` with E over_params()? */
static bool defined_as_pure_return(const struct rules *r, CXCursor def)
{
	cursor_vec kids = VEC_INIT, body = VEC_INIT, ret = VEC_INIT;
	bool yes = false;

	fe_children(def, &kids);
	if (kids.n && clang_getCursorKind(kids.v[kids.n - 1]) == CXCursor_CompoundStmt)
		fe_children(kids.v[kids.n - 1], &body);
	if (body.n == 1 && clang_getCursorKind(body.v[0]) == CXCursor_ReturnStmt) {
		fe_children(body.v[0], &ret);
		yes = ret.n == 1 && over_params(r, ret.v[0]);
	}
	VEC_FREE(kids);
	VEC_FREE(body);
	VEC_FREE(ret);
	return yes;
}

/* Is fn's definition a pure predicate?  Every call in a condition asks
 * of its callee (fe_pure_call_key(), three times per branch with
 * fe_config_key()), and the walk of the callee's body was a tenth of a
 * large file's lowering: each definition is walked once. */
bool fe_is_pure_predicate(struct tu_ctx *t, CXCursor fn)
{
	CXCursor def = clang_getCursorDefinition(fn);
	bool added;

	if (clang_Cursor_isNull(def))
		return false;
	uint64_t answer = *cursor_map_at(&t->pure_answers, def, &added);
	if (added) {	/* 1 + the answer: 0 is "not asked yet" */
		answer = 1 + defined_as_pure_return(t->fe->rules, def);
		*cursor_map_at(&t->pure_answers, def, &added) = answer;
	}
	return answer == 2;
}

/* "@f(a,b)" of call u into key, when every argument is a pure operand.
 * An argument that reads a field is written as the field's type path:
 * bnx2x_vf_mbx_request() tests `bnx2x_tlv_supported(mbx->first_tlv.tl.type)`
 * on its parameter, and the unlock in bnx2x_vf_mbx_resp_send_msg() tests
 * the same field of a local `mbx = BP_VF_MBX(bp, vf->index)`, the same
 * mailbox spelled another way; both are
 * "@bnx2x_tlv_supported(struct bnx2x_vf_mbx::first_tlv.tl.type)".  A
 * function reads one device's fields; two objects of one type tested in
 * one function are taken as one (say less). */
static bool call_text(struct fn_ctx *f, CXCursor u, CXCursor callee, struct strbuf *key)
{
	int n = clang_Cursor_getNumArguments(u);

	for (int i = 0; i < n; i++)
		if (!fe_pure_operand(f, clang_Cursor_getArgument(u, (unsigned)i)))
			return false;
	char *name = fe_spelling(callee);
	strbuf_addf(key, "%c%s(", IR_KEY_PURE_CALL, name);
	free(name);
	for (int i = 0; i < n; i++) {
		CXCursor a = clang_Cursor_getArgument(u, (unsigned)i);
		str_id type = fe_field_type_path(f->t, a);
		if (i)
			strbuf_addch(key, ',');
		if (type)
			strbuf_adds(key, strpool_str(f->t->u->strings, type));
		else
			fe_canon(f->t, a, key);
	}
	strbuf_addch(key, ')');
	return true;
}

/* The type path fe_lock_type() gives a member expression, when it names
 * a record ("struct S::a.b"). */
str_id fe_field_type_path(struct tu_ctx *t, CXCursor a)
{
	CXCursor u = fe_unwrap(a);

	if (clang_getCursorKind(u) != CXCursor_MemberRefExpr)
		return 0;
	str_id id = fe_lock_type(t, u);
	return id && strstr(strpool_str(t->u->strings, id), "::") ? id : 0;
}

bool fe_pure_call_key(struct fn_ctx *f, CXCursor c, struct strbuf *key)
{
	CXCursor u = fe_unwrap(c), callee;

	if (clang_getCursorKind(u) != CXCursor_CallExpr)
		return false;
	callee = clang_getCursorReferenced(u);
	if (clang_getCursorKind(callee) != CXCursor_FunctionDecl || !fe_is_pure_predicate(f->t, callee))
		return false;
	return call_text(f, u, callee, key);
}

str_id fe_pure_call_text(struct fn_ctx *f, CXCursor call)
{
	CXCursor callee = clang_getCursorReferenced(call);
	struct strbuf key = STRBUF_INIT;
	str_id id = 0;

	if (clang_getCursorKind(callee) == CXCursor_FunctionDecl && call_text(f, call, callee, &key))
		id = strpool_intern(f->t->u->strings, key.buf);
	strbuf_release(&key);
	return id;
}
