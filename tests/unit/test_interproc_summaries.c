/*
 * test_interproc_summaries.c - summaries and their application on
 * hand-built IR (no parser): what a summary keeps, parameter substitution,
 * call-site chains, the text form, recursion and huge components, branches
 * on parameters decided by a caller's constant argument, the expansions the
 * solver keeps for the checks.
 */
#include "interproc/interproc.h"
#include "testlib.h"

#include <stdlib.h>
#include <string.h>

static struct rules *R;
static struct strpool *P;

/* A function under construction in unit u. */
struct fb {
	struct ir_function *fn;
	uint32_t last;
};

static struct fb fb_start(struct ir_unit *u, const char *name, const char *const *params, int nparams)
{
	struct fb b = { ir_fn_new(u, name), 0 };
	struct ir_node entry = ir_node_make(IR_NOP);

	for (int i = 0; i < nparams; i++)
		VEC_PUSH(b.fn->params, strpool_intern(P, params[i]));
	b.last = ir_add_node(b.fn, &entry);
	return b;
}

static uint32_t fb_add(struct fb *b, struct ir_node *n, uint32_t line)
{
	n->loc.line = line;
	n->loc.file = strpool_intern(P, "t.c");
	uint32_t id = ir_add_node(b->fn, n);
	ir_add_edge(b->fn, b->last, id, IR_EDGE_NEXT);
	b->last = id;
	return id;
}

static uint32_t fb_event(struct fb *b, enum ir_op op, const char *api, const char *arg, uint32_t line)
{
	struct ir_node n = ir_node_make(op);
	struct rule_ref ref = rules_lookup(R, api);

	CHECK(ref.kind != REF_NONE);
	n.rule = ref.index;
	n.spelled = strpool_intern(P, api);
	if (op == IR_ACQUIRE || op == IR_RELEASE)
		n.lock = strpool_intern(P, arg);
	else if (arg)
		n.device = strpool_intern(P, arg);
	return fb_add(b, &n, line);
}

static uint32_t fb_call(struct fb *b, const char *callee, const char *const *args, int nargs, uint32_t line)
{
	struct ir_node n = ir_node_make(IR_CALL);

	n.callee = strpool_intern(P, callee);
	n.args_off = (uint32_t)b->fn->args.n;
	n.nargs = (uint32_t)nargs;
	for (int i = 0; i < nargs; i++)
		VEC_PUSH(b->fn->args, args[i] ? strpool_intern(P, args[i]) : 0);
	return fb_add(b, &n, line);
}

static void fb_end(struct fb *b)
{
	struct ir_node r = ir_node_make(IR_RETURN);
	fb_add(b, &r, 99);
	ir_fn_finalize(b->fn);
}

static int count_op(const struct ir_function *f, enum ir_op op)
{
	int n = 0;
	for (size_t i = 0; i < f->nodes.n; i++)
		n += f->nodes.v[i].op == op;
	return n;
}

static const struct ir_node *find_op(const struct ir_function *f, enum ir_op op, int nth)
{
	for (size_t i = 0; i < f->nodes.n; i++)
		if (f->nodes.v[i].op == op && nth-- == 0)
			return &f->nodes.v[i];
	return NULL;
}

/* helper(s) { spin_lock(&s->lock); writel_relaxed(s->regs); }  (no unlock)
 * caller(qp) { helper(&qp->sq); bump(qp); spin_unlock(&qp->sq.lock); } */
