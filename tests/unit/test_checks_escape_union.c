/*
 * test_checks_escape_union.c - escape_union: the escapes of one release,
 * lock acquisition and model become one, their writes united in program
 * order (a spliced copy's write sits at its call, not at its number);
 * escapes of another release, lock or model stay apart, and so do two
 * that disagree on how a shared write escaped or whose union would not
 * fit ENG_MAX_WRITES.  The order first gathered is the order handed on.
 */
#include "checks/escape_union.h"
#include "ir/ir.h"
#include "testlib.h"

#include <stdlib.h>

/* Own nodes 0..OWN_NODES-1; node SPLICED is a copy spliced through the
 * call at node 2, so it comes between 2 and 3 in program order. */
enum { OWN_NODES = 2 * ENG_MAX_WRITES + 2, SPLICED = OWN_NODES, NNODES = OWN_NODES + 1 };

static struct ir_function *make_function(struct ir_unit *u)
{
	struct ir_function *fn = ir_fn_new(u, "escapes");

	for (uint32_t i = 0; i < NNODES; i++) {
		struct ir_node n = ir_node_make(i == 2 ? IR_CALL : IR_NOP);
		uint32_t id = ir_add_node(fn, &n);
		fn->nodes.v[id].call_site = i == SPLICED ? 2 : IR_NONE;
	}
	return fn;
}

static struct eng_write write_at(uint32_t node)
{
	struct eng_write w = { .node = node, .device = 0, .flag_reset_node = IR_NONE, .reference_ordered = false };
	return w;
}

static struct eng_escape escape_of(int model, uint32_t release, uint32_t acquire, const struct eng_write *w, int n)
{
	struct eng_escape e;

	memset(&e, 0, sizeof(e));
	e.model = model;
	e.release_node = release;
	e.lock.lock = 1;
	e.lock.acquire_node = acquire;
	e.writes = w;
	e.nwrites = n;
	return e;
}

/* What escape_union_flush() handed on, copied out. */
static struct {
	struct eng_escape esc[8];
	uint32_t nodes[8][ENG_MAX_WRITES];
	int n;
} seen;

static void record(void *ctx, const struct eng_escape *esc)
{
	(void)ctx;
	if (seen.n == 8)
		return;
	seen.esc[seen.n] = *esc;
	for (int i = 0; i < esc->nwrites; i++)
		seen.nodes[seen.n][i] = esc->writes[i].node;
	seen.n++;
}

/* Gather escapes e[0..n) of fn's run and record what the flush hands on. */
static void gather(struct ir_function *fn, const struct eng_escape *e, int n)
{
	struct escape_union eu;

	escape_union_init(&eu);
	for (int k = 0; k < n; k++)
		escape_union_add(&eu, fn, &e[k]);
	seen.n = 0;
	escape_union_flush(&eu, record, NULL);
	CHECK(eu.n == 0 && !eu.v && !eu.place);	/* emptied */
}

static bool nodes_are(int k, const uint32_t *want, int n)
{
	if (k >= seen.n || seen.esc[k].nwrites != n)
		return false;
	for (int i = 0; i < n; i++)
		if (seen.nodes[k][i] != want[i])
			return false;
	return true;
}

/* {1, 3} and {1, SPLICED, 5} at one release: one escape {1, SPLICED, 3,
 * 5}; the same writes at another release, under another model or another
 * acquisition: three more. */
static void test_union_in_program_order(struct ir_function *fn)
{
	struct escape_union eu;
	struct eng_write a[] = { write_at(1), write_at(3) }, b[] = { write_at(1), write_at(SPLICED), write_at(5) };
	struct eng_escape ea = escape_of(0, 10, 0, a, 2), eb = escape_of(0, 10, 0, b, 3);
	struct eng_escape other_release = escape_of(0, 11, 0, a, 2), other_model = escape_of(1, 10, 0, a, 2);
	struct eng_escape other_acquire = escape_of(0, 10, 4, a, 2);
	static const uint32_t united[] = { 1, SPLICED, 3, 5 }, alone[] = { 1, 3 };

	escape_union_init(&eu);
	escape_union_add(&eu, fn, &ea);
	escape_union_add(&eu, fn, &other_release);
	escape_union_add(&eu, fn, &eb);
	escape_union_add(&eu, fn, &other_model);
	escape_union_add(&eu, fn, &other_acquire);
	a[0] = write_at(OWN_NODES - 1);	/* gathered escapes hold their own copies */
	seen.n = 0;
	escape_union_flush(&eu, record, NULL);
	CHECK(seen.n == 4);
	CHECK(nodes_are(0, united, 4) && seen.esc[0].release_node == 10);
	CHECK(nodes_are(1, alone, 2) && seen.esc[1].release_node == 11);
	CHECK(nodes_are(2, alone, 2) && seen.esc[2].model == 1);
	CHECK(nodes_are(3, alone, 2) && seen.esc[3].lock.acquire_node == 4);
	CHECK(eu.n == 0 && !eu.v && !eu.place);	/* emptied */
}

/* A write both list, cleared by an inner acquire on one path only: two
 * escapes (MMIO002 tells them apart). */
static void test_disagreeing_write_stays_apart(struct ir_function *fn)
{
	struct eng_write a[] = { write_at(1) }, b[] = { write_at(1) };
	b[0].flag_reset_node = 7;
	b[0].reference_ordered = true;
	struct eng_escape e[] = { escape_of(0, 10, 0, a, 1), escape_of(0, 10, 0, b, 1) };

	gather(fn, e, 2);
	CHECK(seen.n == 2);
}

/* ENG_MAX_WRITES even writes and one odd one: the union would not fit, so
 * two escapes, each whole. */
static void test_union_that_does_not_fit(struct ir_function *fn)
{
	struct eng_write full[ENG_MAX_WRITES], one[] = { write_at(1) };

	for (int i = 0; i < ENG_MAX_WRITES; i++)
		full[i] = write_at((uint32_t)(2 * i));
	struct eng_escape e[] = { escape_of(0, 10, 0, full, ENG_MAX_WRITES), escape_of(0, 10, 0, one, 1) };
	static const uint32_t odd[] = { 1 };

	gather(fn, e, 2);
	CHECK(seen.n == 2);
	CHECK(seen.esc[0].nwrites == ENG_MAX_WRITES && seen.nodes[0][ENG_MAX_WRITES - 1] == 2 * (ENG_MAX_WRITES - 1));
	CHECK(nodes_are(1, odd, 1));
}

int main(void)
{
	struct ir_unit *u = ir_unit_new("t.c");
	struct ir_function *fn = make_function(u);

	test_union_in_program_order(fn);
	test_disagreeing_write_stays_apart(fn);
	test_union_that_does_not_fit(fn);
	ir_unit_free(u);
	TEST_DONE();
}
