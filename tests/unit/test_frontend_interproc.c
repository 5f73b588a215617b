/*
 * test_frontend_interproc.c - what the frontend records for the
 * interprocedural engine, on driver-shaped files in tests/unit/frontend/:
 * parameter names, call arguments, indirect-call slot keys, function-
 * pointer stores (interproc.c), sparse contracts and __init (annot.c),
 * scope-based lock guards (guards.c), and constant call arguments and
 * branches on parameters (constarg.c).
 */
#include <stdlib.h>

#include "frontend/frontend.h"
#include "testlib.h"

static struct rules *rules;
static struct frontend *fe;

/* Parse tests/unit/frontend/NAME; exits if no unit comes back. */
static struct ir_unit *parse(const char *name)
{
	char *path = xasprintf("%s/unit/frontend/%s", TESTS_DIR, name);
	const char *args[] = { "-I", TESTS_DIR "/include" };
	struct strbuf err = STRBUF_INIT;
	struct ir_unit *u = frontend_parse(fe, path, args, 2, &err);

	if (!u) {
		fprintf(stderr, "%s: %s\n", path, err.buf);
		exit(1);
	}
	for (size_t i = 0; i < u->errors.n; i++)
		fprintf(stderr, "%s:%u: %s\n", name, u->errors.v[i].line, u->errors.v[i].message);
	free(path);
	strbuf_release(&err);
	return u;
}

static const struct ir_function *find_fn(const struct ir_unit *u, const char *name)
{
	for (size_t i = 0; i < u->functions.n; i++)
		if (!strcmp(strpool_str(u->strings, u->functions.v[i]->name), name))
			return u->functions.v[i];
	fprintf(stderr, "no function %s\n", name);
	exit(1);
}

static const char *str(const struct ir_unit *u, str_id id)
{
	return id ? strpool_str(u->strings, id) : "-";
}

/* Index of the k-th (0-based) node with this op, or IR_NONE. */
static uint32_t nth(const struct ir_function *fn, enum ir_op op, int k)
{
	for (size_t i = 0; i < fn->nodes.n; i++)
		if (fn->nodes.v[i].op == op && k-- == 0)
			return (uint32_t)i;
	return IR_NONE;
}

static int count(const struct ir_function *fn, enum ir_op op)
{
	int n = 0;

	for (size_t i = 0; i < fn->nodes.n; i++)
		n += fn->nodes.v[i].op == op;
	return n;
}

/* "a, b, -": a list of interned ids as one string (caller frees). */
static char *join(const struct ir_unit *u, const str_id *ids, size_t n)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_adds(&sb, "");
	for (size_t i = 0; i < n; i++)
		strbuf_addf(&sb, "%s%s", i ? ", " : "", str(u, ids[i]));
	return strbuf_detach(&sb);
}

/* The k-th call node of fn: "callee(args)", with " indirect" appended. */
static char *call_text(const struct ir_unit *u, const struct ir_function *fn, int k)
{
	uint32_t i = nth(fn, IR_CALL, k);

	if (i == IR_NONE)
		return xstrdup("(no call)");
	const struct ir_node *n = &fn->nodes.v[i];
	char *args = join(u, fn->args.v + n->args_off, n->nargs);
	char *s = xasprintf("%s(%s)%s", str(u, n->callee), args, n->indirect ? " indirect" : "");
	free(args);
	return s;
}

#define CHECK_CALL(u, fn, k, want) do { \
	char *got_ = call_text(u, fn, k); \
	CHECK_STR(got_, want); \
	free(got_); } while (0)

#define CHECK_PARAMS(u, fn, want) do { \
	char *got_ = join(u, (fn)->params.v, (fn)->params.n); \
	CHECK_STR(got_, want); \
	free(got_); } while (0)

/* The unit's fnptr stores, "slot = function @line:col" one per line, with
 * the block the store was made in ("in line:col", "default" for a store
 * at the top of a body, "if KEY" for one in the arm of an if). */
static char *fnptr_text(const struct ir_unit *u)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_adds(&sb, "");
	for (size_t i = 0; i < u->fnptrs.n; i++) {
		const struct ir_fnptr *p = &u->fnptrs.v[i];
		strbuf_addf(&sb, "%s = %s @%u:%u in %u:%u%s", str(u, p->slot), str(u, p->function), p->loc.line,
			    p->loc.col, p->block.line, p->block.col, p->unconditional ? " default" : "");
		strbuf_addf(&sb, "%s%s\n", p->guard ? " if " : "", p->guard ? str(u, p->guard) : "");
	}
	return strbuf_detach(&sb);
}