static void test_substitution_and_chain(void)
{
	struct ir_unit *u = ir_unit_new_shared("t.c", P);
	static const char *const sp[] = { "s" }, *const qp[] = { "qp" };
	static const char *const a1[] = { "&qp->sq" }, *const a2[] = { "qp" };
	struct fb h = fb_start(u, "helper", sp, 1);
	fb_event(&h, IR_ACQUIRE, "spin_lock", "s->lock", 3);
	fb_event(&h, IR_MMIO_WRITE, "writel_relaxed", "s->regs", 4);
	fb_end(&h);
	struct fb e = fb_start(u, "empty", qp, 1);	/* no events: no summary */
	fb_end(&e);
	struct fb c = fb_start(u, "caller", qp, 1);
	uint32_t call = fb_call(&c, "helper", a1, 1, 10);
	fb_call(&c, "empty", a2, 1, 11);
	fb_event(&c, IR_RELEASE, "spin_unlock", "qp->sq.lock", 12);
	fb_end(&c);

	struct ipa_program p;
	ipa_init(&p, P, R);
	ipa_add_unit(&p, u, "t.c");
	ipa_solve(&p);
	int hi = ipa_find(&p, h.fn), ei = ipa_find(&p, e.fn), ci = ipa_find(&p, c.fn);
	CHECK(hi >= 0 && ei >= 0 && ci >= 0);
	CHECK(p.fns.v[hi].summary && !p.fns.v[ei].summary);
	CHECK(p.fns.v[hi].has_callers && !p.fns.v[ci].has_callers);
	/* entry NOP, acquire, write, exit */
	CHECK(p.fns.v[hi].summary->nodes.n == 4);
	CHECK(p.fns.v[ci].summary && count_op(p.fns.v[ci].summary, IR_CALL) == 1);

	struct ir_function *x = ipa_expand_for_checks(&p, (uint32_t)ci);
	const struct ir_node *acq = find_op(x, IR_ACQUIRE, 0), *wr = find_op(x, IR_MMIO_WRITE, 0);
	CHECK(acq && wr);
	if (acq && wr) {
		CHECK_STR(strpool_str(P, acq->lock), "qp->sq.lock");	/* &qp->sq + s->lock */
		CHECK_STR(strpool_str(P, wr->device), "qp->sq.regs");
		CHECK(acq->call_site == call && wr->call_site == call);
		CHECK(acq->loc.line == 3 && wr->loc.line == 4);		/* callee lines kept */
	}
	CHECK(x->nodes.v[call].op == IR_CALL);				/* own nodes keep their index */
	ir_fn_free(x);

	/* text form: round trip keeps the graph (same hash); broken text refused */
	char *text = ipa_summary_to_text(&p, &p.fns.v[hi]);
	struct ir_function *back = ipa_summary_from_text(text, P, R);
	CHECK(back && ipa_summary_hash(&p, back) == p.fns.v[hi].hash);
	ir_fn_free(back);
	free(text);
	CHECK(!ipa_summary_from_text("{\"v\":5,\"nodes\":[{\"op\":\"TRYACQUIRE\",\"succ\":[]}],\"entry\":0}", P, R));
	CHECK(!ipa_summary_from_text("{\"v\":5,\"nodes\":[{\"op\":\"NOP\",\"succ\":[[7,0]]}],\"entry\":0}", P, R));
	CHECK(!ipa_summary_from_text("{\"v\":5}", P, R));
	CHECK(!ipa_summary_from_text("not json", P, R));
	ipa_free(&p);
	ir_unit_free(u);
}

/* A key assignment (default: the return value's truth). */
static uint32_t fb_assign(struct fb *b, const char *key, enum ir_truth truth, const char *src, uint32_t line)
{
	struct ir_node n = ir_node_make(IR_ASSIGN);

	n.cond = strpool_intern(P, key);
	n.truth = (uint8_t)truth;
	n.cond_src = src ? strpool_intern(P, src) : 0;
	return fb_add(b, &n, line);
}

/*
 * lock(d) { mutex_lock(&d->m); if (d->bad) { mutex_unlock(&d->m); return
 * -EBUSY; } return 0; } and caller(d) { if (lock(d)) return; ...unlock }:
 * the summary keeps one exit state per return value, the text form keeps
 * them (same hash; a changed truth changes the hash), version 1 text is
 * refused, and the caller's test of the result takes the matching exit.
 */
