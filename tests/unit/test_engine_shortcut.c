/*
 * test_engine_shortcut.c - the edges the engine follows: joins, untested
 * calls and uncorrelated branches are passed over; a correlated branch
 * whose arms meet again before any event is empty (passed over, and not a
 * read of its key for liveness), one whose arms differ is kept; the entry
 * node is kept; a cycle of passed-over nodes ends the search; an observed
 * call is kept.
 */
#include "engine/liveness.h"
#include "engine/shortcut.h"
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

/* Does node `from` have exactly one shortcut edge, to `to` with `kind`? */
static bool only_edge(const struct shortcuts *sc, uint32_t from, uint32_t to, enum ir_edge_kind kind)
{
	uint32_t n;
	const struct ir_edge *e = shortcut_succs(sc, from, &n);
	return n == 1 && e[0].to == to && e[0].kind == kind;
}

/*
 * entry; branch f (empty: both arms join at nop); call; branch g (no key);
 * write; branch f again (arms differ: write / release); return.
 */
static void test_passed_over(void)
{
	struct shortcuts sc;
	struct fact_liveness L;

	U = ir_unit_new("t.c");
	F = ir_fn_new(U, "fn");
	uint32_t entry = add(IR_NOP, NULL, IR_NONE);
	uint32_t b1 = add(IR_BRANCH, "f", IR_NONE);
	ir_add_edge(F, entry, b1, IR_EDGE_NEXT);
	uint32_t join = add(IR_NOP, NULL, IR_NONE);
	ir_add_edge(F, b1, join, IR_EDGE_TRUE);
	ir_add_edge(F, b1, join, IR_EDGE_FALSE);
	uint32_t call = add(IR_CALL, NULL, join);
	uint32_t b2 = add(IR_BRANCH, NULL, call);
	uint32_t w = add(IR_MMIO_WRITE, NULL, IR_NONE);
	ir_add_edge(F, b2, w, IR_EDGE_NEXT);
	ir_add_edge(F, b2, w, IR_EDGE_NEXT);
	uint32_t b3 = add(IR_BRANCH, "f", w);
	uint32_t w2 = add(IR_MMIO_WRITE, NULL, IR_NONE);
	uint32_t rel = add(IR_RELEASE, NULL, IR_NONE);
	ir_add_edge(F, b3, w2, IR_EDGE_TRUE);
	ir_add_edge(F, b3, rel, IR_EDGE_FALSE);
	uint32_t ret = add(IR_RETURN, NULL, w2);
	ir_add_edge(F, rel, ret, IR_EDGE_NEXT);
	ir_fn_finalize(F);
	CHECK(F->entry == entry);

	shortcuts_build(&sc, F);
	CHECK(!sc.inert[entry]);		/* the walk starts there */
	CHECK(sc.inert[b1] && sc.inert[join] && sc.inert[call] && sc.inert[b2]);
	CHECK(!sc.inert[w] && !sc.inert[b3] && !sc.inert[ret]);
	CHECK(only_edge(&sc, entry, w, IR_EDGE_NEXT));	/* past four nodes */
	uint32_t n;
	const struct ir_edge *e = shortcut_succs(&sc, b3, &n);
	CHECK(n == 2 && e[0].to == w2 && e[0].kind == IR_EDGE_TRUE && e[1].to == rel &&
	      e[1].kind == IR_EDGE_FALSE);	/* a correlated branch keeps its arms */

	/* the empty branch does not read f: f is dead before it, live at b3 */
	liveness_compute(&L, F, NULL, NULL, sc.inert, 0, 0);
	CHECK(liveness_live(&L, w, strpool_intern(U->strings, "f")));
	CHECK(liveness_live(&L, b3, strpool_intern(U->strings, "f")));
	CHECK(!liveness_live(&L, w2, strpool_intern(U->strings, "f")));
	liveness_free(&L);
	shortcuts_free(&sc);
	ir_unit_free(U);
}

/* entry -> nop a <-> nop b (a cycle of passed-over nodes), a -> return */
static void test_cycle(void)
{
	struct shortcuts sc;

	U = ir_unit_new("t.c");
	F = ir_fn_new(U, "loop");
	uint32_t entry = add(IR_NOP, NULL, IR_NONE);
	uint32_t a = add(IR_NOP, NULL, entry);
	uint32_t b = add(IR_NOP, NULL, a);
	ir_add_edge(F, b, a, IR_EDGE_NEXT);
	uint32_t ret = add(IR_RETURN, NULL, a);
	ir_fn_finalize(F);
	shortcuts_build(&sc, F);
	CHECK(only_edge(&sc, entry, ret, IR_EDGE_NEXT));
	CHECK(only_edge(&sc, b, ret, IR_EDGE_NEXT));
	shortcuts_free(&sc);
	ir_unit_free(U);
}

/* entry -> call f (observed) -> call g -> return: the observed call is
 * kept, so a check sees the locks held at it; the other is passed over. */
static void test_observed_call(void)
{
	struct shortcuts sc;

	U = ir_unit_new("t.c");
	F = ir_fn_new(U, "caller");
	uint32_t entry = add(IR_NOP, NULL, IR_NONE);
	uint32_t f = add(IR_CALL, NULL, entry);
	F->nodes.v[f].observed = true;
	uint32_t g = add(IR_CALL, NULL, f);
	uint32_t ret = add(IR_RETURN, NULL, g);
	ir_fn_finalize(F);
	shortcuts_build(&sc, F);
	CHECK(!sc.inert[f] && sc.inert[g]);
	CHECK(only_edge(&sc, entry, f, IR_EDGE_NEXT));
	CHECK(only_edge(&sc, f, ret, IR_EDGE_NEXT));	/* past g */
	shortcuts_free(&sc);
	ir_unit_free(U);
}

int main(void)
{
	test_passed_over();
	test_cycle();
	test_observed_call();
	TEST_DONE();
}