static void test_params_and_calls(const struct ir_unit *u)
{
	const struct ir_function *fn = find_fn(u, "sq_helper");

	CHECK_PARAMS(u, fn, "s, reg, val");
	CHECK_PARAMS(u, find_fn(u, "tg3_probe"), "tp, flush, ops");
	CHECK_PARAMS(u, find_fn(u, "unnamed_params"), "-, tp");
	CHECK_PARAMS(u, find_fn(u, "tg3_read32"), "tp, off");

	fn = find_fn(u, "tg3_xmit");
	CHECK(count(fn, IR_CALL) == 8);
	/* address kept; pointer arithmetic gives the device base; other
	 * values as written (v + 1, constants) */
	CHECK_CALL(u, fn, 0, "sq_helper(&tp->sq, tp->regs, v+1)");
	CHECK_CALL(u, fn, 1, "struct tg3::write32(tp, 0x10, v) indirect");
	CHECK_CALL(u, fn, 2, "struct tg3_ops::write32(tp, 0x14, v) indirect");	/* the declaring record */
	CHECK_CALL(u, fn, 3, "struct tg3_ops::write32(tp, arr[2], *arr) indirect");
	CHECK_CALL(u, fn, 4, "struct tg3::write32(tp, 0x18, v) indirect");	/* (*tp->write32)() */
	CHECK_CALL(u, fn, 5, "ring_t::kick(tp->regs) indirect");
	CHECK_CALL(u, fn, 6, "tg3_hook(tp, 1, 2) indirect");		/* a global */
	CHECK_CALL(u, fn, 7, "sq_helper(&tp->sq, tp->regs, 0)");	/* &(*tp).sq, a cast */
	/* a local's slot is its function's own; the copy of a field it is
	 * initialized with is no store */
	CHECK_CALL(u, find_fn(u, "unnamed_params"), 0, "unnamed_params()::fp(tp, 0, 0) indirect");
	CHECK_CALL(u, find_fn(u, "local_pick"), 0, "local_pick()::w(tp, 0, 0) indirect");
	fn = find_fn(u, "ring_go");	/* pointer, by value, global: one key */
	CHECK_CALL(u, fn, 0, "ring_t::kick(0) indirect");
	CHECK_CALL(u, fn, 1, "ring_t::kick(0) indirect");
	CHECK_CALL(u, fn, 2, "ring_t::kick(0) indirect");

	/* lock and MMIO nodes carry no arguments */
	fn = find_fn(u, "sq_helper");
	CHECK(fn->nodes.v[nth(fn, IR_ACQUIRE, 0)].nargs == 0);
	CHECK(fn->nodes.v[nth(fn, IR_MMIO_WRITE, 0)].nargs == 0);
	CHECK(fn->args.n == 0);
}

static void test_fnptrs(const struct ir_unit *u)
{
	static const char want[] =
		"struct tg3_ops::write32 = tg3_write32_hdr @5:2 in 4:70\n"	/* in a header */
		"tg3_hook = tg3_write32 @33:1 in 33:1\n"
		"struct tg3_ops::read32 = tg3_read32 @36:2 in 35:47\n"	/* one table, one block */
		"struct tg3_ops::write32 = tg3_write32 @37:2 in 35:47\n"
		"struct tg3_ops::write32 = tg3_write32_flush @40:4 in 40:2\n"	/* each element its own */
		"struct tg3_ops::read32 = tg3_read32 @41:4 in 41:2\n"		/* positional */
		"struct tg3_ops::write32 = tg3_write32 @41:16 in 41:2\n"
		"struct tg3_ops::write32 = tg3_write32 @44:11 in 43:34\n"	/* nested list: its record */
		"ring_t::kick = ring_kick @45:2 in 43:34\n"			/* .a.b = : b's record */
		"struct tg3::write32 = tg3_write32 @46:2 in 43:34\n"
		"ring_t::kick = ring_kick @89:28 in 89:26\n"			/* typedef'd anonymous */
		/* file-scope initializers first, then stores in bodies */
		"struct tg3::write32 = tg3_write32_flush @58:2 in 58:24\n"	/* c ? f : g, alternatives */
		"struct tg3::write32 = tg3_write32 @58:2 in 58:44\n"
		"struct tg3::write32 = tg3_write32_flush @60:3 in 60:3\n"	/* alone under an if */
		"struct tg3_ops::write32 = tg3_write32 @61:2 in 57:1 default\n"	/* the body's */
		"struct tg3_ops::read32 = tg3_read32 @62:27 in 62:25\n"		/* compound literal */
		"struct tg3_ops::write32 = tg3_write32_flush @64:45 in 64:43\n"	/* static local */
		"ring_t::kick = ring_kick @67:2 in 57:1 default\n"
		"struct tg3::write32 = tg3_write32_flush @102:3 in 101:23 if {struct tg3}->sq.head&1\n"
		"struct tg3_ops::read32 = tg3_read32 @103:3 in 101:23 if {struct tg3}->sq.head&1\n"
		"struct tg3::write32 = tg3_write32 @106:3 in 106:3 if {struct tg3}->sq.head&2\n"
		"local_pick()::w = tg3_write32_flush @115:3 in 115:3\n"		/* a local's */
		"local_pick()::w = tg3_write32 @117:3 in 117:3\n";
	char *got = fnptr_text(u);

	CHECK_STR(got, want);
	free(got);
	CHECK(u->fnptrs.n > 1 && strstr(str(u, u->fnptrs.v[0].loc.file), "frontend/interproc_ops.h"));
	/* the tests themselves carry the same key, the object named by type */
	const struct ir_function *inv = find_fn(u, "tg3_invariants");
	CHECK_STR(str(u, inv->nodes.v[nth(inv, IR_BRANCH, 0)].config_key), "{struct tg3}->sq.head&1");
	for (size_t i = 1; i < u->fnptrs.n; i++)
		CHECK(strstr(str(u, u->fnptrs.v[i].loc.file), "frontend/interproc.c") != NULL);
}

