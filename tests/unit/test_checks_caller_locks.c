/*
 * test_checks_caller_locks.c - the locks held at every call of a function
 * (checks/caller_locks.c): per run, the intersection over the paths that
 * reach a call; over the program, over the runs, by callee name; a call
 * seen without a lock empties it; indirect calls and unknown names give
 * nothing.
 */
#include "checks/caller_locks.h"
#include "testlib.h"

#include <stdio.h>
#include <string.h>

static struct ir_unit *U;

static str_id S(const char *s)
{
	return strpool_intern(U->strings, s);
}

/* A function with calls of `callee` at nodes 0 and 1, and an indirect call
 * through a slot named like it at node 2. */
static struct ir_function *caller(const char *name, const char *callee)
{
	struct ir_function *f = ir_fn_new(U, name);

	for (int i = 0; i < 3; i++) {
		struct ir_node n = ir_node_make(IR_CALL);
		n.callee = S(callee);
		n.indirect = i == 2;
		ir_add_node(f, &n);
	}
	return f;
}

static void test_intersections(void)
{
	struct caller_locks *cl = caller_locks_new();
	struct check_ctx ctx;
	str_id keys[CALLER_LOCKS_MAX];
	const char *names[CALLER_LOCKS_MAX];
	str_id crit, arq, other;
	char *crit_name = "adapter->crit_lock", *arq_name = "hw->aq.arq_mutex", *other_name = "x->other";

	U = ir_unit_new("t.c");
	crit = S("struct iavf_adapter::crit_lock");
	arq = S("arq_mutex");
	other = S("other");
	memset(&ctx, 0, sizeof(ctx));
	ctx.unit = U;

	/* the watchdog: both paths to node 0 hold crit_lock, one also arq */
	ctx.fn = caller("iavf_watchdog_task", "iavf_startup");
	struct call_site_locks *cs = call_site_locks_new(ctx.fn->nodes.n);
	str_id both[2] = { crit, arq };
	char *both_names[2] = { crit_name, arq_name };
	call_site_locks_visit(cs, 0, 2, both, both_names);
	call_site_locks_visit(cs, 0, 1, both, both_names);
	call_site_locks_visit(cs, 2, 0, NULL, NULL);	/* indirect: not a call of it */
	call_site_locks_flush(cs, &ctx, cl);
	int n = caller_locks_of(cl, "iavf_startup", keys, names, CALLER_LOCKS_MAX);
	CHECK(n == 1 && keys[0] == crit && !strcmp(names[0], crit_name));

	/* the reset task: crit_lock and another lock at its call */
	ctx.fn = caller("iavf_reset_task", "iavf_startup");
	cs = call_site_locks_new(ctx.fn->nodes.n);
	str_id co[2] = { other, crit };
	char *co_names[2] = { other_name, crit_name };
	call_site_locks_visit(cs, 1, 2, co, co_names);
	call_site_locks_flush(cs, &ctx, cl);
	n = caller_locks_of(cl, "iavf_startup", keys, names, CALLER_LOCKS_MAX);
	CHECK(n == 1 && keys[0] == crit);

	/* a third caller with no lock: nothing is held at every call */
	ctx.fn = caller("iavf_remove", "iavf_startup");
	cs = call_site_locks_new(ctx.fn->nodes.n);
	call_site_locks_visit(cs, 0, 0, NULL, NULL);
	call_site_locks_flush(cs, &ctx, cl);
	CHECK(caller_locks_of(cl, "iavf_startup", keys, names, CALLER_LOCKS_MAX) == 0);
	CHECK(caller_locks_of(cl, "never_called", keys, names, CALLER_LOCKS_MAX) == 0);
	caller_locks_free(cl);
	ir_unit_free(U);
}

/* Many callee names: the table grows and keeps every entry. */
static void test_growth(void)
{
	struct caller_locks *cl = caller_locks_new();
	struct check_ctx ctx;
	str_id keys[CALLER_LOCKS_MAX];
	const char *names[CALLER_LOCKS_MAX];
	char name[32];

	U = ir_unit_new("t.c");
	memset(&ctx, 0, sizeof(ctx));
	ctx.unit = U;
	str_id lock = S("lock");
	char *lock_name = "lock";
	for (int i = 0; i < 1000; i++) {
		snprintf(name, sizeof(name), "helper_%d", i);
		ctx.fn = caller("c", name);
		struct call_site_locks *cs = call_site_locks_new(ctx.fn->nodes.n);
		call_site_locks_visit(cs, 0, 1, &lock, &lock_name);
		call_site_locks_flush(cs, &ctx, cl);
	}
	int all = 1;
	for (int i = 0; i < 1000; i++) {
		snprintf(name, sizeof(name), "helper_%d", i);
		all &= caller_locks_of(cl, name, keys, names, CALLER_LOCKS_MAX) == 1 && keys[0] == lock;
	}
	CHECK(all);
	caller_locks_free(cl);
	ir_unit_free(U);
}

int main(void)
{
	test_intersections();
	test_growth();
	TEST_DONE();
}
