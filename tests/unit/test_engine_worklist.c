/*
 * test_engine_worklist.c - the engine's queue: pairs come out in reverse
 * postorder of their nodes (a join after both arms of its branch, a loop
 * body after its head), nodes the entry does not reach come last, and a
 * dropped pair is skipped unless it is queued again.
 */
#include "engine/worklist.h"
#include "testlib.h"

#include <stdlib.h>

static struct ir_unit *U;
static struct ir_function *F;

/* Append a node of `op` after node `after` (IR_NONE: none). */
static uint32_t add(enum ir_op op, uint32_t after, enum ir_edge_kind kind)
{
	struct ir_node n = ir_node_make(op);
	uint32_t id = ir_add_node(F, &n);

	if (after != IR_NONE)
		ir_add_edge(F, after, id, kind);
	return id;
}

/* The nodes of every pair left, in the order they come out. */
static size_t drain(struct worklist *w, uint32_t *nodes, size_t max)
{
	struct work item;
	size_t n = 0;

	while (n < max && worklist_pop(w, &item))
		nodes[n++] = item.node;
	return n;
}

static size_t position(const uint32_t *nodes, size_t n, uint32_t node)
{
	for (size_t i = 0; i < n; i++)
		if (nodes[i] == node)
			return i;
	return n;
}

/*
 * entry -> branch; TRUE: a1 -> a2 -> join; FALSE: b -> join; join -> loop
 * head; head -> body -> head; head -> ret.  Also an unreached node.  Every
 * node is queued in the worst order (last first).
 */
static void test_order(void)
{
	struct shortcuts sc;
	struct worklist w;
	uint32_t got[16];

	U = ir_unit_new("t.c");
	F = ir_fn_new(U, "order");
	uint32_t entry = add(IR_NOP, IR_NONE, IR_EDGE_NEXT);
	uint32_t br = add(IR_BRANCH, entry, IR_EDGE_NEXT);
	F->nodes.v[br].cond = strpool_intern(U->strings, "f");
	uint32_t a1 = add(IR_MMIO_WRITE, br, IR_EDGE_TRUE);
	uint32_t a2 = add(IR_MMIO_READ, a1, IR_EDGE_NEXT);
	uint32_t b = add(IR_MMIO_WRITE, br, IR_EDGE_FALSE);
	uint32_t join = add(IR_MMIO_READ, a2, IR_EDGE_NEXT);
	ir_add_edge(F, b, join, IR_EDGE_NEXT);
	uint32_t head = add(IR_BRANCH, join, IR_EDGE_NEXT);
	F->nodes.v[head].cond = strpool_intern(U->strings, "g");
	uint32_t body = add(IR_MMIO_WRITE, head, IR_EDGE_TRUE);
	ir_add_edge(F, body, head, IR_EDGE_NEXT);
	uint32_t ret = add(IR_RETURN, head, IR_EDGE_FALSE);
	uint32_t unreached = add(IR_MMIO_WRITE, IR_NONE, IR_EDGE_NEXT);
	ir_fn_finalize(F);
	shortcuts_build(&sc, F);
	worklist_init(&w, F, &sc);
	for (uint32_t n = (uint32_t)F->nodes.n; n-- > 0;)
		worklist_push(&w, n, 0);
	size_t n = drain(&w, got, 16);
	CHECK(n == F->nodes.n);
	CHECK(got[0] == entry);
	CHECK(position(got, n, br) < position(got, n, a1) && position(got, n, br) < position(got, n, b));
	CHECK(position(got, n, a2) < position(got, n, join));	/* both arms before the join */
	CHECK(position(got, n, b) < position(got, n, join));
	CHECK(position(got, n, join) < position(got, n, head));
	CHECK(position(got, n, head) < position(got, n, body));
	CHECK(got[n - 1] == unreached);
	CHECK(position(got, n, ret) < n - 1);
	CHECK(worklist_empty(&w));

	/* dropped pairs are skipped; a pair queued after its drop is not */
	worklist_push(&w, join, 1);
	worklist_push(&w, join, 2);
	worklist_drop(&w, join, 1);
	worklist_drop(&w, b, 3);
	worklist_push(&w, b, 3);
	struct work item;
	CHECK(worklist_pop(&w, &item) && item.node == b && item.state == 3);
	CHECK(worklist_pop(&w, &item) && item.node == join && item.state == 2);
	CHECK(!worklist_pop(&w, &item));
	worklist_free(&w);
	shortcuts_free(&sc);
	ir_unit_free(U);
}

/* Many drops grow the dropped set; every dropped pair stays dropped. */
static void test_many_drops(void)
{
	struct shortcuts sc;
	struct worklist w;
	struct work item;

	U = ir_unit_new("t.c");
	F = ir_fn_new(U, "drops");
	uint32_t entry = add(IR_NOP, IR_NONE, IR_EDGE_NEXT);
	add(IR_RETURN, entry, IR_EDGE_NEXT);
	ir_fn_finalize(F);
	shortcuts_build(&sc, F);
	worklist_init(&w, F, &sc);
	for (uint32_t s = 0; s < 5000; s++) {
		worklist_push(&w, s & 1, s);
		if (s % 3)
			worklist_drop(&w, s & 1, s);
	}
	size_t left = 0;
	while (worklist_pop(&w, &item)) {
		CHECK(item.state % 3 == 0);
		left++;
	}
	CHECK(left == 1667);
	worklist_free(&w);
	shortcuts_free(&sc);
	ir_unit_free(U);
}

int main(void)
{
	test_order();
	test_many_drops();
	TEST_DONE();
}
