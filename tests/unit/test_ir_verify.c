/*
 * test_ir_verify.c - the IR invariants (ir/verify.c) on small graphs: a
 * branch has one TRUE and one FALSE edge unless it is a synthetic choice
 * that keeps one arm (a function-pointer block chosen at a function's
 * entry, interproc/splice.c), and every path ends in a return; nodes put
 * in front of a finalized graph (ir_fn_finalize_tail) give the graph built
 * whole, as ir_fn_same() tells.
 */
#include "ir/ir.h"
#include "testlib.h"

#include <string.h>

/* entry: a branch with only its TRUE arm to a return. */
static void test_one_armed_choice(void)
{
	struct strpool *pool = strpool_new();
	struct ir_unit *u = ir_unit_new_shared("v.c", pool);
	struct ir_function *f = ir_fn_new(u, "f");
	struct ir_node b = ir_node_make(IR_BRANCH), r = ir_node_make(IR_RETURN);
	uint32_t node;

	b.synthetic = true;
	b.cond = strpool_intern(pool, "fnptr:@v.c:1:1");
	uint32_t bi = ir_add_node(f, &b), ri = ir_add_node(f, &r);
	ir_add_edge(f, bi, ri, IR_EDGE_TRUE);
	ir_fn_finalize(f);
	CHECK(ir_fn_check(f, &node) == NULL);

	f->nodes.v[bi].synthetic = false;	/* a branch of the body may not */
	const char *why = ir_fn_check(f, &node);
	CHECK(why && strstr(why, "a branch without one TRUE and one FALSE edge"));
	CHECK(node == bi);
	ir_unit_free(u);
	strpool_free(pool);
}

/* A synthetic branch with no arm at all is a dead end. */
static void test_armless_choice(void)
{
	struct strpool *pool = strpool_new();
	struct ir_unit *u = ir_unit_new_shared("v.c", pool);
	struct ir_function *f = ir_fn_new(u, "f");
	struct ir_node b = ir_node_make(IR_BRANCH), r = ir_node_make(IR_RETURN);
	uint32_t node;

	b.synthetic = true;
	uint32_t bi = ir_add_node(f, &b), ri = ir_add_node(f, &r);
	ir_add_edge(f, bi, ri, IR_EDGE_TRUE);
	ir_fn_finalize(f);
	f->succs.n = 0;	/* drop the arm after the (asserting) finalize */
	f->nodes.v[bi].nsucc = 0;
	f->nodes.v[ri].succ_off = 0;
	const char *why = ir_fn_check(f, &node);
	CHECK(why && strstr(why, "ends without a return"));
	ir_unit_free(u);
	strpool_free(pool);
}

/* The body of f: a branch whose arms write and return. */
static void add_body(struct ir_function *f, struct strpool *pool)
{
	struct ir_node b = ir_node_make(IR_BRANCH), w = ir_node_make(IR_MMIO_WRITE), r = ir_node_make(IR_RETURN);

	b.cond = strpool_intern(pool, "flag");
	w.device = strpool_intern(pool, "dev->regs");
	uint32_t bi = ir_add_node(f, &b), wi = ir_add_node(f, &w), ri = ir_add_node(f, &r);
	ir_add_edge(f, bi, wi, IR_EDGE_TRUE);
	ir_add_edge(f, bi, ri, IR_EDGE_FALSE);
	ir_add_edge(f, wi, ri, IR_EDGE_NEXT);
}

/* Push two entry nodes in front of f's entry 0 (as the checks' entries
 * go in front of a spliced function): an acquire, then a one-armed choice
 * leading to it; returns the first new node. */
static uint32_t push_entries(struct ir_function *f, struct strpool *pool)
{
	struct ir_node a = ir_node_make(IR_ACQUIRE), c = ir_node_make(IR_BRANCH);
	uint32_t first = (uint32_t)f->nodes.n;

	a.lock = strpool_intern(pool, "dev->lock");
	a.synthetic = c.synthetic = true;
	c.cond = strpool_intern(pool, "fnptr:if:x");
	VEC_PUSH(f->nodes, a);
	VEC_PUSH(f->nodes, c);
	f->entry = first + 1;
	return first;
}

/* Entries added to a finalized graph make the graph built at once; a
 * difference in one field of one node is seen. */
static void test_finalize_tail(void)
{
	struct strpool *pool = strpool_new();
	struct ir_unit *u = ir_unit_new_shared("v.c", pool);
	struct ir_function *whole = ir_fn_new(u, "f"), *tail = ir_fn_new(u, "f");

	add_body(whole, pool);
	uint32_t first = push_entries(whole, pool);
	ir_add_edge(whole, first + 1, first, IR_EDGE_TRUE);
	ir_add_edge(whole, first, 0, IR_EDGE_NEXT);
	ir_fn_finalize(whole);

	add_body(tail, pool);
	ir_fn_finalize(tail);
	CHECK(!ir_fn_same(whole, tail));	/* two nodes fewer */
	CHECK(push_entries(tail, pool) == first);
	uint32_t from[] = { first + 1, first };
	struct ir_edge to[] = { { first, IR_EDGE_TRUE }, { 0, IR_EDGE_NEXT } };
	ir_fn_finalize_tail(tail, first, from, to, 2);
	uint32_t node;
	CHECK(ir_fn_check(tail, &node) == NULL);
	CHECK(ir_fn_same(whole, tail));
	CHECK(tail->nodes.v[first].succ_off == 3 && tail->nodes.v[first + 1].succ_off == 4);

	tail->nodes.v[1].bounded_by = strpool_intern(pool, "helper");
	CHECK(!ir_fn_same(whole, tail));
	tail->nodes.v[1].bounded_by = 0;
	tail->succs.v[4].kind = IR_EDGE_NEXT;
	CHECK(!ir_fn_same(whole, tail));
	ir_unit_free(u);
	strpool_free(pool);
}

int main(void)
{
	test_finalize_tail();
	test_one_armed_choice();
	test_armless_choice();
	TEST_DONE();
}
