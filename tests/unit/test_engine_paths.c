/*
 * test_engine_paths.c - the engine and checks on hand-built IR, no parser:
 * each test builds a small CFG, runs every check under several models and
 * asserts the exact set of (rule, model, line) findings.
 */
#include "checks/checks.h"
#include "testlib.h"
#include "util/defects.h"

#include <stdlib.h>

static struct rules *R;

struct builder {
	struct ir_unit *u;
	struct ir_function *fn;
	uint32_t last;		/* node the next one follows; IR_NONE = none */
};

static void b_start(struct builder *b, const char *name)
{
	b->u = ir_unit_new("t.c");
	b->fn = ir_fn_new(b->u, name);
	struct ir_node entry = ir_node_make(IR_NOP);
	b->last = ir_add_node(b->fn, &entry);
}

/* Append an event for the rules name `api` (lock op, accessor or barrier). */
static uint32_t b_event(struct builder *b, enum ir_op op, const char *api, const char *arg, uint32_t line)
{
	struct ir_node n = ir_node_make(op);
	struct rule_ref ref = api ? rules_lookup(R, api) : (struct rule_ref){ REF_NONE, -1 };

	if (api) {
		CHECK(ref.kind != REF_NONE);
		n.rule = ref.index;
		n.spelled = strpool_intern(b->u->strings, api);
	}
	if (arg && ref.kind == REF_LOCK)
		n.lock = strpool_intern(b->u->strings, arg);
	else if (arg)
		n.device = strpool_intern(b->u->strings, arg);
	n.loc.line = line;
	n.loc.col = 2;
	n.stmt_first_line = n.stmt_last_line = line;
	uint32_t id = ir_add_node(b->fn, &n);
	if (b->last != IR_NONE)
		ir_add_edge(b->fn, b->last, id, IR_EDGE_NEXT);
	b->last = id;
	return id;
}

static uint32_t b_nop(struct builder *b)
{
	return b_event(b, IR_NOP, NULL, NULL, 0);
}

static void b_ret(struct builder *b, uint32_t line)
{
	b_event(b, IR_RETURN, NULL, NULL, line);
	b->last = IR_NONE;
}

/* Append a branch on `key` (NULL: a test the analysis does not key) after
 * the last node; its arms follow, each begun after b->last = IR_NONE, and
 * b_join() closes it. */
static uint32_t b_branch(struct builder *b, const char *key)
{
	struct ir_node br = ir_node_make(IR_BRANCH);

	if (key)
		br.cond = strpool_intern(b->u->strings, key);
	uint32_t bi = ir_add_node(b->fn, &br);
	ir_add_edge(b->fn, b->last, bi, IR_EDGE_NEXT);
	b->last = IR_NONE;
	return bi;
}

/* Close branch bi: its TRUE arm runs t..t_end, its FALSE arm f..f_end (f
 * IR_NONE: an empty arm, a NOP), and both meet at a new NOP, the last
 * node from here. */
static void b_join(struct builder *b, uint32_t bi, uint32_t t, uint32_t t_end, uint32_t f, uint32_t f_end)
{
	b->last = IR_NONE;
	if (f == IR_NONE) {
		f = f_end = b_nop(b);
		b->last = IR_NONE;
	}
	uint32_t join = b_nop(b);
	ir_add_edge(b->fn, bi, t, IR_EDGE_TRUE);
	ir_add_edge(b->fn, bi, f, IR_EDGE_FALSE);
	ir_add_edge(b->fn, t_end, join, IR_EDGE_NEXT);
	ir_add_edge(b->fn, f_end, join, IR_EDGE_NEXT);
	b->last = join;
}

static void free_findings(struct finding_vec *out)
{
	for (size_t i = 0; i < out->n; i++)
		chain_free(&out->v[i]);
	free(out->v);
}

/* Run every check under `models` with a bound of max_states per node
 * (0: the default). */
static void run_bounded(struct builder *b, const char *models, int max_states, struct finding_vec *out,
			struct engine_stats *st)
{
	struct engine_config cfg = { 0 };
	struct strbuf err = STRBUF_INIT;

	if (!b->fn->finalized)
		ir_fn_finalize(b->fn);
	CHECK(engine_config_models(&cfg, R, models, &err) == 0);
	checks_configure(&cfg, R);
	cfg.max_states = max_states;
	checks_run_function(&cfg, b->u, b->fn, NULL, "t.c", out, st);
	strbuf_release(&err);
}

/*
 * Run b's function under `models` with a bound of max_states per node and
 * expect exactly one finding, `rule` at `line`, and the bound hit exactly
 * when `truncated`.  Any other finding is named on stderr.  Frees b's unit.
 */