/* "kind lock type @line:col; ..." for fn's contracts (caller frees). */
static char *contract_text(const struct ir_unit *u, const struct ir_function *fn)
{
	static const char *const kinds[] = { "must_hold", "acquires", "releases" };
	struct strbuf sb = STRBUF_INIT;

	strbuf_adds(&sb, "");
	for (size_t i = 0; i < fn->contracts.n; i++) {
		const struct ir_contract *c = &fn->contracts.v[i];
		strbuf_addf(&sb, "%s%s %s %s @%u:%u", i ? "; " : "", kinds[c->kind], str(u, c->lock),
			    str(u, c->lock_type), c->loc.line, c->loc.col);
	}
	return strbuf_detach(&sb);
}

#define CHECK_CONTRACTS(u, name, want) do { \
	char *got_ = contract_text(u, find_fn(u, name)); \
	CHECK_STR(got_, want); \
	free(got_); } while (0)

static void test_annotations(void)
{
	struct ir_unit *u = parse("annot.c");

	CHECK(u->errors.n == 0);
	/* from the prototype only; lock canonical as a lock node's would be */
	CHECK_CONTRACTS(u, "nic_kick", "must_hold nic->lock struct nic::lock @10:46");
	/* on the prototype and the definition: once, the first seen */
	CHECK_CONTRACTS(u, "nic_take", "acquires nic->lock struct nic::lock @12:2");
	/* between ')' and '{', &(nic)->, embedded and pointed-to structs */
	CHECK_CONTRACTS(u, "nic_give", "releases nic->rx.lock struct nic::rx.lock @25:2; "
			"releases nic->tx->lock struct ring::lock @26:2");
	/* a pointer parameter is typed by its record; a struct parameter */
	CHECK_CONTRACTS(u, "ring_poke", "must_hold r struct ring @32:53; must_hold n.rx.lock struct nic::rx.lock @32:68");
	/* globals are named by themselves, as fe_lock_type names them; rcu
	 * is the RCU read side, a context no lock API takes (the rules'
	 * untracked_contexts): no contract */
	CHECK_CONTRACTS(u, "list_walk", "must_hold nic_list_lock nic_list_lock @37:29");
	CHECK_CONTRACTS(u, "nic_init", "");
	CHECK_CONTRACTS(u, "plain", "");

	CHECK(find_fn(u, "nic_init")->is_init);
	CHECK(find_fn(u, "nic_exit")->is_init);
	CHECK(find_fn(u, "nic_old_probe")->is_init);
	CHECK(!find_fn(u, "plain")->is_init);
	CHECK(!find_fn(u, "nic_kick")->is_init);	/* the prototype's ';' ends its window */
	ir_unit_free(u);
}

/* Events of fn in node order, NOPs left out: "ACQUIRE spin_lock qp->lock
 * @13:2" for lock nodes, the op and location for the rest. */