static void test_return_states(void)
{
	struct ir_unit *u = ir_unit_new_shared("t.c", P);
	static const char *const dp[] = { "d" }, *const da[] = { "d" };
	struct fb h = fb_start(u, "foo_lock", dp, 1);
	fb_event(&h, IR_ACQUIRE, "mutex_lock", "d->m", 2);
	struct ir_node br = ir_node_make(IR_BRANCH);
	br.cond = strpool_intern(P, "d->bad");
	uint32_t b = fb_add(&h, &br, 3);
	fb_event(&h, IR_RELEASE, "mutex_unlock", "d->m", 4);
	fb_assign(&h, IR_KEY_RETURN, IR_TRUTH_TRUE, NULL, 5);
	struct ir_node r1 = ir_node_make(IR_RETURN);
	fb_add(&h, &r1, 5);
	h.last = b;
	struct ir_node held = ir_node_make(IR_NOP);
	uint32_t f = ir_add_node(h.fn, &held);
	ir_add_edge(h.fn, b, f, IR_EDGE_FALSE);
	h.last = f;
	fb_assign(&h, IR_KEY_RETURN, IR_TRUTH_FALSE, NULL, 7);
	for (size_t k = 0; k < h.fn->edges.n; k++)	/* the branch's first edge is its TRUE one */
		if (h.fn->edge_from.v[k] == b && h.fn->edges.v[k].to == b + 1)
			h.fn->edges.v[k].kind = IR_EDGE_TRUE;
	fb_end(&h);

	struct fb c = fb_start(u, "caller", dp, 1);
	uint32_t call = fb_call(&c, "foo_lock", da, 1, 10);
	c.fn->nodes.v[call].cond = strpool_intern(P, IR_KEY_RESULT);
	struct ir_node test = ir_node_make(IR_BRANCH);
	test.cond = c.fn->nodes.v[call].cond;
	uint32_t t = fb_add(&c, &test, 11);
	struct ir_node out = ir_node_make(IR_RETURN);
	uint32_t early = ir_add_node(c.fn, &out);
	ir_add_edge(c.fn, t, early, IR_EDGE_TRUE);
	fb_event(&c, IR_RELEASE, "mutex_unlock", "d->m", 12);
	c.fn->edges.v[c.fn->edges.n - 1].kind = IR_EDGE_FALSE;	/* fb_add's edge on to the unlock */
	fb_end(&c);

	struct ipa_program p;
	ipa_init(&p, P, R);
	ipa_add_unit(&p, u, "t.c");
	ipa_solve(&p);
	int hi = ipa_find(&p, h.fn);
	const struct ir_function *s = hi >= 0 ? p.fns.v[hi].summary : NULL;
	CHECK(s && count_op(s, IR_ASSIGN) == 2);
	const struct ir_node *a0 = s ? find_op(s, IR_ASSIGN, 0) : NULL, *a1 = s ? find_op(s, IR_ASSIGN, 1) : NULL;
	CHECK(a0 && a1 && a0->truth != a1->truth && a0->cond == a1->cond);

	char *text = s ? ipa_summary_text(&p, s) : NULL;
	struct ir_function *back = text ? ipa_summary_from_text(text, P, R) : NULL;
	CHECK(back && ipa_summary_hash(&p, back) == p.fns.v[hi].hash);
	CHECK(back && count_op(back, IR_ASSIGN) == 2);
	if (back) {
		for (size_t i = 0; i < back->nodes.n; i++)
			if (back->nodes.v[i].op == IR_ASSIGN && back->nodes.v[i].truth == IR_TRUTH_TRUE)
				back->nodes.v[i].truth = IR_TRUTH_UNKNOWN;
		CHECK(ipa_summary_hash(&p, back) != p.fns.v[hi].hash);	/* the truth is content */
	}
	ir_fn_free(back);
	if (text) {	/* the same summary in an older format (2) is not read */
		char *v1 = xstrdup(text), *v = strstr(v1, "\"v\":5");
		CHECK(v != NULL);
		if (v)
			v[4] = '2';
		CHECK(!ipa_summary_from_text(v1, P, R));
		free(v1);
	}
	free(text);
	CHECK(!ipa_summary_from_text("{\"v\":5,\"nodes\":[{\"op\":\"ASSIGN\",\"truth\":7,\"cond\":\"k\","
				     "\"succ\":[]}],\"entry\":0}", P, R));
	CHECK(!ipa_summary_from_text("{\"v\":5,\"nodes\":[{\"op\":\"ASSIGN\",\"truth\":3,\"cond\":\"k\","
				     "\"succ\":[]}],\"entry\":0}", P, R));	/* a copy names its source */

	/* spliced: the callee's return key is the caller's result key */
	int ci = ipa_find(&p, c.fn);
	struct ir_function *x = ci >= 0 ? ipa_expand_for_checks(&p, (uint32_t)ci) : NULL;
	const struct ir_node *sa = x ? find_op(x, IR_ASSIGN, 0) : NULL;
	CHECK(sa && !strcmp(strpool_str(P, sa->cond), IR_KEY_RESULT) && sa->call_site == call);
	ir_fn_free(x);
	ipa_free(&p);
	ir_unit_free(u);
}

/* A ring of N functions each writing and calling the next (one SCC), and a
 * self-recursive one: the solve ends, summaries are bounded. */
/* The node count of the program's biggest summary. */
static size_t biggest_summary(const struct ipa_program *p)
{
	size_t biggest = 0;

	for (size_t i = 0; i < p->fns.n; i++)
		if (p->fns.v[i].summary && p->fns.v[i].summary->nodes.n > biggest)
			biggest = p->fns.v[i].summary->nodes.n;
	return biggest;
}

