/*
 * test_checks_caller_locks.c - the locks held at every call of a function
 * (checks/caller_locks.c): per run, the intersection over the paths that
 * reach a call; over the program, over the runs, by callee name; a call
 * seen without a lock empties it; unknown names give nothing, and an
 * indirect call names the functions its slot holds, or nothing; the locks
 * of a caller whose own calls are all seen are carried down to its
 * callees, whatever order the runs come in; a function no chain of calls
 * reaches with a lock held is told apart.
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
	call_site_locks_visit(cs, 0, 2, both, both_names, false);
	call_site_locks_visit(cs, 0, 1, both, both_names, false);
	call_site_locks_visit(cs, 2, 0, NULL, NULL, false);	/* indirect: not a call of it */
	call_site_locks_flush(cs, &ctx, cl);
	caller_locks_close(cl);
	int n = caller_locks_of(cl, "iavf_startup", keys, names, CALLER_LOCKS_MAX);
	CHECK(n == 1 && keys[0] == crit && !strcmp(names[0], crit_name));

	/* the reset task: crit_lock and another lock at its call */
	ctx.fn = caller("iavf_reset_task", "iavf_startup");
	cs = call_site_locks_new(ctx.fn->nodes.n);
	str_id co[2] = { other, crit };
	char *co_names[2] = { other_name, crit_name };
	call_site_locks_visit(cs, 1, 2, co, co_names, false);
	call_site_locks_flush(cs, &ctx, cl);
	caller_locks_close(cl);
	n = caller_locks_of(cl, "iavf_startup", keys, names, CALLER_LOCKS_MAX);
	CHECK(n == 1 && keys[0] == crit);

	/* a third caller with no lock: nothing is held at every call */
	ctx.fn = caller("iavf_remove", "iavf_startup");
	cs = call_site_locks_new(ctx.fn->nodes.n);
	call_site_locks_visit(cs, 0, 0, NULL, NULL, false);
	call_site_locks_flush(cs, &ctx, cl);
	caller_locks_close(cl);
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
		call_site_locks_visit(cs, 0, 1, &lock, &lock_name, false);
		call_site_locks_flush(cs, &ctx, cl);
	}
	caller_locks_close(cl);
	int all = 1;
	for (int i = 0; i < 1000; i++) {
		snprintf(name, sizeof(name), "helper_%d", i);
		all &= caller_locks_of(cl, name, keys, names, CALLER_LOCKS_MAX) == 1 && keys[0] == lock;
	}
	CHECK(all);
	caller_locks_free(cl);
	ir_unit_free(U);
}

/* One run of `name`, calling `callee` at node 0 holding n of keys, on a
 * setup path or not (info: whether every call of it is seen). */
static void run_call(struct caller_locks *cl, const char *name, const char *callee, int n, str_id *keys,
		     char **names, bool setup, const struct check_fn_info *info)
{
	struct check_ctx ctx;

	memset(&ctx, 0, sizeof(ctx));
	ctx.unit = U;
	ctx.info = info;
	ctx.fn = caller(name, callee);
	struct call_site_locks *cs = call_site_locks_new(ctx.fn->nodes.n);
	call_site_locks_visit(cs, 0, n, keys, names, setup);
	call_site_locks_flush(cs, &ctx, cl);
}

/* The same outside setup paths. */
static void run_calling(struct caller_locks *cl, const char *name, const char *callee, int n, str_id *keys,
			char **names, const struct check_fn_info *info)
{
	run_call(cl, name, callee, n, keys, names, false, info);
}

/*
 * Locks carried down: tg3_timer() calls tg3_setup_phy() under tp->lock;
 * tg3_setup_phy(), called only by name, calls tg3_setup_copper_phy() with
 * nothing more held, which calls tg3_phy_helper() under phy_lock.  The
 * helper runs under both.  A caller whose calls are not all seen (a
 * pointer to it is stored) passes nothing on, and a cycle no caller
 * enters says nothing.
 */