static char *event_text(const struct ir_unit *u, const struct ir_function *fn)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_adds(&sb, "");
	for (size_t i = 0; i < fn->nodes.n; i++) {
		const struct ir_node *n = &fn->nodes.v[i];
		if (n->op == IR_NOP || n->op == IR_ASSIGN)	/* key assignments: own tests */
			continue;
		strbuf_addf(&sb, "%s", ir_op_name(n->op));
		if (n->op == IR_ACQUIRE || n->op == IR_RELEASE)
			strbuf_addf(&sb, " %s %s", str(u, n->spelled), str(u, n->lock));
		strbuf_addf(&sb, " @%u:%u\n", n->loc.line, n->loc.col);
	}
	return strbuf_detach(&sb);
}

#define CHECK_EVENTS(u, name, want) do { \
	char *got_ = event_text(u, find_fn(u, name)); \
	CHECK_STR(got_, want); \
	free(got_); } while (0)

/* Where the edge of `kind` from `node` leads, skipping NOP and key
 * assignment chains. */
static uint32_t follow(const struct ir_function *fn, uint32_t node, enum ir_edge_kind kind)
{
	uint32_t ns, to = IR_NONE;
	const struct ir_edge *e;

	if (node == IR_NONE)
		return IR_NONE;
	e = ir_succs(fn, node, &ns);
	for (uint32_t k = 0; k < ns; k++)
		if (e[k].kind == kind)
			to = e[k].to;
	for (int hops = 0; to != IR_NONE && (fn->nodes.v[to].op == IR_NOP || fn->nodes.v[to].op == IR_ASSIGN) &&
			   hops < 1000; hops++) {
		e = ir_succs(fn, to, &ns);
		to = ns == 1 ? e[0].to : IR_NONE;
	}
	return to;
}

