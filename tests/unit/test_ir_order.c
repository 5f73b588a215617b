/*
 * test_ir_order.c - ir_postorder(): every node once, a node after all its
 * successors but for loops' back edges, the nodes the entry does not reach
 * last.  ir_program_order(): own nodes by number, each call marker
 * followed by the copy spliced through it, nested copies in place.
 */
#include "ir/ir.h"
#include "testlib.h"

#include <stdlib.h>

static struct ir_function *F;

static uint32_t add_op(enum ir_op op, uint32_t after)
{
	struct ir_node n = ir_node_make(op);
	uint32_t id = ir_add_node(F, &n);

	if (after != IR_NONE)
		ir_add_edge(F, after, id, IR_EDGE_NEXT);
	return id;
}

static uint32_t add(uint32_t after)
{
	return add_op(IR_NOP, after);
}

static size_t position(const uint32_t *order, size_t n, uint32_t node)
{
	for (size_t i = 0; i < n; i++)
		if (order[i] == node)
			return i;
	return n;
}

/* entry -> a -> join; entry -> b -> join; join -> head <-> body; head ->
 * ret; a node numbered before the others' callers (a spliced callee's
 * nodes come after their caller's), and an unreached node. */
static void test_postorder(void)
{
	struct ir_unit *u = ir_unit_new("t.c");
	F = ir_fn_new(u, "order");
	uint32_t entry = add(IR_NONE);
	uint32_t unreached = add_op(IR_RETURN, IR_NONE);
	uint32_t join = add(IR_NONE);
	uint32_t a = add(entry), b = add(entry);
	ir_add_edge(F, a, join, IR_EDGE_NEXT);
	ir_add_edge(F, b, join, IR_EDGE_NEXT);
	uint32_t head = add(join), body = add(head);
	ir_add_edge(F, body, head, IR_EDGE_NEXT);
	uint32_t ret = add_op(IR_RETURN, head);
	ir_fn_finalize(F);

	size_t n = F->nodes.n;
	uint32_t *order = calloc(n, sizeof(*order));
	ir_postorder(F, order);
	for (uint32_t i = 0; i < n; i++)
		CHECK(position(order, n, i) < n);	/* every node, so once each */
	CHECK(position(order, n, ret) < position(order, n, head));
	CHECK(position(order, n, body) < position(order, n, head));
	CHECK(position(order, n, head) < position(order, n, join));
	CHECK(position(order, n, join) < position(order, n, a));
	CHECK(position(order, n, join) < position(order, n, b));
	CHECK(position(order, n, a) < position(order, n, entry));
	CHECK(position(order, n, entry) == n - 2);
	CHECK(order[n - 1] == unreached);
	free(order);
	ir_unit_free(u);
}

/* Own nodes 0 (entry), 1 (call A), 2 (call B), 3 (return); A's copy 4,
 * 5 with 5 a nested call whose copy is 7; B's copy 6.  Program order:
 * 0 1 4 5 7 2 6 3. */
static void test_program_order(void)
{
	struct ir_unit *u = ir_unit_new("t.c");
	static const uint32_t call_site[8] = { IR_NONE, IR_NONE, IR_NONE, IR_NONE, 1, 1, 2, 5 };
	static const uint32_t want[8] = { 0, 1, 5, 7, 2, 3, 6, 4 };	/* place of node i */
	uint32_t place[8];

	F = ir_fn_new(u, "program_order");
	for (int i = 0; i < 8; i++) {
		uint32_t id = add_op(i == 1 || i == 2 || i == 5 ? IR_CALL : IR_NOP, IR_NONE);
		F->nodes.v[id].call_site = call_site[i];
	}
	ir_program_order(F, place);
	for (int i = 0; i < 8; i++) {
		if (place[i] != want[i])
			fprintf(stderr, "  program_order: node %d at %u, want %u\n", i, place[i], want[i]);
		CHECK(place[i] == want[i]);
	}
	ir_unit_free(u);
}

int main(void)
{
	test_postorder();
	test_program_order();
	TEST_DONE();
}
