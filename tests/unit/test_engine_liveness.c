/*
 * test_engine_liveness.c - which correlation keys are live at each node: a
 * key is live up to its last read (branch, copy, return), dead past it and
 * before an assignment that overwrites it, live around a loop that tests it
 * at its head, and never live when no node reads it; a direct call forgets
 * its spliced callee's keys.
 */
#include "engine/liveness.h"
#include "testlib.h"

#include <stdlib.h>

static struct ir_unit *U;
static struct ir_function *F;

/* Append a node of `op` on `key` after node `after` (IR_NONE: none). */
static uint32_t add(enum ir_op op, const char *key, uint32_t after)
{
	struct ir_node n = ir_node_make(op);

	if (key)
		n.cond = strpool_intern(U->strings, key);
	uint32_t id = ir_add_node(F, &n);
	if (after != IR_NONE)
		ir_add_edge(F, after, id, IR_EDGE_NEXT);
	return id;
}

/* The unit's id of key k. */
static str_id key(const char *k)
{
	return strpool_intern(U->strings, k);
}

/* entry; branch f; assign g := true; call (forgets g); branch g; return */
static void test_straight_line(void)
{
	struct fact_liveness L;

	U = ir_unit_new("t.c");
	F = ir_fn_new(U, "straight");
	uint32_t entry = add(IR_NOP, NULL, IR_NONE);
	uint32_t bf = add(IR_BRANCH, "f", entry);
	uint32_t ag = add(IR_ASSIGN, "g", bf);
	F->nodes.v[ag].truth = IR_TRUTH_TRUE;
	uint32_t bg = add(IR_BRANCH, "g", ag);
	uint32_t ret = add(IR_RETURN, NULL, bg);
	ir_fn_finalize(F);
	liveness_compute(&L, F, NULL, NULL, NULL, key("$ret"), 0);
	CHECK(liveness_live(&L, entry, key("f")));
	CHECK(liveness_live(&L, bf, key("f")));
	CHECK(!liveness_live(&L, ag, key("f")));	/* past its last read */
	CHECK(!liveness_live(&L, entry, key("g")));	/* assigned before read */
	CHECK(!liveness_live(&L, ag, key("g")));
	CHECK(liveness_live(&L, bg, key("g")));
	CHECK(!liveness_live(&L, ret, key("g")));
	CHECK(liveness_live(&L, ret, key("$ret")));	/* every return reads it */
	CHECK(liveness_live(&L, entry, key("$ret")));
	CHECK(!liveness_live(&L, entry, key("h")));	/* no node reads it */
	liveness_free(&L);
	ir_unit_free(U);
}

/* head: branch f -> body (call forgets $rv) -> head; f false -> copy k := f; return */
static void test_loop_and_copy(void)
{
	struct fact_liveness L;

	U = ir_unit_new("t.c");
	F = ir_fn_new(U, "loop");
	uint32_t entry = add(IR_NOP, NULL, IR_NONE);
	uint32_t head = add(IR_BRANCH, "f", entry);
	uint32_t body = add(IR_CALL, "$rv", IR_NONE);
	ir_add_edge(F, head, body, IR_EDGE_TRUE);
	ir_add_edge(F, body, head, IR_EDGE_NEXT);
	uint32_t copy = add(IR_ASSIGN, "k", IR_NONE);
	F->nodes.v[copy].truth = IR_TRUTH_COPY;
	F->nodes.v[copy].cond_src = key("f");
	ir_add_edge(F, head, copy, IR_EDGE_FALSE);
	uint32_t bk = add(IR_BRANCH, "k", copy);
	add(IR_RETURN, NULL, bk);
	ir_fn_finalize(F);
	liveness_compute(&L, F, NULL, NULL, NULL, 0, 0);
	CHECK(liveness_live(&L, body, key("f")));	/* the loop tests it again */
	CHECK(liveness_live(&L, copy, key("f")));	/* copied */
	CHECK(!liveness_live(&L, bk, key("f")));
	CHECK(!liveness_live(&L, copy, key("k")));	/* the copy overwrites it */
	CHECK(liveness_live(&L, bk, key("k")));
	CHECK(!liveness_live(&L, head, key("$rv")));
	liveness_free(&L);

	/* past the bit-set budget nothing is computed: every key counts as live */
	liveness_compute(&L, F, NULL, NULL, NULL, 0, 1);
	CHECK(liveness_live(&L, bk, key("f")));
	CHECK(liveness_live(&L, entry, key("unread")));
	liveness_free(&L);
	ir_unit_free(U);
}

