/*
 * test_ir_verify.c - the IR invariants (ir/verify.c) on small graphs: a
 * branch has one TRUE and one FALSE edge unless it is a synthetic choice
 * that keeps one arm (a function-pointer block chosen at a function's
 * entry, interproc/splice.c), and every path ends in a return.
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

int main(void)
{
	test_one_armed_choice();
	test_armless_choice();
	TEST_DONE();
}
