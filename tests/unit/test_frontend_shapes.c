/*
 * test_frontend_shapes.c - the libclang frontend on small driver snippets:
 * macro-first matching, canonical lock names and type paths, devices,
 * trylock polarity, constant conditions, indirect calls, branch keys.
 */
#include "frontend/frontend.h"
#include "testlib.h"

#include <stdlib.h>
#include <unistd.h>

static struct rules *R;
static struct frontend *FE;
static char dir[] = "/tmp/mmiocheck-fe-XXXXXX";

static const char PRELUDE[] =
	"#include <linux/kernel.h>\n#include <linux/spinlock.h>\n#include <linux/mutex.h>\n#include <linux/io.h>\n#include <asm/barrier.h>\n"
	"struct sq { spinlock_t lock; };\n"
	"struct mlx4_ib_qp { struct sq sq; void __iomem *uar; };\n"
	"struct priv { void __iomem *regs; spinlock_t lock; struct mutex m; bool f;\n"
	"              void (*write32)(struct priv *, u32); };\n";

/* Parse PRELUDE + body; return the dump of every function. */
static char *lower(const char *body, struct ir_unit **unit)
{
	struct strbuf src = STRBUF_INIT, err = STRBUF_INIT, dump = STRBUF_INIT;
	char *path = xasprintf("%s/t.c", dir);
	char *inc = xasprintf("-I%s/include", TESTS_DIR);
	const char *args[] = { inc };
	FILE *f = fopen(path, "w");

	strbuf_adds(&src, PRELUDE);
	strbuf_adds(&src, body);
	fputs(src.buf, f);
	fclose(f);
	struct ir_unit *u = frontend_parse(FE, path, args, 1, &err);
	CHECK(u != NULL);
	if (u) {
		for (size_t i = 0; i < u->errors.n; i++)
			fprintf(stderr, "  clang: %u: %s\n", u->errors.v[i].line, u->errors.v[i].message);
		for (size_t i = 0; i < u->functions.n; i++)
			ir_dump_function(u, u->functions.v[i], &dump);
	}
	*unit = u;
	strbuf_release(&src);
	strbuf_release(&err);
	free(path);
	free(inc);
	return strbuf_detach(&dump);
}

static void expect_in(const char *dump, const char *what)
{
	bool ok = strstr(dump, what) != NULL;
	if (!ok)
		fprintf(stderr, "  missing \"%s\" in:\n%s", what, dump);
	CHECK(ok);
}

/* First event reached from `n` along NEXT edges (NOPs and key
 * assignments, which order nothing, are skipped). */
static const struct ir_node *skip_nops(const struct ir_function *fn, uint32_t n)
{
	for (int guard = 0; guard < 100; guard++) {
		const struct ir_node *node = &fn->nodes.v[n];
		uint32_t ns;
		const struct ir_edge *e = ir_succs(fn, n, &ns);
		if ((node->op != IR_NOP && node->op != IR_ASSIGN) || ns != 1)
			return node;
		n = e[0].to;
	}
	return NULL;
}

/* Where the TRUE and FALSE edges of the first TRYACQUIRE lead. */
static void trylock_targets(struct ir_unit *u, enum ir_op *on_true, enum ir_op *on_false)
{
	const struct ir_function *fn = u->functions.v[0];

	*on_true = *on_false = IR_NOP;
	for (uint32_t i = 0; i < fn->nodes.n; i++) {
		if (fn->nodes.v[i].op != IR_TRYACQUIRE)
			continue;
		uint32_t ns;
		const struct ir_edge *e = ir_succs(fn, i, &ns);
		for (uint32_t k = 0; k < ns; k++) {
			const struct ir_node *t = skip_nops(fn, e[k].to);
			if (e[k].kind == IR_EDGE_TRUE)
				*on_true = t ? t->op : IR_NOP;
			else
				*on_false = t ? t->op : IR_NOP;
		}
		return;
	}
}

static void test_names(void)
{
	struct ir_unit *u;
	char *d = lower("void a(struct mlx4_ib_qp *qp, struct priv *p) {\n"
			"  unsigned long flags;\n"
			"  spin_lock_irqsave(&qp->sq.lock, flags);\n"
			"  writel_relaxed(1, qp->uar + 0x40);\n"
			"  spin_unlock_irqrestore(&(qp)->sq.lock, flags);\n"
			"  spin_lock(&(*p).lock);\n"
			"  writel(2, &p->regs[4]);\n"
			"  mmiowb();\n"
			"  wmb();\n"
			"  spin_unlock(&p->lock);\n"
			"  p->write32(p, 3);\n"
			"}\n", &u);
	expect_in(d, "ACQUIRE @12:3 name=spin_lock_irqsave lock=qp->sq.lock type=struct mlx4_ib_qp::sq.lock");
	expect_in(d, "MMIO_WRITE @13:3 name=writel_relaxed device=qp->uar");
	expect_in(d, "RELEASE @14:3 name=spin_unlock_irqrestore lock=qp->sq.lock");
	expect_in(d, "ACQUIRE @15:3 name=spin_lock lock=p->lock type=struct priv::lock");
	expect_in(d, "MMIO_WRITE @16:3 name=writel device=p->regs");
	expect_in(d, "BARRIER @17:3 name=mmiowb");
	expect_in(d, "BARRIER @18:3 name=wmb");
	expect_in(d, "CALL @20:3 callee=struct priv::write32 indirect args=(p, 3)");
	CHECK(!strstr(d, "BRANCH"));	/* do { } while (0) macros make no branch */
	free(d);
	ir_unit_free(u);
}