static void test_recursion_bounded(void)
{
	enum { N = 300 };
	struct ir_unit *u = ir_unit_new_shared("r.c", P);
	static const char *const dp[] = { "d" }, *const da[] = { "d" };
	char name[32], next[32];

	for (int i = 0; i < N; i++) {
		snprintf(name, sizeof(name), "ring%d", i);
		snprintf(next, sizeof(next), "ring%d", (i + 1) % N);
		struct fb b = fb_start(u, name, dp, 1);
		fb_event(&b, IR_MMIO_WRITE, i % 2 ? "writel" : "writel_relaxed", "d->regs", 5);
		fb_call(&b, next, da, 1, 6);
		fb_end(&b);
	}
	struct fb self = fb_start(u, "self", dp, 1);
	fb_event(&self, IR_ACQUIRE, "spin_lock", "d->lock", 3);
	fb_call(&self, "self", da, 1, 4);
	fb_event(&self, IR_RELEASE, "spin_unlock", "d->lock", 5);
	fb_end(&self);

	struct ipa_program p;
	ipa_init(&p, P, R);
	ipa_add_unit(&p, u, "r.c");
	ipa_solve(&p);
	bool any_capped = false;
	for (size_t i = 0; i < p.fns.n; i++)
		any_capped |= p.fns.v[i].capped;
	/* cap + entry + exit + fan-out NOPs of two-way nodes */
	CHECK(biggest_summary(&p) <= 2 * IPA_MAX_SUMMARY_NODES);
	CHECK(any_capped);	/* the ring does not fit: it says so */
	int si = ipa_find(&p, self.fn);
	CHECK(si >= 0 && p.fns.v[si].summary && count_op(p.fns.v[si].summary, IR_ACQUIRE) >= 1);
	ipa_free(&p);
	ir_unit_free(u);
}

/* Lock events compounding up a call graph (cnic.c: 48,000 of them in one
 * expansion, and a quadratic reduction): each layer calls the one below 8
 * times; a layer whose lock events exceed IPA_MAX_LOCK_SUMMARY_NODES has no
 * summary (callers see an unknown call), so no summary grows past it. */
static void test_lock_events_bounded(void)
{
	enum { LAYERS = 5, CALLS = 8 };
	struct ir_unit *u = ir_unit_new_shared("l.c", P);
	static const char *const dp[] = { "d" }, *const da[] = { "d" };
	char name[32], below[32];

	for (int l = 0; l < LAYERS; l++) {
		snprintf(name, sizeof(name), "layer%d", l);
		snprintf(below, sizeof(below), "layer%d", l - 1);
		struct fb b = fb_start(u, name, dp, 1);
		fb_event(&b, IR_ACQUIRE, "spin_lock", "d->lock", 3);
		fb_event(&b, IR_MMIO_WRITE, "writel_relaxed", "d->regs", 4);
		fb_event(&b, IR_RELEASE, "spin_unlock", "d->lock", 5);
		for (int c = 0; c < CALLS && l > 0; c++)
			fb_call(&b, below, da, 1, 6 + (uint32_t)c);
		fb_end(&b);
	}
	struct ipa_program p;
	ipa_init(&p, P, R);
	ipa_add_unit(&p, u, "l.c");
	ipa_solve(&p);
	int dropped = 0;
	for (size_t i = 0; i < p.fns.n; i++)
		dropped += !p.fns.v[i].summary && p.fns.v[i].capped;
	CHECK(biggest_summary(&p) <= 2 * IPA_MAX_LOCK_SUMMARY_NODES);
	CHECK(dropped >= 1);	/* layer 3 (8^3 * 2 lock events) and above */
	int l0 = ipa_find(&p, u->functions.v[0]);
	CHECK(l0 >= 0 && p.fns.v[l0].summary && !p.fns.v[l0].capped);
	ipa_free(&p);
	ir_unit_free(u);
}

/*
 * A capped summary keeps its lock events and, of its writes, exactly those
 * that can be unordered at its return, marked with the function that
 * bounded them:
 *   big(d)    { writel_relaxed(d->regs); readl(d->regs);       (read back)
 *               60 x { spin_lock(&d->inner); spin_unlock(&d->inner); }
 *               writel_relaxed(d->regs); mmiowb();              (a tail)
 *               writel_relaxed(d->db); }                        (a tail)
 *   pass(d)   { big(d); }                                       (passes them on)
 *   locked(d) { spin_lock(&d->lock); big(d); spin_unlock(&d->lock); }
 */
