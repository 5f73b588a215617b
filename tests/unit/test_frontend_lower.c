/*
 * test_frontend_lower.c - the libclang frontend on small files in
 * tests/unit/frontend/ (compiled against tests/include, the Linux 6.1
 * x86-64 look-alike headers), asserting on the event IR it produces:
 * primitives by macro name and by callee, canonical locks, type paths and
 * devices, and the CFG shapes of conditions, loops, switch and goto.
 */
#include <stdlib.h>

#include "frontend/frontend.h"
#include "testlib.h"

static struct rules *rules;
static struct frontend *fe;

/* Parse tests/unit/frontend/NAME; aborts the test if no unit comes back. */
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
	return id ? strpool_str(u->strings, id) : "";
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

/* Where the edge of `kind` from `node` leads, skipping NOP chains. */
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
	/* key assignments order nothing: skipped like NOPs */
	for (int guard = 0; to != IR_NONE && (fn->nodes.v[to].op == IR_NOP || fn->nodes.v[to].op == IR_ASSIGN) &&
			    guard < 1000; guard++) {
		e = ir_succs(fn, to, &ns);
		to = ns == 1 ? e[0].to : IR_NONE;
	}
	return to;
}

static enum ir_op op_at(const struct ir_function *fn, uint32_t node)
{
	return node == IR_NONE ? (enum ir_op)-1 : fn->nodes.v[node].op;
}

/* Is `target` reachable from the entry? */
static bool reachable(const struct ir_function *fn, uint32_t target)
{
	char *seen = xcalloc(fn->nodes.n, 1);
	VEC(uint32_t) work = VEC_INIT;
	bool found = false;

	VEC_PUSH(work, fn->entry);
	seen[fn->entry] = 1;
	while (work.n && !found) {
		uint32_t n = work.v[--work.n], ns;
		const struct ir_edge *e = ir_succs(fn, n, &ns);
		found = n == target;
		for (uint32_t k = 0; k < ns; k++)
			if (!seen[e[k].to]) {
				seen[e[k].to] = 1;
				VEC_PUSH(work, e[k].to);
			}
	}
	VEC_FREE(work);
	free(seen);
	return found;
}

static void test_prims(void)
{
	struct ir_unit *u = parse("prims.c");
	const struct ir_function *fn = find_fn(u, "post_send");
	const struct ir_node *n;
	uint32_t i;

	CHECK(u->errors.n == 0);
	CHECK(u->source && strstr(u->source, "post_send"));
	CHECK(!fn->is_static);
	CHECK(fn->loc.line == 27);

	/* spin_lock_irqsave is a macro over a do/while: the macro is the event */
	i = nth(fn, IR_ACQUIRE, 0);
	CHECK(i != IR_NONE && count(fn, IR_ACQUIRE) == 1 && count(fn, IR_CALL) == 0);
	n = &fn->nodes.v[i];
	CHECK_STR(str(u, n->spelled), "spin_lock_irqsave");
	CHECK_STR(str(u, n->lock), "qp->sq.lock");
	CHECK_STR(str(u, n->lock_type), "struct mlx4_ib_qp::sq.lock");
	CHECK_STR(rules->apis.v[n->rule].name, "spin_lock_irqsave");
	CHECK(n->loc.line == 31 && n->loc.col == 2);

	/* writel_relaxed is a macro for __writel; writel an inline function */
	n = &fn->nodes.v[nth(fn, IR_MMIO_WRITE, 0)];
	CHECK_STR(str(u, n->spelled), "writel_relaxed");
	CHECK_STR(rules->accessors.v[n->rule].name, "writel_relaxed");
	CHECK_STR(str(u, n->device), "qp->db");
	n = &fn->nodes.v[nth(fn, IR_MMIO_WRITE, 1)];
	CHECK_STR(str(u, n->spelled), "writel");
	CHECK_STR(str(u, n->device), "priv->regs");

	/* mmiowb() is do {} while (0), wmb() an asm: the macro name decides */
	n = &fn->nodes.v[nth(fn, IR_BARRIER, 0)];
	CHECK_STR(str(u, n->spelled), "mmiowb");
	CHECK(rules->barriers.v[n->rule].is_mmiowb);
	CHECK(n->loc.line == 34 && n->stmt_first_line == 34 && n->stmt_last_line == 34);
	n = &fn->nodes.v[nth(fn, IR_BARRIER, 1)];
	CHECK_STR(str(u, n->spelled), "wmb");

	n = &fn->nodes.v[nth(fn, IR_RELEASE, 0)];
	CHECK_STR(str(u, n->spelled), "spin_unlock_irqrestore");
	CHECK(n->lock == fn->nodes.v[nth(fn, IR_ACQUIRE, 0)].lock);
	n = &fn->nodes.v[nth(fn, IR_MMIO_READ, 0)];
	CHECK_STR(str(u, n->device), "priv->regs");
	CHECK(n->device == fn->nodes.v[nth(fn, IR_MMIO_WRITE, 1)].device);

	/* event order along the single path */
	static const enum ir_op want[] = { IR_ACQUIRE, IR_MMIO_WRITE, IR_MMIO_WRITE, IR_BARRIER,
					   IR_BARRIER, IR_RELEASE, IR_MMIO_READ, IR_RETURN };
	uint32_t at = fn->entry;
	for (size_t k = 0; k < sizeof(want) / sizeof(want[0]); k++) {
		at = follow(fn, at, IR_EDGE_NEXT);
		CHECK(op_at(fn, at) == want[k]);
	}

	fn = find_fn(u, "globals");
	CHECK(fn->is_static);
	n = &fn->nodes.v[nth(fn, IR_ACQUIRE, 0)];
	CHECK_STR(str(u, n->lock), "foo_lock");
	CHECK_STR(str(u, n->lock_type), "foo_lock");
	n = &fn->nodes.v[nth(fn, IR_ACQUIRE, 1)];
	CHECK_STR(str(u, n->lock), "lockp");
	CHECK_STR(str(u, n->lock_type), "struct spinlock");
	n = &fn->nodes.v[nth(fn, IR_ACQUIRE, 2)];
	CHECK_STR(str(u, n->lock), "priv->lock");	/* &(*priv).lock */
	CHECK_STR(str(u, n->lock_type), "struct priv::lock");
	CHECK(n->lock == fn->nodes.v[nth(fn, IR_RELEASE, 2)].lock);
	ir_unit_free(u);
}

