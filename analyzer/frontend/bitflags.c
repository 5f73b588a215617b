/*
 * bitflags.c - flag bits a function sets and tests itself.
 *
 * Drivers keep state in a flags word and test a bit they set a few lines
 * earlier on the same path:
 *
 *   if (!(qp->r_flags & RVT_R_RDMAR_SEQ)) {
 *           qp->r_flags |= RVT_R_RDMAR_SEQ;
 *           restart();                         (handle_read_kdeth_eflags)
 *   }
 *   ...
 *   if (!(qp->r_flags & RVT_R_RDMAR_SEQ))      false once the bit is set
 *           restart();
 *
 * A member written in the body (canon.c's scan) makes no condition key,
 * since its value may differ between two tests.  When every write of the
 * member is `|= C` or `&= C` with a constant C, a test `member & K` (K
 * constant) still has a value the function knows after each write: the
 * write becomes an IR_ASSIGN of the test's key, true after `|= C` when C
 * and K share a bit, false after `&= C` when C clears every bit of K, and
 * unknown when it clears only some.  Other tests of such a member (`==`,
 * a variable mask) are no keys, as before.  Only members: a local's
 * declaration would be one more store to follow, and the function's
 * callees are assumed to leave the word alone, as for every key.
 */
#include "fe_internal.h"

#include <stdlib.h>
#include <string.h>

/* The member of `lhs` when it is one, else a null cursor. */
static CXCursor member_lvalue(CXCursor lhs)
{
	CXCursor u = fe_unwrap(lhs);

	return clang_getCursorKind(u) == CXCursor_MemberRefExpr ? u : clang_getNullCursor();
}

/* Is every variable and member the base of c goes through unwritten by
 * the function (a local stored once counts), so c names one word? */
static bool stable_base(struct fn_ctx *f, CXCursor c)
{
	struct strbuf sb = STRBUF_INIT;
	bool ok;

	c = fe_unwrap(c);
	switch (clang_getCursorKind(c)) {
	case CXCursor_DeclRefExpr:
	case CXCursor_MemberRefExpr:
		fe_canon(f->t, c, &sb);
		ok = sb.len && !strpool_find(f->assigned, sb.buf) && !strpool_find(f->plain_unstable, sb.buf);
		strbuf_release(&sb);
		if (ok && clang_getCursorKind(c) == CXCursor_MemberRefExpr)
			ok = clang_Cursor_isNull(fe_nth_child(c, 0)) || stable_base(f, fe_nth_child(c, 0));
		return ok;
	case CXCursor_UnaryOperator:
		return clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_Deref &&
		       stable_base(f, fe_nth_child(c, 0));
	default:
		return false;
	}
}

/* `m & K` or `K & m` with K a constant: m's text and K; false otherwise. */
static bool split_test(struct fn_ctx *f, CXCursor c, struct strbuf *member, unsigned long long *mask)
{
	bool ok;

	c = fe_unwrap(c);
	if (clang_getCursorKind(c) != CXCursor_BinaryOperator ||
	    clang_getCursorBinaryOperatorKind(c) != CXBinaryOperator_And)
		return false;
	for (int side = 0; side < 2; side++) {
		CXCursor m = member_lvalue(fe_nth_child(c, (size_t)side));
		long long k = fe_const_value(fe_nth_child(c, (size_t)!side), &ok);
		if (!clang_Cursor_isNull(m) && ok && k && stable_base(f, fe_nth_child(m, 0))) {
			fe_canon(f->t, m, member);
			*mask = (unsigned long long)k;
			return member->len > 0;
		}
	}
	return false;
}

/* `m |= C` or `m &= C` with C a constant: m's text, C and whether it
 * sets; false otherwise. */
static bool split_store(struct fn_ctx *f, CXCursor assign, struct strbuf *member, unsigned long long *value,
			bool *sets)
{
	enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(assign);
	CXCursor m = member_lvalue(fe_nth_child(assign, 0));
	bool ok;

	if (clang_getCursorKind(assign) != CXCursor_CompoundAssignOperator ||
	    (op != CXBinaryOperator_OrAssign && op != CXBinaryOperator_AndAssign) || clang_Cursor_isNull(m))
		return false;
	long long v = fe_const_value(fe_nth_child(assign, 1), &ok);
	if (!ok)
		return false;
	fe_canon(f->t, m, member);
	*value = (unsigned long long)v;
	*sets = op == CXBinaryOperator_OrAssign;
	return member->len > 0;
}

bool fe_note_bit_store(struct fn_ctx *f, CXCursor assign)
{
	struct strbuf member = STRBUF_INIT;
	unsigned long long value;
	bool sets, ok = split_store(f, assign, &member, &value, &sets);

	if (ok)
		strpool_intern(f->bit_stored, member.buf);
	strbuf_release(&member);
	return ok;
}

void fe_note_bit_test(struct fn_ctx *f, CXCursor c)
{
	struct strbuf member = STRBUF_INIT, key = STRBUF_INIT;
	struct bit_test bt;

	if (split_test(f, c, &member, &bt.mask)) {
		fe_canon(f->t, c, &key);
		bt.member = strpool_intern(f->t->u->strings, member.buf);
		bt.key = strpool_intern(f->t->u->strings, key.buf);
		bool seen = false;
		for (size_t i = 0; i < f->bit_tests.n && !seen; i++)
			seen = f->bit_tests.v[i].key == bt.key;
		if (!seen)
			VEC_PUSH(f->bit_tests, bt);
	}
	strbuf_release(&member);
	strbuf_release(&key);
}

/* Is the member written only by constant bit stores? */
static bool bits_only(const struct fn_ctx *f, const char *member)
{
	return strpool_find(f->bit_stored, member) && !strpool_find(f->other_stored, member);
}

bool fe_bit_test_key(struct fn_ctx *f, CXCursor c, struct strbuf *key)
{
	struct strbuf member = STRBUF_INIT;
	unsigned long long mask;
	bool ok = split_test(f, c, &member, &mask) && bits_only(f, member.buf);

	if (ok)
		fe_canon(f->t, fe_unwrap(c), key);
	strbuf_release(&member);
	return ok && key->len > 0;
}

/* The truth of `member & mask` after the store, as an ir_truth; -1 when
 * the store leaves it as it was. */
static int truth_after(unsigned long long mask, unsigned long long value, bool sets)
{
	if (sets)
		return mask & value ? IR_TRUTH_TRUE : -1;
	if (!(mask & value))
		return IR_TRUTH_FALSE;
	return mask & ~value ? IR_TRUTH_UNKNOWN : -1;
}

void fe_lower_bit_store(struct fn_ctx *f, CXCursor assign)
{
	struct strbuf member = STRBUF_INIT;
	unsigned long long value;
	bool sets;

	if (f->cur == IR_NONE || !split_store(f, assign, &member, &value, &sets) || !bits_only(f, member.buf)) {
		strbuf_release(&member);
		return;
	}
	str_id id = strpool_find(f->t->u->strings, member.buf);
	for (size_t i = 0; id && i < f->bit_tests.n; i++) {
		const struct bit_test *bt = &f->bit_tests.v[i];
		int truth = bt->member == id ? truth_after(bt->mask, value, sets) : -1;
		if (truth < 0)
			continue;
		struct ir_node n = ir_node_make(IR_ASSIGN);
		n.cond = bt->key;
		n.truth = (uint8_t)truth;
		fe_loc(f->t, assign, &n.loc);
		n.stmt_first_line = f->stmt_first;
		n.stmt_last_line = f->stmt_last;
		fe_emit(f, ir_add_node(f->fn, &n));
	}
	strbuf_release(&member);
}