static void expect_one(struct builder *b, const char *models, int max_states, bool truncated, const char *rule,
		       uint32_t line)
{
	struct finding_vec out = { NULL, 0, 0 };
	struct engine_stats st;

	run_bounded(b, models, max_states, &out, &st);
	CHECK(st.truncated == truncated);
	for (size_t i = 0; i < out.n; i++)
		if (strcmp(out.v[i].rule, rule) || out.v[i].line != line)
			fprintf(stderr, "  %s: unexpected %s:%u\n", strpool_str(b->u->strings, b->fn->name),
				out.v[i].rule, out.v[i].line);
	CHECK(out.n == 1 && !strcmp(out.v[0].rule, rule) && out.v[0].line == line);
	free_findings(&out);
	ir_unit_free(b->u);
}

/* Run with `models` and compare with "RULE@model:line" expectations. */
static void expect(struct builder *b, const char *models, const char *const *want, int nwant)
{
	struct finding_vec out = { NULL, 0, 0 };
	struct engine_stats st;

	run_bounded(b, models, 0, &out, &st);
	int matched = 0;
	for (size_t i = 0; i < out.n; i++) {
		char key[128];
		snprintf(key, sizeof(key), "%s@%s:%u", out.v[i].rule, out.v[i].model, out.v[i].line);
		bool found = false;
		for (int k = 0; k < nwant; k++)
			if (!strcmp(want[k], key))
				found = true;
		if (!found)
			fprintf(stderr, "  %s: unexpected %s (%s)\n", strpool_str(b->u->strings, b->fn->name),
				key, out.v[i].message);
		CHECK(found);
		matched += found;
	}
	if (matched != nwant)
		fprintf(stderr, "  %s: %d of %d expected findings\n", strpool_str(b->u->strings, b->fn->name),
			matched, nwant);
	CHECK(matched == nwant);
	for (size_t i = 0; i < out.n; i++)
		CHECK(strlen(out.v[i].fingerprint) == 16);
	free_findings(&out);
	ir_unit_free(b->u);
}

#define EXPECT(b, models, ...) do { \
	const char *const want_[] = { __VA_ARGS__ }; \
	expect(b, models, want_, (int)(sizeof(want_) / sizeof(want_[0])) - 1); } while (0)

static void test_ppc_nested(void)
{
	struct builder b;
	b_start(&b, "nested");
	b_event(&b, IR_ACQUIRE, "spin_lock", "a", 10);
	b_event(&b, IR_MMIO_WRITE, "writel", "regs", 11);
	b_event(&b, IR_ACQUIRE, "spin_lock", "b", 12);
	b_event(&b, IR_RELEASE, "spin_unlock", "b", 13);
	b_event(&b, IR_RELEASE, "spin_unlock", "a", 14);
	b_ret(&b, 15);
	EXPECT(&b, "contract,generic,ppc64-legacy,rfc2019", "MMIO002@ppc64-legacy:11", NULL);
}

static void test_relaxed_last(void)
{
	struct builder b;
	b_start(&b, "relaxed_last");
	b_event(&b, IR_ACQUIRE, "spin_lock_irqsave", "qp->sq.lock", 20);
	b_event(&b, IR_MMIO_WRITE, "writel_relaxed", "uar", 21);
	b_event(&b, IR_RELEASE, "spin_unlock_irqrestore", "qp->sq.lock", 22);
	b_ret(&b, 23);
	EXPECT(&b, "contract,generic,ppc64-legacy,powerpc64,explicit,none",
	       "MMIO001@contract:21", "MMIO001@generic:21", "MMIO001@explicit:21", NULL);
}

static void test_relaxed_then_full(void)
{
	struct builder b;
	b_start(&b, "relaxed_then_full");
	b_event(&b, IR_ACQUIRE, "spin_lock", "l", 30);
	b_event(&b, IR_MMIO_WRITE, "writel_relaxed", "regs", 31);
	b_event(&b, IR_MMIO_WRITE, "writel_relaxed", "other", 32);
	b_event(&b, IR_MMIO_WRITE, "writel", "regs", 33);
	b_event(&b, IR_RELEASE, "spin_unlock", "l", 34);
	b_ret(&b, 35);
	/* contract: only the write to another device escapes; generic: the
	 * full write sets pending and the unlock's barrier orders all */
	EXPECT(&b, "contract,generic", "MMIO001@contract:32", NULL);
}

static void test_mutex(void)
{
	struct builder b;
	b_start(&b, "mutex");
	b_event(&b, IR_ACQUIRE, "mutex_lock", "m", 40);
	b_event(&b, IR_MMIO_WRITE, "writel", "regs", 41);
	b_event(&b, IR_RELEASE, "mutex_unlock", "m", 42);
	b_ret(&b, 43);
	EXPECT(&b, "contract,ppc64-legacy,every-write,none",
	       "MMIO006@contract:41", "MMIO006@ppc64-legacy:41", NULL);
}

static void test_mutex_readback(void)
{
	struct builder b;
	b_start(&b, "mutex_readback");
	b_event(&b, IR_ACQUIRE, "mutex_lock", "m", 40);
	b_event(&b, IR_MMIO_WRITE, "writel", "regs", 41);
	b_event(&b, IR_MMIO_READ, "readl", "regs", 42);
	b_event(&b, IR_RELEASE, "mutex_unlock", "m", 43);
	b_ret(&b, 44);
	EXPECT(&b, "contract,ppc64-legacy", NULL);
}