static void test_trylock_polarity(void)
{
	struct ir_unit *u;
	enum ir_op t, f;
	char *d = lower("int b(struct priv *p) {\n"
			"  if (!spin_trylock(&p->lock))\n    return -EBUSY;\n"
			"  writel(1, p->regs);\n  spin_unlock(&p->lock);\n  return 0;\n}\n", &u);
	trylock_targets(u, &t, &f);
	CHECK(t == IR_MMIO_WRITE && f == IR_RETURN);
	free(d);
	ir_unit_free(u);

	d = lower("int c(struct priv *p) {\n"
		  "  if (mutex_lock_interruptible(&p->m))\n    return -EINTR;\n"
		  "  writel(1, p->regs);\n  mutex_unlock(&p->m);\n  return 0;\n}\n", &u);
	trylock_targets(u, &t, &f);
	CHECK(t == IR_MMIO_WRITE && f == IR_RETURN);	/* 0 means acquired */
	free(d);
	ir_unit_free(u);
}

static void test_keys(void)
{
	struct ir_unit *u;
	char *d = lower("void e(struct priv *p, bool f) {\n"
			"  if (f)\n    spin_lock(&p->lock);\n  writel_relaxed(1, p->regs);\n"
			"  if (f)\n    spin_unlock(&p->lock);\n}\n"
			"void g(struct priv *p, bool f) {\n"
			"  if (f)\n    spin_lock(&p->lock);\n  f = !f;\n"
			"  if (f)\n    spin_unlock(&p->lock);\n}\n"
			"void h(struct priv *p) {\n"
			"  int locked = spin_trylock(&p->lock);\n  if (locked)\n    spin_unlock(&p->lock);\n}\n", &u);
	const char *g = strstr(d, "function g");
	const char *h = strstr(d, "function h");
	CHECK(g && h);
	if (g && h) {
		const char *e_key = strstr(d, "cond=f");
		CHECK(e_key && e_key < g);		/* e: both tests carry the key */
		/* g: f = !f between the tests forgets f (a parameter stored
		 * once has two values: no key within an expression) */
		const char *forget = strstr(g, "ASSIGN");
		CHECK(forget && forget < h && strstr(forget, "cond=f truth=?") == strchr(forget, 'c'));
		expect_in(h, "TRYACQUIRE");
		expect_in(h, "cond=locked");
	}
	free(d);
	ir_unit_free(u);
}

static void test_control_flow(void)
{
	struct ir_unit *u;
	char *d = lower("int k(struct priv *p, int n) {\n"
			"  int i, ret = 0;\n"
			"  spin_lock(&p->lock);\n"
			"  for (;;) {\n    if (n-- == 0)\n      break;\n    writel(n, p->regs);\n  }\n"
			"  switch (n) {\n  case 1:\n    writel_relaxed(1, p->regs);\n"
			"  case 2:\n    ret = ({ int __v = readl(p->regs); __v; });\n    break;\n"
			"  default:\n    goto out_unlock;\n  }\n"
			"  for (i = 0; i < 4; i++)\n    writel(i, p->regs);\n"
			"out_unlock:\n  spin_unlock(&p->lock);\n  return ret ? ret : n;\n}\n"
			"int bad(void) { return missing_name + ; }\n", &u);
	CHECK(u->errors.n >= 1);		/* the broken function is reported ... */
	CHECK(u->functions.n >= 1);		/* ... and the good one still lowered */
	expect_in(d, "MMIO_READ @22:");
	expect_in(d, "RELEASE @30:3 name=spin_unlock lock=p->lock");
	free(d);
	ir_unit_free(u);
}

int main(void)
{
	struct strbuf err = STRBUF_INIT;

	R = rules_load(MMIOCHECK_RULES_DIR, NULL, 0, &err);
	if (!R || !mkdtemp(dir)) {
		fprintf(stderr, "setup: %s\n", err.buf);
		return 1;
	}
	FE = frontend_new(R);
	test_names();
	test_trylock_polarity();
	test_keys();
	test_control_flow();
	frontend_free(FE);
	rules_free(R);
	strbuf_release(&err);
	char *cmd = xasprintf("rm -rf %s", dir);
	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", dir);
	free(cmd);
	TEST_DONE();
}