static void test_capped_keeps_unordered_writes(void)
{
	enum { SECTIONS = 60 };
	struct ir_unit *u = ir_unit_new_shared("c.c", P);
	static const char *const dp[] = { "d" }, *const da[] = { "d" };

	struct fb b = fb_start(u, "big", dp, 1);
	fb_event(&b, IR_MMIO_WRITE, "writel_relaxed", "d->regs", 3);
	fb_event(&b, IR_MMIO_READ, "readl", "d->regs", 4);
	for (int i = 0; i < SECTIONS; i++) {
		fb_event(&b, IR_ACQUIRE, "spin_lock", "d->inner", 5);
		fb_event(&b, IR_RELEASE, "spin_unlock", "d->inner", 6);
	}
	fb_event(&b, IR_MMIO_WRITE, "writel_relaxed", "d->regs", 7);
	fb_event(&b, IR_BARRIER, "mmiowb", NULL, 8);
	fb_event(&b, IR_MMIO_WRITE, "writel_relaxed", "d->db", 9);
	fb_end(&b);
	struct fb pass = fb_start(u, "pass", dp, 1);
	fb_call(&pass, "big", da, 1, 20);
	fb_end(&pass);
	struct fb locked = fb_start(u, "locked", dp, 1);
	fb_event(&locked, IR_ACQUIRE, "spin_lock", "d->lock", 30);
	fb_call(&locked, "big", da, 1, 31);
	fb_event(&locked, IR_RELEASE, "spin_unlock", "d->lock", 32);
	fb_end(&locked);

	struct ipa_program p;
	ipa_init(&p, P, R);
	ipa_add_unit(&p, u, "c.c");
	ipa_solve(&p);
	str_id big = strpool_intern(P, "big");
	int bi = ipa_find(&p, b.fn), pi = ipa_find(&p, pass.fn), li = ipa_find(&p, locked.fn);
	const struct ir_function *sb = bi >= 0 ? p.fns.v[bi].summary : NULL,
				 *sp = pi >= 0 ? p.fns.v[pi].summary : NULL,
				 *sl = li >= 0 ? p.fns.v[li].summary : NULL;
	CHECK(sb && count_op(sb, IR_ACQUIRE) == SECTIONS);
	CHECK(sb && count_op(sb, IR_MMIO_WRITE) == 2);	/* lines 7 and 9, not 3 */
	for (int k = 0; sb && k < 2; k++) {
		const struct ir_node *w = find_op(sb, IR_MMIO_WRITE, k);
		CHECK(w && w->loc.line == (k ? 9u : 7u) && w->bounded_by == big);
	}
	CHECK(sb && count_op(sb, IR_MMIO_READ) == 0);	/* a stand-in barrier */
	/* a caller that returns right after passes both on, still big's */
	CHECK(sp && count_op(sp, IR_MMIO_WRITE) == 2);
	for (int k = 0; sp && k < 2; k++) {
		const struct ir_node *w = find_op(sp, IR_MMIO_WRITE, k);
		CHECK(w && w->bounded_by == big);
	}
	/* one that releases its lock after the call orders them: none left */
	CHECK(sl && count_op(sl, IR_MMIO_WRITE) == 0);
	ipa_free(&p);
	ir_unit_free(u);
}

/* Indirect calls: every function stored into the slot, and the slot name
 * matches with or without the struct type. */
static void test_indirect_targets(void)
{
	struct ir_unit *u = ir_unit_new_shared("i.c", P);
	static const char *const tp[] = { "tp" }, *const ta[] = { "tp" };
	struct fb w1 = fb_start(u, "w_full", tp, 1);
	fb_event(&w1, IR_MMIO_WRITE, "writel", "tp->regs", 3);
	fb_end(&w1);
	struct fb w2 = fb_start(u, "w_relaxed", tp, 1);
	fb_event(&w2, IR_MMIO_WRITE, "writel_relaxed", "tp->regs", 7);
	fb_end(&w2);
	struct fb c = fb_start(u, "user", tp, 1);
	uint32_t call = fb_call(&c, "struct tg3::write32", ta, 1, 12);
	c.fn->nodes.v[call].indirect = true;
	uint32_t unk = fb_call(&c, "struct tg3::read32", ta, 1, 13);
	c.fn->nodes.v[unk].indirect = true;
	fb_end(&c);
	struct ir_fnptr f1 = { .slot = strpool_intern(P, "struct tg3::write32"), .function = strpool_intern(P, "w_full"),
			       .loc = { 0, 1, 1, 1, 9 }, .block = { 0, 1, 1, 1, 9 } };
	struct ir_fnptr f2 = { .slot = strpool_intern(P, "write32"), .function = strpool_intern(P, "w_relaxed"),
			       .loc = { 0, 2, 1, 2, 9 }, .block = { 0, 2, 1, 2, 9 } };
	VEC_PUSH(u->fnptrs, f1);
	VEC_PUSH(u->fnptrs, f2);

	struct ipa_program p;
	ipa_init(&p, P, R);
	ipa_add_unit(&p, u, "i.c");
	ipa_solve(&p);
	int ci = ipa_find(&p, c.fn);
	CHECK(p.fns.v[ci].callees.n == 2);
	CHECK(p.fns.v[ci].unknown_calls == 1);
	struct ir_function *x = ipa_expand_for_checks(&p, (uint32_t)ci);
	CHECK(count_op(x, IR_MMIO_WRITE) == 2);
	ir_fn_free(x);
	ipa_free(&p);
	ir_unit_free(u);
}