static void test_mmiowb(void)
{
	struct builder b;
	b_start(&b, "redundant");
	b_event(&b, IR_ACQUIRE, "spin_lock", "l", 50);
	b_event(&b, IR_MMIO_WRITE, "writel", "regs", 51);
	b_event(&b, IR_BARRIER, "mmiowb", NULL, 52);
	b_event(&b, IR_RELEASE, "spin_unlock", "l", 53);
	b_ret(&b, 54);
	EXPECT(&b, "contract,ppc64-legacy,explicit", "MMIO003@contract:52", "MMIO003@ppc64-legacy:52", NULL);

	b_start(&b, "needed");
	b_event(&b, IR_ACQUIRE, "spin_lock", "l", 60);
	b_event(&b, IR_MMIO_WRITE, "writel_relaxed", "regs", 61);
	b_event(&b, IR_BARRIER, "mmiowb", NULL, 62);
	b_event(&b, IR_RELEASE, "spin_unlock", "l", 63);
	b_ret(&b, 64);
	EXPECT(&b, "contract,ppc64-legacy", "MMIO003@ppc64-legacy:62", NULL);

	b_start(&b, "stray");
	b_event(&b, IR_ACQUIRE, "spin_lock", "l", 70);
	b_event(&b, IR_MMIO_WRITE, "writel", "regs", 71);
	b_event(&b, IR_RELEASE, "spin_unlock", "l", 72);
	b_event(&b, IR_BARRIER, "mmiowb", NULL, 73);
	b_ret(&b, 74);
	EXPECT(&b, "contract", "MMIO004@contract:73", NULL);
}

/* if (spin_trylock(&l)) { writel_relaxed(); spin_unlock(&l); } */
static void test_trylock(void)
{
	struct builder b;
	b_start(&b, "trylock");
	uint32_t t = b_event(&b, IR_TRYACQUIRE, "spin_trylock", "l", 80);
	b.last = IR_NONE;
	uint32_t w = b_event(&b, IR_MMIO_WRITE, "writel_relaxed", "regs", 81);
	ir_add_edge(b.fn, t, w, IR_EDGE_TRUE);
	b_event(&b, IR_RELEASE, "spin_unlock", "l", 82);
	uint32_t join = b_nop(&b);
	ir_add_edge(b.fn, t, join, IR_EDGE_FALSE);
	b_ret(&b, 83);
	EXPECT(&b, "contract,ppc64-legacy", "MMIO001@contract:81", NULL);
}

/* if (f) spin_lock(a); if (f) { writel(); mmiowb(); spin_unlock(a); } else mmiowb(); */
static void test_correlation(void)
{
	for (int correlated = 0; correlated < 2; correlated++) {
		struct builder b;
		b_start(&b, correlated ? "correlated" : "uncorrelated");
		struct ir_node br = ir_node_make(IR_BRANCH);
		br.cond = correlated ? strpool_intern(b.u->strings, "f") : 0;
		uint32_t b1 = ir_add_node(b.fn, &br);
		ir_add_edge(b.fn, b.last, b1, IR_EDGE_NEXT);
		b.last = IR_NONE;
		uint32_t acq = b_event(&b, IR_ACQUIRE, "spin_lock", "a", 90);
		ir_add_edge(b.fn, b1, acq, IR_EDGE_TRUE);
		uint32_t j1 = b_nop(&b);
		ir_add_edge(b.fn, b1, j1, IR_EDGE_FALSE);
		uint32_t b2 = ir_add_node(b.fn, &br);
		ir_add_edge(b.fn, j1, b2, IR_EDGE_NEXT);
		b.last = IR_NONE;
		uint32_t w = b_event(&b, IR_MMIO_WRITE, "writel", "regs", 91);
		ir_add_edge(b.fn, b2, w, IR_EDGE_TRUE);
		b_event(&b, IR_BARRIER, "mmiowb", NULL, 92);
		b_event(&b, IR_RELEASE, "spin_unlock", "a", 93);
		uint32_t j2 = b_nop(&b);
		b.last = IR_NONE;
		uint32_t other = b_event(&b, IR_BARRIER, "mmiowb", NULL, 94);
		ir_add_edge(b.fn, b2, other, IR_EDGE_FALSE);
		ir_add_edge(b.fn, other, j2, IR_EDGE_NEXT);
		b.last = j2;
		b_ret(&b, 95);
		if (correlated)
			EXPECT(&b, "contract", "MMIO003@contract:92", "MMIO004@contract:94", NULL);
		else	/* the infeasible paths: !f,f reaches 92 unlocked, f,!f reaches 94
			 * locked and returns with a held (MMIO007) */
			EXPECT(&b, "contract", "MMIO003@contract:92", "MMIO004@contract:92", "MMIO003@contract:94",
			       "MMIO004@contract:94", "MMIO007@contract:95", NULL);
	}
}