static void test_guards(void)
{
	struct ir_unit *u = parse("guards.c");
	const struct ir_function *fn;
	uint32_t b;

	CHECK(u->errors.n == 0);
	/* early return: released at the return, after the value */
	CHECK_EVENTS(u, "g_early",
		     "ACQUIRE spin_lock_irqsave qp->lock @13:2\n"
		     "BRANCH @14:6\n"
		     "RELEASE spin_unlock_irqrestore qp->lock @15:3\n"
		     "RETURN @15:3\n"
		     "MMIO_WRITE @16:2\n"
		     "RELEASE spin_unlock_irqrestore qp->lock @17:2\n"
		     "RETURN @17:2\n");
	fn = find_fn(u, "g_early");
	b = nth(fn, IR_BRANCH, 0);
	CHECK(follow(fn, b, IR_EDGE_TRUE) == nth(fn, IR_RELEASE, 0));
	CHECK(follow(fn, nth(fn, IR_RELEASE, 0), IR_EDGE_NEXT) == nth(fn, IR_RETURN, 0));
	CHECK(fn->nodes.v[nth(fn, IR_ACQUIRE, 0)].rule >= 0 &&
	      !strcmp(rules->apis.v[fn->nodes.v[nth(fn, IR_RELEASE, 0)].rule].name, "spin_unlock_irqrestore"));
	CHECK_STR(str(u, fn->nodes.v[nth(fn, IR_RELEASE, 0)].lock_type), "struct qp::lock");
	CHECK(count(fn, IR_CALL) == 0);		/* the constructor is no call */

	/* scoped_guard runs its body once: no loop, release at its '}' */
	CHECK_EVENTS(u, "g_scoped",
		     "ACQUIRE spin_lock qp->lock @22:2\n"
		     "MMIO_WRITE @23:3\n"
		     "RELEASE spin_unlock qp->lock @24:2\n"
		     "MMIO_WRITE @25:2\n"
		     "RETURN @26:2\n");
	fn = find_fn(u, "g_scoped");
	CHECK(count(fn, IR_BRANCH) == 0);
	CHECK(follow(fn, nth(fn, IR_MMIO_WRITE, 0), IR_EDGE_NEXT) == nth(fn, IR_RELEASE, 0));

	/* nested: reverse order; a one-statement scoped_guard ends with it */
	CHECK_EVENTS(u, "g_nested",
		     "ACQUIRE mutex_lock qp->m @30:2\n"
		     "ACQUIRE spin_lock_irq qp->lock @31:2\n"
		     "MMIO_WRITE @32:3\n"
		     "RELEASE spin_unlock_irq qp->lock @32:19\n"
		     "ACQUIRE down_read qp->sem @34:3\n"
		     "MMIO_WRITE @35:3\n"
		     "RELEASE up_read qp->sem @36:2\n"
		     "RELEASE mutex_unlock qp->m @37:1\n"
		     "RETURN @37:2\n");

	/* goto to a label not seen yet, out of a scoped_guard */
	CHECK_EVENTS(u, "g_goto",
		     "ACQUIRE spin_lock qp->lock @43:2\n"
		     "BRANCH @44:7\n"
		     "RELEASE spin_unlock qp->lock @45:4\n"
		     "MMIO_WRITE @46:3\n"
		     "RELEASE spin_unlock qp->lock @47:2\n"
		     "RETURN @50:2\n");
	fn = find_fn(u, "g_goto");
	b = nth(fn, IR_BRANCH, 0);
	CHECK(follow(fn, b, IR_EDGE_TRUE) == nth(fn, IR_RELEASE, 0));
	CHECK(follow(fn, nth(fn, IR_RELEASE, 0), IR_EDGE_NEXT) == nth(fn, IR_RETURN, 0));
	CHECK(follow(fn, nth(fn, IR_RELEASE, 1), IR_EDGE_NEXT) == nth(fn, IR_RETURN, 0));

	/* break inside a scoped_guard leaves the guard, not the outer loop */
	CHECK_EVENTS(u, "g_loop",
		     "BRANCH @55:18\n"
		     "ACQUIRE spin_lock qp->lock @56:3\n"
		     "MMIO_READ @57:8\n"
		     "BRANCH @57:8\n"
		     "MMIO_WRITE @59:4\n"
		     "RELEASE spin_unlock qp->lock @60:3\n"
		     "MMIO_WRITE @61:3\n"
		     "RETURN @63:2\n");
	fn = find_fn(u, "g_loop");
	b = nth(fn, IR_BRANCH, 1);
	CHECK(follow(fn, b, IR_EDGE_TRUE) == nth(fn, IR_RELEASE, 0));
	CHECK(follow(fn, nth(fn, IR_RELEASE, 0), IR_EDGE_NEXT) == nth(fn, IR_MMIO_WRITE, 1));

	/* break / continue of a loop whose body holds a guard */
	CHECK_EVENTS(u, "g_break",
		     "BRANCH @67:9\n"
		     "ACQUIRE spin_lock_bh qp->lock @68:3\n"
		     "MMIO_READ @69:7\n"
		     "BRANCH @69:7\n"
		     "RELEASE spin_unlock_bh qp->lock @70:4\n"
		     "BRANCH @71:7\n"
		     "RELEASE spin_unlock_bh qp->lock @72:4\n"
		     "MMIO_WRITE @73:3\n"
		     "RELEASE spin_unlock_bh qp->lock @74:2\n"
		     "RETURN @75:2\n");
	fn = find_fn(u, "g_break");
	CHECK(follow(fn, nth(fn, IR_RELEASE, 0), IR_EDGE_NEXT) == nth(fn, IR_RETURN, 0));
	CHECK(follow(fn, nth(fn, IR_RELEASE, 1), IR_EDGE_NEXT) == nth(fn, IR_BRANCH, 0));
	CHECK(follow(fn, nth(fn, IR_RELEASE, 2), IR_EDGE_NEXT) == nth(fn, IR_BRANCH, 0));

	/* goto back to a label outside the guard's block */
	CHECK_EVENTS(u, "g_backward",
		     "ACQUIRE spin_lock qp->lock @81:3\n"
		     "MMIO_READ @82:7\n"
		     "BRANCH @82:7\n"
		     "RELEASE spin_unlock qp->lock @83:4\n"
		     "RELEASE spin_unlock qp->lock @84:2\n"
		     "RETURN @85:2\n");
	fn = find_fn(u, "g_backward");
	CHECK(follow(fn, nth(fn, IR_RELEASE, 0), IR_EDGE_NEXT) == nth(fn, IR_ACQUIRE, 0));

	/* goto back above a guard of the same scope ends it before the label */
	CHECK_EVENTS(u, "g_retry",
		     "ACQUIRE spin_lock qp->lock @91:2\n"
		     "MMIO_READ @92:6\n"
		     "BRANCH @92:6\n"
		     "BRANCH @92:23\n"
		     "RELEASE spin_unlock qp->lock @93:3\n"
		     "RELEASE spin_unlock qp->lock @94:2\n"
		     "RETURN @94:2\n");
	fn = find_fn(u, "g_retry");
	CHECK(follow(fn, nth(fn, IR_RELEASE, 0), IR_EDGE_NEXT) == nth(fn, IR_ACQUIRE, 0));
	CHECK(count(fn, IR_ACQUIRE) == 1);
	ir_unit_free(u);
}