static void test_conditions(const struct ir_unit *u)
{
	const struct ir_function *fn = find_fn(u, "f_trylock");
	uint32_t t = nth(fn, IR_TRYACQUIRE, 0);

	/* if (!spin_trylock(&l)) return; : FALSE (not acquired) returns */
	CHECK(t != IR_NONE && count(fn, IR_BRANCH) == 0);
	CHECK(op_at(fn, follow(fn, t, IR_EDGE_FALSE)) == IR_RETURN);
	CHECK(op_at(fn, follow(fn, t, IR_EDGE_TRUE)) == IR_MMIO_WRITE);
	CHECK(fn->nodes.v[t].cond == 0);

	/* if (mutex_lock_interruptible(&m)) return -EINTR; : 0 means acquired */
	fn = find_fn(u, "f_mutex");
	t = nth(fn, IR_TRYACQUIRE, 0);
	CHECK(t != IR_NONE);
	CHECK_STR(str(u, fn->nodes.v[t].lock), "d->m");
	CHECK(op_at(fn, follow(fn, t, IR_EDGE_TRUE)) == IR_MMIO_WRITE);
	CHECK(op_at(fn, follow(fn, t, IR_EDGE_FALSE)) == IR_RETURN);

	/* if (x < 0) { ...; goto out_unlock; } */
	fn = find_fn(u, "f_goto");
	t = nth(fn, IR_BRANCH, 0);
	CHECK(op_at(fn, follow(fn, t, IR_EDGE_TRUE)) == IR_RELEASE);
	CHECK(op_at(fn, follow(fn, t, IR_EDGE_FALSE)) == IR_MMIO_WRITE);
	CHECK(op_at(fn, follow(fn, nth(fn, IR_MMIO_WRITE, 0), IR_EDGE_NEXT)) == IR_RELEASE);

	/* if (f) lock; ...; if (f) unlock; correlates; once f is assigned
	 * (f = d->flags) the store between the tests gives f the truth of
	 * d->flags, so the second test is not tied to the first */
	fn = find_fn(u, "f_corr");
	CHECK(count(fn, IR_BRANCH) == 2);
	CHECK_STR(str(u, fn->nodes.v[nth(fn, IR_BRANCH, 0)].cond), "f");
	CHECK_STR(str(u, fn->nodes.v[nth(fn, IR_BRANCH, 1)].cond), "f");
	fn = find_fn(u, "f_nocorr");
	CHECK(count(fn, IR_BRANCH) == 2);
	CHECK_STR(str(u, fn->nodes.v[nth(fn, IR_BRANCH, 1)].cond), "f");
	uint32_t a = nth(fn, IR_ASSIGN, 0);
	CHECK(a != IR_NONE && count(fn, IR_ASSIGN) == 1);
	CHECK_STR(str(u, fn->nodes.v[a].cond), "f");
	CHECK(fn->nodes.v[a].truth == IR_TRUTH_COPY);
	CHECK_STR(str(u, fn->nodes.v[a].cond_src), "d->flags");

	/* int locked = spin_trylock(&l); / locked = spin_trylock(&l); */
	fn = find_fn(u, "f_trystore");
	t = nth(fn, IR_TRYACQUIRE, 0);
	CHECK_STR(str(u, fn->nodes.v[t].cond), "locked");
	CHECK(follow(fn, t, IR_EDGE_TRUE) == follow(fn, t, IR_EDGE_FALSE));
	CHECK_STR(str(u, fn->nodes.v[nth(fn, IR_BRANCH, 0)].cond), "locked");
	fn = find_fn(u, "f_trystore2");
	CHECK_STR(str(u, fn->nodes.v[nth(fn, IR_TRYACQUIRE, 0)].cond), "locked");
	CHECK_STR(str(u, fn->nodes.v[nth(fn, IR_BRANCH, 0)].cond), "locked");
	t = nth(fn, IR_BRANCH, 0);
	/* if (!locked) return; : the branch tests `locked`, TRUE goes on */
	CHECK(op_at(fn, follow(fn, t, IR_EDGE_TRUE)) == IR_RELEASE);
	CHECK(op_at(fn, follow(fn, t, IR_EDGE_FALSE)) == IR_RETURN);
}