/* A loop that takes a lock every iteration and a goto tangle terminate. */
static void test_termination(void)
{
	struct builder b;
	b_start(&b, "loop");
	uint32_t head = b_nop(&b);
	b_event(&b, IR_ACQUIRE, "spin_lock", "l", 100);
	b_event(&b, IR_MMIO_WRITE, "writel_relaxed", "regs", 101);
	uint32_t br = b_event(&b, IR_BRANCH, NULL, NULL, 102);
	ir_add_edge(b.fn, br, head, IR_EDGE_NEXT);
	b_ret(&b, 103);
	EXPECT(&b, "all", NULL);

	/* 40 nodes, each branching to two pseudo-random others */
	b_start(&b, "tangle");
	uint32_t first = b.last;
	for (int i = 0; i < 40; i++) {
		static const char *const ops[] = { "spin_lock", "writel_relaxed", "spin_unlock",
						   "mutex_lock", "mmiowb", "writel" };
		const char *api = ops[i % 6];
		struct rule_ref ref = rules_lookup(R, api);
		enum ir_op op = ref.kind == REF_BARRIER ? IR_BARRIER : ref.kind == REF_ACCESSOR ? IR_MMIO_WRITE :
			!strcmp(api, "spin_unlock") ? IR_RELEASE : IR_ACQUIRE;
		b_event(&b, op, api, i % 6 == 1 || i % 6 == 5 ? "regs" : (i & 1 ? "x" : "y"), 200 + i);
	}
	for (uint32_t i = first + 1; i < b.fn->nodes.n; i++)
		ir_add_edge(b.fn, i, first + 1 + (i * 7) % 40, IR_EDGE_NEXT);
	b_ret(&b, 300);
	struct engine_config cfg = { 0 };
	struct strbuf err = STRBUF_INIT;
	struct finding_vec out = { NULL, 0, 0 };
	struct engine_stats st;
	ir_fn_finalize(b.fn);
	engine_config_models(&cfg, R, "all", &err);
	checks_configure(&cfg, R);
	cfg.max_states = 8;
	checks_run_function(&cfg, b.u, b.fn, NULL, "t.c", &out, &st);
	CHECK(st.visits < 100000);
	fprintf(stderr, "  tangle: %zu states, %zu visits, truncated=%d, %zu findings\n",
		st.states, st.visits, st.truncated, out.n);
	free_findings(&out);
	strbuf_release(&err);
	ir_unit_free(b.u);
}

/* What the TRUE arm of b_optional()'s branch holds. */
enum optional_arm { ARM_EMPTY, ARM_SECTION, ARM_UNLOCKED_WRITE };

/*
 * Append `if (f<i>) ARM;` whose arms meet again: a branch on its own key,
 * the TRUE arm empty, `lock l<i>; unlock l<i>;` (ARM_SECTION, line 20+i),
 * or a writel() outside any lock (ARM_UNLOCKED_WRITE, line 40+i: under
 * ppc64-legacy it sets io_sync on that arm only).
 */
static void b_optional(struct builder *b, int i, enum optional_arm arm)
{
	char key[16], lock[16];	/* a letter and any int: -Wformat-truncation at -O1 */
	uint32_t bi, t, t_end;

	snprintf(key, sizeof(key), "f%d", i);
	snprintf(lock, sizeof(lock), "l%d", i);
	bi = b_branch(b, key);
	if (arm == ARM_SECTION) {
		t = b_event(b, IR_ACQUIRE, "spin_lock", lock, 20 + (uint32_t)i);
		t_end = b_event(b, IR_RELEASE, "spin_unlock", lock, 20 + (uint32_t)i);
	} else if (arm == ARM_UNLOCKED_WRITE) {
		t = t_end = b_event(b, IR_MMIO_WRITE, "writel", "regs", 40 + (uint32_t)i);
	} else {
		t = t_end = b_nop(b);
	}
	b_join(b, bi, t, t_end, IR_NONE, IR_NONE);
}

/*
 * Ten tests of ten different flags before a locked section (the shape of a
 * big function whose spliced callees each test a local): every flag is dead
 * past its branch, so the paths meet again as one state.  Before the engine
 * dropped dead facts, the 2^10 fact sets hit a bound of 8 states per node.
 */
static void test_dead_facts(void)
{
	struct builder b;

	b_start(&b, "dead_facts");
	for (int i = 0; i < 10; i++)
		b_optional(&b, i, ARM_EMPTY);
	b_event(&b, IR_ACQUIRE, "spin_lock", "l", 110);
	b_event(&b, IR_MMIO_WRITE, "writel_relaxed", "regs", 111);
	b_event(&b, IR_RELEASE, "spin_unlock", "l", 112);
	b_ret(&b, 113);
	expect_one(&b, "contract", 8, false, "MMIO001", 111);
}

/*
 * Ten optional locked sections before a nested section, under
 * ppc64-legacy, whose acquire writes the io_sync flag: the paths differ in
 * which acquire wrote the flag last, but no write is pending that the flag
 * marked, so which one is dead (the nested section's write writes it
 * again).  The paths meet as one state; before, the eleven last writers
 * hit a bound of 8 states per node.  The MMIO002 still names the nested
 * acquire that reset the flag.
 */