/* Every guard class of the rules table is defined by tests/include and
 * lowered: all-headers-check.c uses each once in check_guards(). */
static void test_guard_table(void)
{
	const char *args[] = { "-I", TESTS_DIR "/include" };
	struct strbuf err = STRBUF_INIT;
	struct ir_unit *u = frontend_parse(fe, TESTS_DIR "/include/all-headers-check.c", args, 2, &err);

	CHECK(u && u->errors.n == 0);
	if (!u)
		return;
	const struct ir_function *fn = find_fn(u, "check_guards");
	CHECK(count(fn, IR_ACQUIRE) == (int)rules->guards.n);
	for (size_t g = 0; g < rules->guards.n; g++) {
		bool seen = false;
		for (size_t i = 0; i < fn->nodes.n; i++)
			seen |= fn->nodes.v[i].op == IR_ACQUIRE && fn->nodes.v[i].rule == rules->guards.v[g].acquire;
		if (!seen)
			fprintf(stderr, "guard class %s not lowered\n", rules->guards.v[g].name);
		CHECK(seen);
	}
	CHECK(count(fn, IR_CALL) == 0);
	ir_unit_free(u);
	strbuf_release(&err);
}

/* The cond_param of fn's k-th branch. */
static uint32_t branch_param(const struct ir_function *fn, int k)
{
	uint32_t i = nth(fn, IR_BRANCH, k);

	return i == IR_NONE ? UINT32_MAX : fn->nodes.v[i].cond_param;
}

/* Which arguments of fn's k-th call are constants, and which of those
 * nonzero: "?10" for (unknown, nonzero, zero). */
static char *const_text(const struct ir_function *fn, int k)
{
	uint32_t i = nth(fn, IR_CALL, k);
	struct strbuf sb = STRBUF_INIT;

	strbuf_adds(&sb, "");
	for (uint32_t a = 0; i != IR_NONE && a < fn->nodes.v[i].nargs; a++) {
		const struct ir_node *n = &fn->nodes.v[i];
		strbuf_addch(&sb, !(n->const_args >> a & 1) ? '?' : n->const_true >> a & 1 ? '1' : '0');
	}
	return strbuf_detach(&sb);
}

#define CHECK_CONSTS(fn, k, want) do { \
	char *got_ = const_text(fn, k); \
	CHECK_STR(got_, want); \
	free(got_); } while (0)

/*
 * A test of a parameter the body never writes names it (`flush`, `!mode`,
 * `flag == 0`); one the body writes (a plain store, ++, a store of NULL)
 * does not.  A call records each argument's constant truth after macro
 * expansion and conversion to the parameter's type: `true`, an
 * enumerator through a macro, `(u8)256` (zero), `sizeof(int) - 4`.
 */
static void test_const_args(void)
{
	struct ir_unit *u = parse("constarg.c");
	const struct ir_function *fn = find_fn(u, "iavf_irq_enable");

	CHECK(u->errors.n == 0);
	CHECK(count(fn, IR_BRANCH) == 3);
	CHECK(branch_param(fn, 0) == 2 && branch_param(fn, 1) == 3 && branch_param(fn, 2) == 4);
	fn = find_fn(u, "iavf_rewrites");
	CHECK(count(fn, IR_BRANCH) >= 3);
	for (int k = 0; k < count(fn, IR_BRANCH); k++)
		CHECK(branch_param(fn, k) == 0);
	fn = find_fn(u, "iavf_open");
	CHECK(count(fn, IR_CALL) == 3);
	CHECK_CONSTS(fn, 0, "?110");
	CHECK_CONSTS(fn, 1, "??10");
	CHECK_CONSTS(fn, 2, "??0?");
	ir_unit_free(u);
}

int main(void)
{
	struct strbuf err = STRBUF_INIT;

	rules = rules_load(MMIOCHECK_RULES_DIR, NULL, 0, &err);
	if (!rules) {
		fprintf(stderr, "%s\n", err.buf);
		return 1;
	}
	fe = frontend_new(rules);
	struct ir_unit *u = parse("interproc.c");
	CHECK(u->errors.n == 0);
	test_params_and_calls(u);
	test_fnptrs(u);
	ir_unit_free(u);
	test_annotations();
	test_guards();
	test_guard_table();
	test_const_args();
	frontend_free(fe);
	rules_free(rules);
	strbuf_release(&err);
	TEST_DONE();
}