static void test_carried_down(void)
{
	struct caller_locks *cl = caller_locks_new();
	struct check_fn_info by_name = { 0 }, stored = { 0 }, root = { 0 };
	str_id keys[CALLER_LOCKS_MAX];
	const char *names[CALLER_LOCKS_MAX];

	U = ir_unit_new("t.c");
	by_name.has_callers = by_name.called_by_name_only = true;
	stored.has_callers = true;
	str_id tp = S("struct tg3::lock"), phy = S("phy_lock");
	char *tp_name = "tp->lock", *phy_name = "tp->phy_lock";

	/* callees first: the order of the runs must not matter */
	run_calling(cl, "tg3_setup_copper_phy", "tg3_phy_helper", 1, &phy, &phy_name, &by_name);
	run_calling(cl, "tg3_setup_phy", "tg3_setup_copper_phy", 0, NULL, NULL, &by_name);
	run_calling(cl, "tg3_timer", "tg3_setup_phy", 1, &tp, &tp_name, &root);
	caller_locks_close(cl);
	int n = caller_locks_of(cl, "tg3_phy_helper", keys, names, CALLER_LOCKS_MAX);
	CHECK(n == 2 && ((keys[0] == phy && keys[1] == tp) || (keys[0] == tp && keys[1] == phy)));
	n = caller_locks_of(cl, "tg3_setup_copper_phy", keys, names, CALLER_LOCKS_MAX);
	CHECK(n == 1 && keys[0] == tp && !strcmp(names[0], tp_name));

	/* a second caller of tg3_setup_phy holding nothing: tp->lock is no
	 * longer held at every call, down the whole chain */
	run_calling(cl, "tg3_reset_task", "tg3_setup_phy", 0, NULL, NULL, &root);
	caller_locks_close(cl);
	n = caller_locks_of(cl, "tg3_phy_helper", keys, names, CALLER_LOCKS_MAX);
	CHECK(n == 1 && keys[0] == phy);
	CHECK(caller_locks_of(cl, "tg3_setup_copper_phy", keys, names, CALLER_LOCKS_MAX) == 0);

	/* a stored pointer: its callers' locks are not carried through it */
	run_calling(cl, "a_slot", "b_helper", 0, NULL, NULL, &stored);
	run_calling(cl, "a_caller", "a_slot", 1, &tp, &tp_name, &root);
	caller_locks_close(cl);
	CHECK(caller_locks_of(cl, "a_slot", keys, names, CALLER_LOCKS_MAX) == 1);
	CHECK(caller_locks_of(cl, "b_helper", keys, names, CALLER_LOCKS_MAX) == 0);

	/* a cycle nothing else calls says nothing; entered under tp->lock,
	 * both run under it, and pong under phy_lock too */
	run_calling(cl, "ping", "pong", 1, &phy, &phy_name, &by_name);
	run_calling(cl, "pong", "ping", 0, NULL, NULL, &by_name);
	caller_locks_close(cl);
	CHECK(caller_locks_of(cl, "pong", keys, names, CALLER_LOCKS_MAX) == 0);
	CHECK(caller_locks_of(cl, "ping", keys, names, CALLER_LOCKS_MAX) == 0);
	run_calling(cl, "ping_entry", "ping", 1, &tp, &tp_name, &root);
	caller_locks_close(cl);
	n = caller_locks_of(cl, "ping", keys, names, CALLER_LOCKS_MAX);
	CHECK(n == 1 && keys[0] == tp);
	CHECK(caller_locks_of(cl, "pong", keys, names, CALLER_LOCKS_MAX) == 2);

	/* a caller none of whose calls was reached holds nothing more: its
	 * callee's other caller's lock is not held at every call */
	run_calling(cl, "orphan_mid", "shared_leaf", 0, NULL, NULL, &by_name);
	run_calling(cl, "timer2", "shared_leaf", 1, &tp, &tp_name, &root);
	caller_locks_close(cl);
	CHECK(caller_locks_of(cl, "shared_leaf", keys, names, CALLER_LOCKS_MAX) == 0);
	CHECK(!caller_locks_never_held(cl, "shared_leaf"));
	caller_locks_free(cl);
	ir_unit_free(U);
}

/* One run of `name` calling `callee` at node 0 with nothing held. */
static void run_unlocked(struct caller_locks *cl, const char *name, const char *callee, bool setup,
			 const struct check_fn_info *info)
{
	run_call(cl, name, callee, 0, NULL, NULL, setup, info);
}

/*
 * Never held: every chain of calls reaching a helper holds no driver lock,
 * each caller's context is known, and one chain is outside setup paths.
 * A probe-only chain, a caller with unseen calls (a stored pointer), or a
 * lock anywhere up the chain says it may be held.
 */
static void test_never_held(void)
{
	struct caller_locks *cl = caller_locks_new();
	struct check_fn_info by_name = { 0 }, stored = { 0 }, root = { 0 };
	str_id lock;
	char *lock_name = "tp->lock";

	U = ir_unit_new("t.c");
	by_name.has_callers = by_name.called_by_name_only = true;
	stored.has_callers = true;
	lock = S("struct tg3::lock");

	run_unlocked(cl, "mid", "leaf", false, &by_name);
	run_unlocked(cl, "poll", "mid", false, &root);
	run_unlocked(cl, "probe_only_mid", "probe_leaf", false, &by_name);
	run_unlocked(cl, "probe", "probe_only_mid", true, &root);
	run_unlocked(cl, "slot_fn", "slot_leaf", false, &stored);
	caller_locks_close(cl);
	CHECK(caller_locks_never_held(cl, "leaf"));
	CHECK(caller_locks_never_held(cl, "mid"));
	CHECK(!caller_locks_never_held(cl, "probe_leaf"));
	CHECK(!caller_locks_never_held(cl, "slot_leaf"));
	CHECK(!caller_locks_never_held(cl, "poll"));	/* nothing calls it */

	/* a second root takes the lock around mid: held on one chain */
	run_calling(cl, "timer", "mid", 1, &lock, &lock_name, &root);
	caller_locks_close(cl);
	CHECK(!caller_locks_never_held(cl, "leaf"));
	caller_locks_free(cl);
	ir_unit_free(U);
}