static void test_dead_flag_writers(void)
{
	struct builder b;
	struct finding_vec out = { NULL, 0, 0 };
	struct engine_stats st;

	b_start(&b, "dead_flag_writers");
	for (int i = 0; i < 10; i++)
		b_optional(&b, i, ARM_SECTION);
	b_event(&b, IR_ACQUIRE, "spin_lock", "a", 110);
	b_event(&b, IR_MMIO_WRITE, "writel", "regs", 111);
	b_event(&b, IR_ACQUIRE, "spin_lock", "b", 112);
	b_event(&b, IR_RELEASE, "spin_unlock", "b", 113);
	b_event(&b, IR_RELEASE, "spin_unlock", "a", 114);
	b_ret(&b, 115);
	run_bounded(&b, "ppc64-legacy", 8, &out, &st);
	CHECK(!st.truncated);
	CHECK(out.n == 1 && !strcmp(out.v[0].rule, "MMIO002") && out.v[0].line == 111);
	CHECK(out.n == 1 && strstr(out.v[0].message, "line 112"));
	if (out.n == 1 && !strstr(out.v[0].message, "line 112"))
		fprintf(stderr, "  dead_flag_writers: %s\n", out.v[0].message);
	free_findings(&out);
	ir_unit_free(b.u);
}



/*
 * Writes outside any lock on some paths before a section, under
 * ppc64-legacy: whether the last one set io_sync is dead (the section's
 * spin_lock() clears it before spin_unlock() reads it), so the paths meet
 * as one state.  Before the engine zeroed dead registers they were two
 * states at every node up to the lock: a bound of one state per node was
 * hit.  The nested section's MMIO002 is still found.
 */
static void test_dead_registers(void)
{
	struct builder b;

	b_start(&b, "dead_registers");
	for (int i = 0; i < 4; i++)
		b_optional(&b, i, ARM_UNLOCKED_WRITE);
	b_event(&b, IR_ACQUIRE, "spin_lock", "a", 110);
	b_event(&b, IR_MMIO_WRITE, "writel", "regs", 111);
	b_event(&b, IR_ACQUIRE, "spin_lock", "b", 112);
	b_event(&b, IR_RELEASE, "spin_unlock", "b", 113);
	b_event(&b, IR_RELEASE, "spin_unlock", "a", 114);
	b_ret(&b, 115);
	expect_one(&b, "ppc64-legacy", 1, false, "MMIO002", 111);
}

/*
 * `if (g) { if (f) a(); else b(); }` before a later test of f: the join
 * after it is reached with f true, f false, and f unknown (g false).  The
 * unknown state takes every branch the other two do, so it replaces them:
 * one state, where there were three (a bound of two is hit without it).
 * The later test of f still splits the paths, and the section on its
 * TRUE arm is found.
 */
static void test_subsumed_facts(void)
{
	struct builder b;
	struct ir_node bg = ir_node_make(IR_BRANCH), bf = ir_node_make(IR_BRANCH);

	b_start(&b, "subsumed_facts");
	bf.cond = strpool_intern(b.u->strings, "f");	/* bg: a test the analysis does not key */
	uint32_t g = ir_add_node(b.fn, &bg);
	ir_add_edge(b.fn, b.last, g, IR_EDGE_NEXT);
	uint32_t f = ir_add_node(b.fn, &bf);
	ir_add_edge(b.fn, g, f, IR_EDGE_TRUE);
	b.last = IR_NONE;
	uint32_t ta = b_event(&b, IR_MMIO_READ, "readl", "regs", 50);
	b.last = IR_NONE;
	uint32_t tb = b_event(&b, IR_MMIO_READ, "readl", "regs", 51);
	b.last = IR_NONE;
	uint32_t join = b_nop(&b);
	ir_add_edge(b.fn, f, ta, IR_EDGE_TRUE);
	ir_add_edge(b.fn, f, tb, IR_EDGE_FALSE);
	ir_add_edge(b.fn, ta, join, IR_EDGE_NEXT);
	ir_add_edge(b.fn, tb, join, IR_EDGE_NEXT);
	ir_add_edge(b.fn, g, join, IR_EDGE_FALSE);
	uint32_t after = b_event(&b, IR_MMIO_READ, "readl", "regs", 52);
	uint32_t again = ir_add_node(b.fn, &bf);
	ir_add_edge(b.fn, after, again, IR_EDGE_NEXT);
	b.last = IR_NONE;
	uint32_t acq = b_event(&b, IR_ACQUIRE, "spin_lock", "l", 60);
	b_event(&b, IR_MMIO_WRITE, "writel_relaxed", "regs", 61);
	b_event(&b, IR_RELEASE, "spin_unlock", "l", 62);
	uint32_t end = b_nop(&b);
	ir_add_edge(b.fn, again, acq, IR_EDGE_TRUE);
	ir_add_edge(b.fn, again, end, IR_EDGE_FALSE);
	b.last = end;
	b_ret(&b, 63);
	expect_one(&b, "contract", 2, false, "MMIO001", 61);
}