static void test_flow(const struct ir_unit *u)
{
	/* switch (x): a test per case (keyed x==value, the key dropped as
	 * each is read once); the default after the last; case 0 falls
	 * through */
	const struct ir_function *fn = find_fn(u, "f_switch");
	uint32_t t0 = nth(fn, IR_BRANCH, 0), t1 = nth(fn, IR_BRANCH, 1), ns;
	CHECK(count(fn, IR_BRANCH) == 2);
	CHECK(follow(fn, t0, IR_EDGE_TRUE) == nth(fn, IR_MMIO_WRITE, 0));
	CHECK(follow(fn, t0, IR_EDGE_FALSE) == t1);
	CHECK(follow(fn, t1, IR_EDGE_TRUE) == nth(fn, IR_MMIO_WRITE, 1));
	CHECK(follow(fn, t1, IR_EDGE_FALSE) == nth(fn, IR_MMIO_WRITE, 2));
	uint32_t w1 = follow(fn, nth(fn, IR_MMIO_WRITE, 0), IR_EDGE_NEXT);
	CHECK(w1 == nth(fn, IR_MMIO_WRITE, 1));
	CHECK(op_at(fn, follow(fn, w1, IR_EDGE_NEXT)) == IR_RETURN);	/* break */

	/* two switches on one field: their case tests are one key */
	fn = find_fn(u, "f_switch_twice");
	CHECK(count(fn, IR_BRANCH) == 2);
	CHECK_STR(str(u, fn->nodes.v[nth(fn, IR_BRANCH, 0)].cond), "d->flags==4");
	CHECK_STR(str(u, fn->nodes.v[nth(fn, IR_BRANCH, 1)].cond), "d->flags==4");

	/* switch (call()): one choice, three NEXT edges */
	fn = find_fn(u, "f_switch_call");
	uint32_t b = nth(fn, IR_BRANCH, 0);
	const struct ir_edge *e = ir_succs(fn, b, &ns);
	CHECK(count(fn, IR_BRANCH) == 1 && ns == 3);
	for (uint32_t k = 0; k < ns; k++)
		CHECK(e[k].kind == IR_EDGE_NEXT);

	/* for (;;) { if (readl()) break; } writel(); */
	fn = find_fn(u, "f_forever");
	CHECK(count(fn, IR_BRANCH) == 1);
	CHECK(reachable(fn, nth(fn, IR_MMIO_WRITE, 0)));
	CHECK(op_at(fn, follow(fn, nth(fn, IR_BRANCH, 0), IR_EDGE_TRUE)) == IR_MMIO_WRITE);

	fn = find_fn(u, "f_dowhile0");
	CHECK(count(fn, IR_BRANCH) == 0);
	CHECK(op_at(fn, follow(fn, nth(fn, IR_MMIO_WRITE, 0), IR_EDGE_NEXT)) == IR_RETURN);

	/* ({ int t = readl(); t + 1; }) */
	fn = find_fn(u, "f_stmtexpr");
	CHECK(count(fn, IR_MMIO_READ) == 1 && count(fn, IR_BRANCH) == 0);
	CHECK(op_at(fn, follow(fn, nth(fn, IR_MMIO_READ, 0), IR_EDGE_NEXT)) == IR_RETURN);

	/* return x ? readl(a) : readl(b); */
	fn = find_fn(u, "f_ternary");
	b = nth(fn, IR_BRANCH, 0);
	CHECK(count(fn, IR_BRANCH) == 1 && count(fn, IR_MMIO_READ) == 2);
	CHECK(follow(fn, b, IR_EDGE_TRUE) == nth(fn, IR_MMIO_READ, 0));
	CHECK(follow(fn, b, IR_EDGE_FALSE) == nth(fn, IR_MMIO_READ, 1));
	CHECK(op_at(fn, follow(fn, nth(fn, IR_MMIO_READ, 0), IR_EDGE_NEXT)) == IR_RETURN);

	/* d->write32(d, 7): through a struct field */
	fn = find_fn(u, "f_indirect");
	const struct ir_node *c = &fn->nodes.v[nth(fn, IR_CALL, 0)];
	CHECK(c->indirect);
	CHECK_STR(str(u, c->callee), "struct dev::write32");	/* the slot key (fnptr.c) */
}