/* The spliced copy of the callee's node at `line` in x, or NULL. */
static const struct ir_node *spliced_at(const struct ir_function *x, uint32_t line, uint32_t *index)
{
	for (size_t i = 0; i < x->nodes.n; i++)
		if (x->nodes.v[i].loc.line == line && x->nodes.v[i].call_site != IR_NONE) {
			*index = (uint32_t)i;
			return &x->nodes.v[i];
		}
	return NULL;
}

/* helper(d, flush) { writel(d->regs); if (flush) readl(d->regs); } with the
 * branch on its second parameter (iavf_irq_enable()). */
static struct fb param_branch_helper(struct ir_unit *u, const char *name, bool read_in_arm)
{
	static const char *const hp[] = { "d", "flush" };
	struct fb h = fb_start(u, name, hp, 2);
	fb_event(&h, IR_MMIO_WRITE, "writel", "d->regs", 3);
	struct ir_node br = ir_node_make(IR_BRANCH);
	br.cond_param = 2;
	uint32_t b = fb_add(&h, &br, 4);
	struct ir_node r = ir_node_make(IR_RETURN), arm = ir_node_make(read_in_arm ? IR_MMIO_READ : IR_NOP);
	arm.rule = read_in_arm ? rules_lookup(R, "readl").index : -1;
	arm.device = strpool_intern(P, "d->regs");
	arm.loc.line = 5;
	uint32_t a = ir_add_node(h.fn, &arm), ret = ir_add_node(h.fn, &r);
	ir_add_edge(h.fn, b, a, IR_EDGE_TRUE);
	ir_add_edge(h.fn, b, ret, IR_EDGE_FALSE);
	ir_add_edge(h.fn, a, ret, IR_EDGE_NEXT);
	ir_fn_finalize(h.fn);
	return h;
}

/* A caller of `callee` passing argument 1 as the constant `truth`, or as
 * a value known only at run time (truth < 0). */
static struct fb param_branch_caller(struct ir_unit *u, const char *name, const char *callee, int truth)
{
	static const char *const dp[] = { "d" }, *const args[] = { "d", "x" };
	struct fb c = fb_start(u, name, dp, 1);
	uint32_t call = fb_call(&c, callee, args, 2, 10);
	c.fn->nodes.v[call].const_args = truth >= 0 ? 2 : 0;
	c.fn->nodes.v[call].const_true = truth > 0 ? 2 : 0;
	fb_end(&c);
	return c;
}

/*
 * A branch on a parameter stays in the summary when its arms differ (one
 * reads, one does not) and goes when they do not; the text form keeps it
 * (and refuses a parameter the function does not have); a caller's
 * constant argument keeps only the edge it decides, a run-time value both.
 */
/* A store `slot := fn` made in the block that starts at `line`. */
static void add_store(struct ir_unit *u, const char *slot, const char *fn, uint32_t line, uint32_t store_line,
		      bool unconditional)
{
	struct ir_fnptr f = { 0 };

	f.slot = strpool_intern(P, slot);
	f.function = strpool_intern(P, fn);
	f.loc.file = f.block.file = strpool_intern(P, "i.c");
	f.block.line = line;
	f.loc.line = store_line;
	f.unconditional = unconditional;
	VEC_PUSH(u->fnptrs, f);
}

/*
 * The blocks an indirect call chooses among, in the one order every slot
 * uses: bigger blocks first, defaults (stores at the top of a body) last,
 * one choice per block (its last store into the slot).  tg3's shape: the
 * defaults set read32 and write32, the ICH_WORKAROUND block both, a lone
 * store earlier in the file (tg3_chip_reset()'s) sets write32, and one
 * more block sets it twice.
 */