/* Does group g hold exactly the one lock `key`, or none (key 0)? */
static bool group_is(const struct caller_chain *g, str_id key)
{
	return key ? g->n == 1 && g->keys[0] == key : g->n == 0;
}

/*
 * Split: a helper whose chains of calls disagree, called by name from mid,
 * which the timer calls under tp->lock, the poll function with nothing
 * held and the probe with nothing held on a setup path.  Its chains are
 * one group under tp->lock and one unlocked at run time; the probe's
 * unlocked chain is a setup path and no group.  Chains that hold the same
 * locks are one group; through a caller whose calls are not all seen only
 * the calls seen split on; more groups than asked for say nothing at all.
 */
static void test_split(void)
{
	struct caller_locks *cl = caller_locks_new();
	struct check_fn_info by_name = { 0 }, stored = { 0 }, root = { 0 };
	struct caller_chain g[CALLER_CHAINS_MAX];
	char *tp_name = "tp->lock", *phy_name = "tp->phy_lock";

	U = ir_unit_new("t.c");
	str_id tp = S("struct tg3::lock"), phy = S("phy_lock");
	by_name.has_callers = by_name.called_by_name_only = true;
	stored.has_callers = true;
	run_unlocked(cl, "mid", "leaf", false, &by_name);
	run_calling(cl, "timer", "mid", 1, &tp, &tp_name, &root);
	run_unlocked(cl, "poll", "mid", false, &root);
	run_unlocked(cl, "probe", "mid", true, &root);
	caller_locks_close(cl);
	CHECK(caller_locks_split(cl, "leaf", g, CALLER_CHAINS_MAX) == 2);
	CHECK(group_is(&g[0], tp) && g[0].runtime && !strcmp(g[0].names[0], tp_name));
	CHECK(group_is(&g[1], 0) && g[1].runtime);
	CHECK(caller_locks_split(cl, "timer", g, CALLER_CHAINS_MAX) == 0);	/* nothing calls it */

	/* unlocked chains on setup paths only are a group too, not outside
	 * them (a vote with --strict only) */
	run_unlocked(cl, "probe2", "setup_leaf", true, &root);
	caller_locks_close(cl);
	CHECK(caller_locks_split(cl, "setup_leaf", g, CALLER_CHAINS_MAX) == 1);
	CHECK(group_is(&g[0], 0) && !g[0].runtime);

	/* a second timer under the same lock joins its group; another lock
	 * is a group of its own, which two slots cannot hold */
	run_calling(cl, "timer2", "mid", 1, &tp, &tp_name, &root);
	caller_locks_close(cl);
	CHECK(caller_locks_split(cl, "leaf", g, CALLER_CHAINS_MAX) == 2);
	run_calling(cl, "phy_task", "mid", 1, &phy, &phy_name, &root);
	caller_locks_close(cl);
	CHECK(caller_locks_split(cl, "leaf", g, CALLER_CHAINS_MAX) == 3);
	CHECK(group_is(&g[2], phy));
	CHECK(caller_locks_split(cl, "leaf", g, 2) == 0);

	/* chains that agree are one group */
	run_calling(cl, "timer3", "locked_leaf", 1, &tp, &tp_name, &root);
	caller_locks_close(cl);
	CHECK(caller_locks_split(cl, "locked_leaf", g, CALLER_CHAINS_MAX) == 1);
	CHECK(group_is(&g[0], tp));

	/* a caller with unseen calls (a stored pointer) says nothing by
	 * itself; the calls of it that are seen split on */
	run_unlocked(cl, "slot_fn", "half_leaf", false, &stored);
	run_calling(cl, "timer4", "half_leaf", 1, &tp, &tp_name, &root);
	caller_locks_close(cl);
	CHECK(caller_locks_split(cl, "half_leaf", g, CALLER_CHAINS_MAX) == 1);
	CHECK(group_is(&g[0], tp));
	run_unlocked(cl, "close", "slot_fn", false, &root);
	caller_locks_close(cl);
	CHECK(caller_locks_split(cl, "half_leaf", g, CALLER_CHAINS_MAX) == 2);
	CHECK(group_is(&g[0], 0) && g[0].runtime && group_is(&g[1], tp));	/* callers' order */
	caller_locks_free(cl);
	ir_unit_free(U);
}