/*
 * Ten tests of ten flags, each with a write outside any lock on one arm,
 * and then each flag tested again around a section: the flags stay live,
 * so the paths used to meet as 2^10 fact sets (a bound of 8 states per
 * node was hit).  At each join the two states that differ only in one
 * flag's value are one state that does not know it, and the second test
 * splits it again: nothing is lost, the section's MMIO001 is found, and
 * the bound is not hit.
 */
static void test_split_facts(void)
{
	struct builder b;

	b_start(&b, "split_facts");
	for (int i = 0; i < 10; i++)
		b_optional(&b, i, ARM_UNLOCKED_WRITE);
	for (int i = 0; i < 10; i++)
		b_optional(&b, i, ARM_SECTION);
	b_event(&b, IR_ACQUIRE, "spin_lock", "l", 110);
	b_event(&b, IR_MMIO_WRITE, "writel_relaxed", "regs", 111);
	b_event(&b, IR_RELEASE, "spin_unlock", "l", 112);
	b_ret(&b, 113);
	expect_one(&b, "contract", 8, false, "MMIO001", 111);
}

/* Append `name := src` (an IR_ASSIGN copying one key into another). */
static void b_copy(struct builder *b, const char *name, const char *src)
{
	struct ir_node n = ir_node_make(IR_ASSIGN);

	n.cond = strpool_intern(b->u->strings, name);
	n.cond_src = strpool_intern(b->u->strings, src);
	n.truth = IR_TRUTH_COPY;
	uint32_t id = ir_add_node(b->fn, &n);
	ir_add_edge(b->fn, b->last, id, IR_EDGE_NEXT);
	b->last = id;
}

/* Append `if (key) { ARM }` for a lock event ARM on lock l (line). */
static void b_if_lock(struct builder *b, const char *key, enum ir_op op, const char *api, uint32_t line)
{
	uint32_t bi = b_branch(b, key);
	uint32_t t = b_event(b, op, api, "l", line);

	b_join(b, bi, t, t, IR_NONE, IR_NONE);
}

/*
 * `if (f) readl(); g = f; if (g) spin_lock(l); if (f) spin_unlock(l);`:
 * after the first test the two states differ only in f, but f's value is
 * copied into g before the next test of f, and a state that did not know
 * f would not know g either: the path "locked on g, not unlocked on f",
 * which no CPU takes, would be an MMIO007.  So f's two states stay apart.
 */
static void test_copied_fact_not_split(void)
{
	struct builder b;
	struct finding_vec out = { NULL, 0, 0 };
	struct engine_stats st;

	b_start(&b, "copied_fact");
	uint32_t bi = b_branch(&b, "f");
	uint32_t t = b_event(&b, IR_MMIO_READ, "readl", "regs", 10);
	b_join(&b, bi, t, t, IR_NONE, IR_NONE);
	b_copy(&b, "g", "f");
	b_if_lock(&b, "g", IR_ACQUIRE, "spin_lock", 20);
	b_if_lock(&b, "f", IR_RELEASE, "spin_unlock", 21);
	b_ret(&b, 22);
	run_bounded(&b, "contract", 0, &out, &st);
	CHECK(!st.truncated);
	for (size_t i = 0; i < out.n; i++)
		fprintf(stderr, "  copied_fact: unexpected %s:%u %s\n", out.v[i].rule, out.v[i].line, out.v[i].message);
	CHECK(out.n == 0);
	free_findings(&out);
	ir_unit_free(b.u);
}

/* An escape's writes, as the engine reported them: escapes counted, and
 * each write node once. */
struct escaped {
	uint32_t nodes[64];
	int n;
	int escapes;
	bool in_node_order;	/* every escape listed its writes by node number
				 * (the builder numbers them in path order) */
};

static void note_escape(void *ctx, const struct eng_escape *esc)
{
	struct escaped *e = ctx;

	e->escapes++;
	for (int i = 0; i < esc->nwrites; i++) {
		bool seen = false;
		if (i > 0 && esc->writes[i - 1].node > esc->writes[i].node)
			e->in_node_order = false;
		for (int k = 0; k < e->n; k++)
			seen |= e->nodes[k] == esc->writes[i].node;
		if (!seen && e->n < 64)
			e->nodes[e->n++] = esc->writes[i].node;
	}
}

/* Run b's function under the contract model with a bound of max_states
 * per node, noting every escape in *seen. */
static void run_escapes(struct builder *b, int max_states, struct escaped *seen, struct engine_stats *st)
{
	struct engine_config cfg = { 0 };
	struct strbuf err = STRBUF_INIT;
	struct eng_hooks hooks = { .ctx = seen, .on_escape = note_escape };

	memset(seen, 0, sizeof(*seen));
	seen->in_node_order = true;
	if (!b->fn->finalized)
		ir_fn_finalize(b->fn);
	CHECK(engine_config_models(&cfg, R, "contract", &err) == 0);
	cfg.max_states = max_states;
	engine_run(&cfg, b->u, b->fn, &hooks, st);
	strbuf_release(&err);
}