/* An IR_CALL marker of callee `name` after node `after`, spliced through
 * call node `site` (IR_NONE: the function's own call). */
static uint32_t add_call(const char *name, uint32_t site, bool indirect, uint32_t after)
{
	uint32_t c = add(IR_CALL, NULL, after);

	F->nodes.v[c].callee = key(name);
	F->nodes.v[c].call_site = site;
	F->nodes.v[c].indirect = indirect;
	return c;
}

/*
 * head: branch f -> call helper -> [copy: branch helper/x -> call inner ->
 * [branch helper/inner/y] -> branch @p(q)] -> call ops::kick -> [branch
 * kick_impl/w] -> head; f false -> return.  A direct call forgets its
 * callee's keys ("helper/...", nested ones too), so none goes around the
 * loop; a pure key and the keys behind an indirect call (whose copies are
 * named by their targets) do.  Without the strings nothing is scoped.
 */
static void test_call_scoped_keys(void)
{
	struct fact_liveness L;

	U = ir_unit_new("t.c");
	F = ir_fn_new(U, "scoped");
	uint32_t entry = add(IR_NOP, NULL, IR_NONE);
	uint32_t head = add(IR_BRANCH, "f", entry);
	uint32_t helper = add_call("helper", IR_NONE, false, IR_NONE);
	ir_add_edge(F, head, helper, IR_EDGE_TRUE);
	uint32_t bx = add(IR_BRANCH, "helper/x", helper);
	uint32_t inner = add_call("inner", helper, false, bx);
	uint32_t by = add(IR_BRANCH, "helper/inner/y", inner);
	uint32_t bp = add(IR_BRANCH, "@p(q)", by);
	uint32_t kick = add_call("ops::kick", IR_NONE, true, bp);
	uint32_t bw = add(IR_BRANCH, "kick_impl/w", kick);
	ir_add_edge(F, bw, head, IR_EDGE_NEXT);
	uint32_t ret = add(IR_RETURN, NULL, IR_NONE);
	ir_add_edge(F, head, ret, IR_EDGE_FALSE);
	ir_fn_finalize(F);

	struct call_scopes cs;
	call_scopes_compute(&cs, F, U->strings);
	CHECK(cs.nkeys == 3);	/* helper: x, inner/y; inner: inner/y */
	liveness_compute(&L, F, NULL, &cs, NULL, 0, 0);
	call_scopes_free(&cs);
	CHECK(!liveness_live(&L, head, key("helper/x")));	/* each call starts without it */
	CHECK(!liveness_live(&L, helper, key("helper/x")));
	CHECK(liveness_live(&L, bx, key("helper/x")));
	CHECK(!liveness_live(&L, head, key("helper/inner/y")));
	CHECK(!liveness_live(&L, bx, key("helper/inner/y")));	/* the inner call forgets it too */
	CHECK(!liveness_live(&L, inner, key("helper/inner/y")));
	CHECK(liveness_live(&L, by, key("helper/inner/y")));
	CHECK(liveness_live(&L, head, key("@p(q)")));		/* a pure key is the caller's */
	CHECK(liveness_live(&L, head, key("kick_impl/w")));	/* behind an indirect call */
	CHECK(liveness_live(&L, kick, key("kick_impl/w")));
	CHECK(L.scope_off[helper + 1] - L.scope_off[helper] == 2);
	CHECK(L.scope_off[inner + 1] - L.scope_off[inner] == 1);
	CHECK(L.scope_off[kick + 1] == L.scope_off[kick]);
	liveness_free(&L);

	liveness_compute(&L, F, NULL, NULL, NULL, 0, 0);
	CHECK(liveness_live(&L, head, key("helper/x")));	/* around the loop */
	CHECK(liveness_live(&L, head, key("helper/inner/y")));
	liveness_free(&L);
	ir_unit_free(U);
}

int main(void)
{
	test_straight_line();
	test_loop_and_copy();
	test_call_scoped_keys();
	TEST_DONE();
}