static void test_block_choices(void)
{
	struct ir_unit *u = ir_unit_new_shared("i.c", P);
	static const char *const tp[] = { "tp" };
	const char *names[] = { "rd", "wr", "rd_ind", "wr_ind", "wr_flush", "wr_other", "wr_last" };
	for (int i = 0; i < 7; i++) {
		struct fb f = fb_start(u, names[i], tp, 1);
		fb_event(&f, IR_MMIO_WRITE, "writel", "tp->regs", 3);
		fb_end(&f);
	}
	struct fb c = fb_start(u, "user", tp, 1);
	uint32_t call = fb_call(&c, "struct tg3::write32", tp, 1, 12);
	c.fn->nodes.v[call].indirect = true;
	fb_end(&c);
	add_store(u, "struct tg3::write32", "wr_flush", 5, 5, false);	/* alone, before the defaults */
	add_store(u, "struct tg3::read32", "rd", 10, 10, true);
	add_store(u, "struct tg3::write32", "wr", 10, 11, true);
	add_store(u, "struct tg3::read32", "rd_ind", 30, 31, false);
	add_store(u, "struct tg3::write32", "wr_ind", 30, 32, false);
	add_store(u, "struct tg3::write32", "wr_other", 40, 40, false);	/* overwritten ... */
	add_store(u, "struct tg3::write32", "wr_last", 40, 41, false);	/* ... in its block */

	struct ipa_program p;
	ipa_init(&p, P, R);
	ipa_add_unit(&p, u, "i.c");
	int ci = ipa_find(&p, c.fn);
	uint32_t t[IPA_MAX_TARGETS];
	bool unknown;
	int nt = ipa_call_targets(&p, p.fns.v[ci].file, &c.fn->nodes.v[call], t, &unknown);
	CHECK(nt == 5 && !unknown);
	struct ipa_choice ch[IPA_MAX_CHOICES];
	int n = ipa_call_choices(&p, p.fns.v[ci].file, &c.fn->nodes.v[call], t, nt, ch);
	CHECK(n == 4);
	/* the two bigger blocks, latest first; the lone store; the defaults */
	const char *want[] = { "wr_last", "wr_ind", "wr_flush", "wr" };
	for (int k = 0; k < n && k < 4; k++)
		CHECK(!strcmp(strpool_str(P, p.fns.v[ch[k].target].name), want[k]));
	ipa_free(&p);
	ir_unit_free(u);
}

static void test_param_branch(void)
{
	struct ir_unit *u = ir_unit_new_shared("p.c", P);
	struct fb h = param_branch_helper(u, "helper", true), q = param_branch_helper(u, "quiet", false);
	struct fb on = param_branch_caller(u, "c_true", "helper", 1);
	struct fb off = param_branch_caller(u, "c_false", "helper", 0);
	struct fb rt = param_branch_caller(u, "c_runtime", "helper", -1);
	struct ipa_program p;

	ipa_init(&p, P, R);
	ipa_add_unit(&p, u, "p.c");
	ipa_solve(&p);
	int hi = ipa_find(&p, h.fn), qi = ipa_find(&p, q.fn);
	const struct ir_function *s = hi >= 0 ? p.fns.v[hi].summary : NULL;
	const struct ir_node *b = s ? find_op(s, IR_BRANCH, 0) : NULL;
	CHECK(b && b->cond_param == 2 && count_op(s, IR_BRANCH) == 1);
	CHECK(qi >= 0 && p.fns.v[qi].summary && count_op(p.fns.v[qi].summary, IR_BRANCH) == 0);

	char *text = s ? ipa_summary_text(&p, s) : NULL;
	struct ir_function *back = text ? ipa_summary_from_text(text, P, R) : NULL;
	CHECK(back && ipa_summary_hash(&p, back) == p.fns.v[hi].hash);
	b = back ? find_op(back, IR_BRANCH, 0) : NULL;
	CHECK(b && b->cond_param == 2);
	ir_fn_free(back);
	char *bad = text ? xstrdup(text) : NULL, *at = bad ? strstr(bad, "\"param\":1") : NULL;
	CHECK(at != NULL);
	if (at) {
		at[8] = '7';	/* a third parameter: there is none */
		CHECK(!ipa_summary_from_text(bad, P, R));
	}
	free(bad);
	free(text);

	const struct fb *callers[3] = { &on, &off, &rt };
	for (int k = 0; k < 3; k++) {
		struct ir_function *x = ipa_expand_for_checks(&p, (uint32_t)ipa_find(&p, callers[k]->fn));
		uint32_t i = IR_NONE, ns = 0;
		const struct ir_node *n = spliced_at(x, 4, &i);
		const struct ir_edge *e = n ? ir_succs(x, i, &ns) : NULL;
		CHECK(n && n->cond_param == 0);		/* the callee's parameter, not the caller's */
		if (k == 2) {
			CHECK(n && n->op == IR_BRANCH && ns == 2);
		} else {
			CHECK(n && n->op == IR_NOP && ns == 1);
			CHECK(e && (x->nodes.v[e[0].to].op == IR_MMIO_READ) == (k == 0));
		}
		ir_fn_free(x);
	}
	ipa_free(&p);
	ir_unit_free(u);
}