/* One run of root `name` calling through a slot at node 2 holding n of
 * keys, the slot holding `impl` (NULL: a slot no observed function is
 * stored into). */
static void run_slot_call(struct caller_locks *cl, const char *name, const char *impl, int n, str_id *keys,
			  char **names)
{
	struct check_fn_info root = { 0 };
	struct ir_call_target t = { 2, impl ? S(impl) : 0 };
	struct check_ctx ctx;

	root.slot_calls = &t;
	root.nslot_calls = impl != NULL;
	memset(&ctx, 0, sizeof(ctx));
	ctx.unit = U;
	ctx.info = &root;
	ctx.fn = caller(name, "struct board_ops::reset");
	struct call_site_locks *cs = call_site_locks_new(ctx.fn->nodes.n);
	call_site_locks_visit(cs, 2, n, keys, names, false);
	call_site_locks_flush(cs, &ctx, cl);
}

/*
 * A call through a slot is a call of each function the slot holds that
 * is observed (check_fn_info.slot_calls), with the locks held at it: the
 * chains of a helper reached only through a slot split like any other.
 * An indirect call that names none is a call of nothing.
 */
static void test_slot_calls(void)
{
	struct caller_locks *cl = caller_locks_new();
	struct caller_chain g[CALLER_CHAINS_MAX];
	char *tp_name = "tp->lock";

	U = ir_unit_new("t.c");
	str_id tp = S("struct tg3::lock");
	run_slot_call(cl, "timer", "neo_reset", 1, &tp, &tp_name);
	run_slot_call(cl, "close", "neo_reset", 0, NULL, NULL);
	run_slot_call(cl, "poll", "cls_reset", 1, &tp, &tp_name);
	run_slot_call(cl, "remove", NULL, 0, NULL, NULL);
	caller_locks_close(cl);
	CHECK(caller_locks_split(cl, "neo_reset", g, CALLER_CHAINS_MAX) == 2);
	CHECK(group_is(&g[0], tp) && group_is(&g[1], 0) && g[1].runtime);
	CHECK(caller_locks_split(cl, "cls_reset", g, CALLER_CHAINS_MAX) == 1);
	CHECK(group_is(&g[0], tp));
	CHECK(caller_locks_split(cl, "struct board_ops::reset", g, CALLER_CHAINS_MAX) == 0);
	caller_locks_free(cl);
	ir_unit_free(U);
}

/*
 * A lattice of chains: leaf is called by a0 and b0, each called by l1,
 * called by a1 and b1, ... up to a timer holding tp->lock: 2^LAYERS
 * chains, one group.  The groups above each function come from its
 * callers' groups, so each call counts once, not each chain (and no
 * bound on a walk's depth or length cuts them).  A cycle (l1 also calls
 * itself through c1) says nothing more.
 */
#define LAYERS 14
static void test_split_lattice(void)
{
	struct caller_locks *cl = caller_locks_new();
	struct check_fn_info stored = { 0 }, root = { 0 };
	struct caller_chain g[CALLER_CHAINS_MAX];
	char *tp_name = "tp->lock", below[16], a[16], b[16], up[16];

	U = ir_unit_new("t.c");
	str_id tp = S("struct tg3::lock");
	stored.has_callers = true;
	for (int i = 0; i < LAYERS; i++) {
		snprintf(below, sizeof(below), i ? "l%d" : "leaf", i);
		snprintf(a, sizeof(a), "a%d", i);
		snprintf(b, sizeof(b), "b%d", i);
		snprintf(up, sizeof(up), "l%d", i + 1);
		run_unlocked(cl, a, below, false, &stored);
		run_unlocked(cl, b, below, false, &stored);
		run_unlocked(cl, up, a, false, &stored);
		run_unlocked(cl, up, b, false, &stored);
	}
	run_unlocked(cl, "c1", "l1", false, &stored);
	run_unlocked(cl, "l1", "c1", false, &stored);
	snprintf(up, sizeof(up), "l%d", LAYERS);
	run_calling(cl, "timer", up, 1, &tp, &tp_name, &root);
	caller_locks_close(cl);
	CHECK(caller_locks_split(cl, "leaf", g, CALLER_CHAINS_MAX) == 1);
	CHECK(group_is(&g[0], tp) && g[0].runtime);
	CHECK(caller_locks_split(cl, "a3", g, CALLER_CHAINS_MAX) == 1);
	CHECK(group_is(&g[0], tp));
	caller_locks_free(cl);
	ir_unit_free(U);
}

int main(void)
{
	test_intersections();
	test_growth();
	test_carried_down();
	test_never_held();
	test_split();
	test_slot_calls();
	test_split_lattice();
	TEST_DONE();
}