/* Did each of the n write nodes escape? */
static void expect_escaped(const struct escaped *seen, const uint32_t *writes, int n, const char *test)
{
	for (int i = 0; i < n; i++) {
		bool found = false;
		for (int k = 0; k < seen->n; k++)
			found |= seen->nodes[k] == writes[i];
		if (!found)
			fprintf(stderr, "  %s: write %d never escaped\n", test, i);
		CHECK(found);
	}
}

/*
 * Eight optional relaxed writes under one lock, on branches the analysis
 * cannot key: 2^8 write sets could reach the unlock.  States that differ
 * only in their writes are joined wherever they meet, so each join node
 * keeps one state, the bound (128) is never reached, and the unlock sees
 * one state: one escape, its eight writes in site order.
 */
static void test_writes_joined(void)
{
	struct builder b;
	struct escaped seen;
	struct engine_stats st;
	uint32_t writes[8];

	b_start(&b, "writes_joined");
	b_event(&b, IR_ACQUIRE, "spin_lock", "l", 10);
	for (int i = 0; i < 8; i++) {
		uint32_t bi = b_branch(&b, NULL);	/* no key: both arms */
		writes[i] = b_event(&b, IR_MMIO_WRITE, "writel_relaxed", "regs", 20 + (uint32_t)i);
		b_join(&b, bi, writes[i], writes[i], IR_NONE, IR_NONE);
	}
	b_event(&b, IR_RELEASE, "spin_unlock", "l", 30);
	b_ret(&b, 31);
	run_escapes(&b, 0, &seen, &st);
	CHECK(!st.truncated);
	expect_escaped(&seen, writes, 8, "writes_joined");
	CHECK(seen.escapes == 1);
	CHECK(seen.n == 8 && seen.in_node_order);
	ir_unit_free(b.u);
}

/*
 * `spin_lock(l); helper(); writel_relaxed(); spin_unlock(l);` with the
 * helper's relaxed write spliced in: the copy is numbered after all of
 * the function's own nodes, so node numbers put the helper's write last.
 * The escape lists the two in program order, and the finding names the
 * function's own write, the last one it makes.
 */
static void test_writes_in_program_order(void)
{
	struct builder b;
	struct escaped seen;
	struct engine_stats st;

	b_start(&b, "writes_in_program_order");
	b_event(&b, IR_ACQUIRE, "spin_lock", "l", 10);
	uint32_t call = b_event(&b, IR_CALL, NULL, NULL, 11);
	b.last = IR_NONE;
	uint32_t own = b_event(&b, IR_MMIO_WRITE, "writel_relaxed", "regs", 12);
	b_event(&b, IR_RELEASE, "spin_unlock", "l", 13);
	b_ret(&b, 14);
	b.last = IR_NONE;
	uint32_t spliced = b_event(&b, IR_MMIO_WRITE, "writel_relaxed", "regs", 30);
	b.fn->nodes.v[spliced].call_site = call;
	ir_add_edge(b.fn, call, spliced, IR_EDGE_NEXT);
	ir_add_edge(b.fn, spliced, own, IR_EDGE_NEXT);
	CHECK(own < spliced);
	run_escapes(&b, 0, &seen, &st);
	CHECK(seen.escapes == 1 && seen.n == 2);
	CHECK(seen.nodes[0] == spliced && seen.nodes[1] == own);
	expect_one(&b, "contract", 0, false, "MMIO001", 12);
}

/*
 * Forty relaxed writes to one device under one lock, more than a path
 * keeps (ENG_MAX_WRITES): at 32 the writes that share every bit with a
 * later one fold into it, so nothing is dropped and the bound is not
 * reported; the unlock still names the last write.  (Before, the oldest
 * write was dropped and the function marked truncated.)
 */
static void test_overflow_folds(void)
{
	struct builder b;

	b_start(&b, "overflow_folds");
	b_event(&b, IR_ACQUIRE, "spin_lock", "l", 10);
	for (uint32_t i = 0; i < 40; i++)
		b_event(&b, IR_MMIO_WRITE, "writel_relaxed", "regs", 100 + i);
	b_event(&b, IR_RELEASE, "spin_unlock", "l", 200);
	b_ret(&b, 201);
	expect_one(&b, "contract", 0, false, "MMIO001", 139);
}

/*
 * The same eight writes on keyed branches, each key tested again after
 * the unlock (an empty section on its TRUE arm): the paths differ in
 * facts as well as writes, 2^8 of them,
 * and a bound of 4 states per node is hit.  The join at the bound keeps
 * every write pending on either path, so each of the eight still escapes
 * at the unlock.  (The join used to keep only the writes pending on both
 * paths: most were never judged.)
 */