/* helper(s) takes s->lock around a relaxed write; caller(s) calls it
 * twice.  Returns the unit; *h and *c are the two functions. */
static struct ir_unit *kept_unit(struct ir_function **h, struct ir_function **c)
{
	struct ir_unit *u = ir_unit_new_shared("k.c", P);
	static const char *const sp[] = { "s" }, *const sa[] = { "s" };
	struct fb hb = fb_start(u, "helper", sp, 1);
	fb_event(&hb, IR_ACQUIRE, "spin_lock", "s->lock", 3);
	fb_event(&hb, IR_MMIO_WRITE, "writel_relaxed", "s->regs", 4);
	fb_event(&hb, IR_RELEASE, "spin_unlock", "s->lock", 5);
	fb_end(&hb);
	struct fb cb = fb_start(u, "caller", sp, 1);
	fb_call(&cb, "helper", sa, 1, 10);
	fb_call(&cb, "helper", sa, 1, 11);
	fb_end(&cb);
	*h = hb.fn;
	*c = cb.fn;
	return u;
}

/*
 * The solver keeps each function's expansion, the one its summary was
 * reduced from, for its checks, within a budget of nodes.  With the
 * default budget both functions' are kept; with a budget of the helper's
 * alone, the caller's is not, and is spliced again when it is checked.
 * Either way the checks get the same graph, and taking one gives back its
 * nodes to the budget.
 */
static void test_kept_expansions(void)
{
	struct ir_function *h1, *c1, *h2, *c2;
	struct ir_unit *u1 = kept_unit(&h1, &c1), *u2 = kept_unit(&h2, &c2);
	struct ipa_program all, one;

	ipa_init(&all, P, R);
	ipa_add_unit(&all, u1, "k.c");
	ipa_solve(&all);
	ipa_init(&one, P, R);
	one.keep_budget = h2->nodes.n;	/* a leaf's expansion is its own nodes */
	ipa_add_unit(&one, u2, "k.c");
	ipa_solve(&one);
	int hi = ipa_find(&all, h1), ci = ipa_find(&all, c1);
	CHECK(hi >= 0 && ci >= 0 && ipa_find(&one, h2) == hi && ipa_find(&one, c2) == ci);
	if (hi < 0 || ci < 0)
		return;
	CHECK(all.fns.v[hi].expanded && all.fns.v[ci].expanded);
	CHECK(all.kept_nodes == h1->nodes.n + all.fns.v[ci].expanded->nodes.n);
	CHECK(one.fns.v[hi].expanded && !one.fns.v[ci].expanded);
	CHECK(one.kept_nodes == h2->nodes.n);

	for (int k = 0; k < 2; k++) {
		uint32_t fi = (uint32_t)(k ? ci : hi);
		struct ir_function *a = ipa_expand_for_checks(&all, fi), *b = ipa_expand_for_checks(&one, fi);
		CHECK(ir_fn_same(a, b));
		CHECK(!all.fns.v[fi].expanded && !one.fns.v[fi].expanded);
		if (k)
			CHECK(count_op(a, IR_ACQUIRE) == 2 && count_op(a, IR_MMIO_WRITE) == 2);
		ir_fn_free(a);
		ir_fn_free(b);
	}
	CHECK(all.kept_nodes == 0 && one.kept_nodes == 0);
	ipa_free(&all);
	ipa_free(&one);
	ir_unit_free(u1);
	ir_unit_free(u2);
}

int main(void)
{
	struct strbuf err = STRBUF_INIT;

	R = rules_load(MMIOCHECK_RULES_DIR, NULL, 0, &err);
	if (!R) {
		fprintf(stderr, "rules: %s\n", err.buf);
		return 1;
	}
	P = strpool_new();
	test_substitution_and_chain();
	test_recursion_bounded();
	test_lock_events_bounded();
	test_capped_keeps_unordered_writes();
	test_indirect_targets();
	test_block_choices();
	test_return_states();
	test_param_branch();
	test_kept_expansions();
	strpool_free(P);
	rules_free(R);
	strbuf_release(&err);
	TEST_DONE();
}