static void test_loops(void)
{
	struct ir_unit *u = parse("loops.c");
	const struct ir_function *fn = find_fn(u, "f_macro_for");

	/* the macro-made for keeps its condition although a for with its own
	 * ';' is nested in its body; everything after it is reachable */
	CHECK(count(fn, IR_BRANCH) == 5);	/* pos, i < 4, i < 2, i == 1, readl() & 1 */
	CHECK(reachable(fn, nth(fn, IR_MMIO_WRITE, 3)));
	CHECK_STR(str(u, fn->nodes.v[nth(fn, IR_MMIO_WRITE, 0)].device), "r");	/* &r->data[i] */
	CHECK_STR(str(u, fn->nodes.v[nth(fn, IR_MMIO_WRITE, 1)].device), "r");	/* &r->ctrl */
	CHECK_STR(str(u, fn->nodes.v[nth(fn, IR_MMIO_READ, 0)].device), "base");
	CHECK_STR(str(u, fn->nodes.v[nth(fn, IR_MMIO_WRITE, 2)].device), "base");	/* casts */
	CHECK_STR(str(u, fn->nodes.v[nth(fn, IR_MMIO_WRITE, 3)].spelled), "iowrite32");
	ir_unit_free(u);
}

static void test_errors(void)
{
	struct ir_unit *u = parse("broken.c");
	const struct ir_function *fn = find_fn(u, "good");

	CHECK(u->errors.n >= 1);
	CHECK(u->errors.n && u->errors.v[0].line == 6 && u->errors.v[0].message[0]);
	CHECK(u->errors.n && strstr(str(u, u->errors.v[0].file), "broken.c"));
	CHECK(count(fn, IR_MMIO_WRITE) == 1);
	ir_unit_free(u);

	struct strbuf err = STRBUF_INIT;
	u = frontend_parse(fe, TESTS_DIR "/unit/frontend/no-such-file.c", NULL, 0, &err);
	CHECK(!u || u->errors.n > 0);
	ir_unit_free(u);
	strbuf_release(&err);
}

/* Locks through aliasing locals and container_of are named by their
 * root and path (lockid.c); locals that change are not followed. */
static void test_lock_alias(void)
{
	struct ir_unit *u = parse("lockalias.c");
	const struct ir_function *fn = find_fn(u, "names");
	static const char *const want[][2] = {
		{ "xc->vc.lock", "struct xchan::vc.lock" },
		{ "udc->lock", "struct udc::lock" },	/* a copy: not followed */
		{ "xc->vc.lock", "struct xchan::vc.lock" },
		/* container_of cancelled: the name of the pointer, the type
		 * path the container spelling has everywhere */
		{ "pvc->lock", "struct xchan::vc.lock" },
		{ "pvc->lock", "struct xchan::vc.lock" },
	};

	CHECK(u->errors.n == 0);
	for (int k = 0; k < 5; k++) {
		const struct ir_node *n = &fn->nodes.v[nth(fn, IR_ACQUIRE, k)];
		CHECK_STR(str(u, n->lock), want[k][0]);
		CHECK_STR(str(u, n->lock_type), want[k][1]);
	}
	const struct ir_node *call = &fn->nodes.v[nth(fn, IR_CALL, 1)];	/* take(vc) */
	CHECK(call->nargs == 1);
	CHECK_STR(str(u, fn->args.v[call->args_off]), "&xc->vc");

	fn = find_fn(u, "kept");
	CHECK_STR(str(u, fn->nodes.v[nth(fn, IR_ACQUIRE, 0)].lock), "vc->lock");
	CHECK_STR(str(u, fn->nodes.v[nth(fn, IR_ACQUIRE, 0)].lock_type), "struct virt_dma_chan::lock");
	CHECK_STR(str(u, fn->nodes.v[nth(fn, IR_ACQUIRE, 1)].lock), "w->lock");
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
	test_prims();
	test_lock_alias();
	struct ir_unit *u = parse("flow.c");
	CHECK(u->errors.n == 0);
	test_conditions(u);
	test_flow(u);
	ir_unit_free(u);
	test_loops();
	test_errors();
	frontend_free(fe);
	rules_free(rules);
	strbuf_release(&err);
	TEST_DONE();
}