static void test_bound_keeps_writes(void)
{
	struct builder b;
	struct escaped seen;
	struct engine_stats st;
	uint32_t writes[8];
	char key[16];

	b_start(&b, "bound_keeps_writes");
	b_event(&b, IR_ACQUIRE, "spin_lock", "l", 10);
	for (int i = 0; i < 8; i++) {
		snprintf(key, sizeof(key), "f%d", i);
		uint32_t bi = b_branch(&b, key);
		writes[i] = b_event(&b, IR_MMIO_WRITE, "writel_relaxed", "regs", 20 + (uint32_t)i);
		b_join(&b, bi, writes[i], writes[i], IR_NONE, IR_NONE);
	}
	b_event(&b, IR_RELEASE, "spin_unlock", "l", 30);
	for (int i = 0; i < 8; i++)	/* the keys stay live past the unlock */
		b_optional(&b, i, ARM_SECTION);
	b_ret(&b, 31);
	run_escapes(&b, 4, &seen, &st);
	CHECK(st.truncated);
	expect_escaped(&seen, writes, 8, "bound_keeps_writes");
	CHECK(seen.in_node_order);
	ir_unit_free(b.u);
}

/*
 * Two arms under one lock, each writing twenty registers (d0..d19) at
 * sites of its own: forty writes, more than a state keeps.  Each write
 * of one arm shares its fate with the other arm's write of the same
 * register, so the paths join where the arms meet: one state per node,
 * even with a bound of one, and the unlock still sees a write of every
 * register.  (Before, the join was refused and the bound was hit:
 * igb_msg_task()'s VF loop in Linux 6.1.)
 */
static void test_overflow_join_shares_fates(void)
{
	struct builder b;
	struct escaped seen;
	struct engine_stats st;
	uint32_t t[20], f[20];
	char dev[16];

	b_start(&b, "overflow_join");
	b_event(&b, IR_ACQUIRE, "spin_lock", "l", 10);
	uint32_t bi = b_branch(&b, NULL);
	for (int arm = 0; arm < 2; arm++) {
		b.last = IR_NONE;
		for (int i = 0; i < 20; i++) {
			snprintf(dev, sizeof(dev), "d%d", i);
			uint32_t w = b_event(&b, IR_MMIO_WRITE, "writel_relaxed", dev, (uint32_t)(100 * (arm + 1) + i));
			(arm ? f : t)[i] = w;
		}
	}
	b_join(&b, bi, t[0], t[19], f[0], f[19]);
	b_event(&b, IR_RELEASE, "spin_unlock", "l", 300);
	b_ret(&b, 301);
	run_escapes(&b, 1, &seen, &st);
	CHECK(!st.truncated);
	CHECK(seen.escapes >= 1 && seen.n >= 20);
	for (int i = 0; i < 20; i++) {
		bool found = false;
		for (int k = 0; k < seen.n; k++)
			found |= seen.nodes[k] == t[i] || seen.nodes[k] == f[i];
		CHECK(found);
	}
	ir_unit_free(b.u);
}

/*
 * Under powerpc64, `spin_lock(l); if (?) __raw_writel(); else writel();
 * spin_unlock(l);` with a bound of one state per node: the writel() path
 * set the pending flag and is ordered at the unlock, the __raw_writel()
 * path did not and escapes.  The two are not joined (their machines
 * differ): the writel() under the other path's flag escaped, a finding the
 * code does not have (sdhci.c, igb_main.c, jsm_tty.c in Linux 6.1).
 */
static void test_bound_keeps_machines(void)
{
	struct builder b;

	b_start(&b, "bound_keeps_machines");
	b_event(&b, IR_ACQUIRE, "spin_lock", "l", 10);
	uint32_t bi = b_branch(&b, NULL);	/* no key: both arms */
	uint32_t raw = b_event(&b, IR_MMIO_WRITE, "__raw_writel", "regs", 11);
	b.last = IR_NONE;
	uint32_t full = b_event(&b, IR_MMIO_WRITE, "writel", "regs", 12);
	b_join(&b, bi, raw, raw, full, full);
	b_event(&b, IR_RELEASE, "spin_unlock", "l", 13);
	b_ret(&b, 14);
	expect_one(&b, "powerpc64", 1, true, "MMIO001", 11);
}

int main(void)
{
	struct strbuf err = STRBUF_INIT;

	R = rules_load(MMIOCHECK_RULES_DIR, NULL, 0, &err);
	if (R)	/* the checks of check_list.h, as a session binds them */
		CHECK(checks_bind(R, &err) == 0);
	if (R)	/* every check, also those off by default (MMIO007) */
		CHECK(rules_set_checks(R, "all", &err) == 0);
	if (!R) {
		fprintf(stderr, "rules: %s\n", err.buf);
		return 1;
	}
	test_ppc_nested();
	test_relaxed_last();
	test_relaxed_then_full();
	test_mutex();
	test_mutex_readback();
	test_mmiowb();
	test_trylock();
	test_correlation();
	test_termination();
	test_dead_facts();
	test_dead_flag_writers();
	test_dead_registers();
	test_subsumed_facts();
	test_split_facts();
	test_copied_fact_not_split();
	test_writes_joined();
	test_writes_in_program_order();
	test_overflow_folds();
	test_bound_keeps_writes();
	test_overflow_join_shares_fates();
	test_bound_keeps_machines();
	rules_free(R);
	strbuf_release(&err);
	TEST_DONE();
}
