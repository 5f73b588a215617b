/*
 * test_rules_load.c - the real rules/ directory loads and means what the
 * kernel means; broken files are refused with the right FILE:LINE; a user
 * file overrides an entry.
 */
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rules/rules.h"
#include "testlib.h"

static const struct lock_api *api(const struct rules *r, const char *name)
{
	struct rule_ref ref = rules_lookup(r, name);

	if (ref.kind != REF_LOCK) {
		fprintf(stderr, "%s: not a lock api\n", name);
		return NULL;
	}
	return &r->apis.v[ref.index];
}

static const struct accessor *acc(const struct rules *r, const char *name)
{
	struct rule_ref ref = rules_lookup(r, name);

	return ref.kind == REF_ACCESSOR ? &r->accessors.v[ref.index] : NULL;
}

static const char *kind_of(const struct rules *r, const struct lock_api *a)
{
	return a ? r->kinds.v[a->kind].name : NULL;
}

static void test_locks(const struct rules *r)
{
	const struct lock_api *a = api(r, "spin_lock_irqsave");

	CHECK(a && a->op == LOCK_ACQUIRE && a->irq == IRQ_SAVE && a->lock_arg == 0 && !a->shared);
	CHECK_STR(kind_of(r, a), "spinlock");
	a = api(r, "spin_unlock_irqrestore");
	CHECK(a && a->op == LOCK_RELEASE && a->irq == IRQ_SAVE);
	a = api(r, "spin_trylock");
	CHECK(a && a->op == LOCK_TRYLOCK && !a->success_zero);
	a = api(r, "down_trylock");
	CHECK(a && a->op == LOCK_TRYLOCK && a->success_zero);
	CHECK_STR(kind_of(r, a), "semaphore");
	a = api(r, "read_lock");
	CHECK(a && a->shared && a->op == LOCK_ACQUIRE);
	CHECK_STR(kind_of(r, a), "rwlock");
	a = api(r, "_raw_spin_lock_irqsave");
	CHECK(a && a->irq == IRQ_SAVE);
	CHECK_STR(kind_of(r, a), "raw_spinlock");
	a = api(r, "mutex_lock_interruptible");
	CHECK(a && a->op == LOCK_TRYLOCK && a->success_zero);
	a = api(r, "atomic_dec_and_lock");
	CHECK(a && a->op == LOCK_TRYLOCK && a->lock_arg == 1 && !a->success_zero);
	a = api(r, "bit_spin_unlock");
	CHECK(a && a->lock_arg == 1 && a->op == LOCK_RELEASE);
	CHECK(rules_lookup(r, "spinlock_check").kind == REF_LOCK_WRAPPER);
	CHECK(rules_lookup(r, "no_such_function").kind == REF_NONE);
	CHECK(rules_kind_hooked(r, rules_find_kind(r, "spinlock"), false));
	CHECK(!rules_kind_hooked(r, rules_find_kind(r, "spinlock"), true));
	CHECK(rules_kind_hooked(r, rules_find_kind(r, "raw_spinlock"), true));
	CHECK(!rules_kind_hooked(r, rules_find_kind(r, "mutex"), false));
	CHECK_STR(irq_mode_name(IRQ_SAVE), "irqsave");
	CHECK_STR(lock_op_name(LOCK_TRYLOCK), "trylock");
}

/* The cleanup.h guard classes and the function annotations. */
static void test_guards(const struct rules *r)
{
	int g = rules_find_guard(r, "spinlock_irqsave");

	CHECK(g >= 0);
	if (g >= 0) {
		CHECK_STR(r->apis.v[r->guards.v[g].acquire].name, "spin_lock_irqsave");
		CHECK_STR(r->apis.v[r->guards.v[g].release].name, "spin_unlock_irqrestore");
	}
	g = rules_find_guard(r, "mutex");
	CHECK(g >= 0 && !strcmp(r->apis.v[r->guards.v[g].release].name, "mutex_unlock"));
	g = rules_find_guard(r, "rwsem_read");
	CHECK(g >= 0 && r->apis.v[r->guards.v[g].acquire].shared);
	CHECK(rules_find_guard(r, "raw_spinlock_irq") >= 0 && rules_find_guard(r, "spinlock_bh") >= 0);
	CHECK(rules_find_guard(r, "write_lock_irqsave") >= 0 && rules_find_guard(r, "no_such_guard") < 0);
	CHECK(r->guards.n == 20);
	int a = rules_find_annotation(r, "__must_hold");
	CHECK(a >= 0 && r->annotations.v[a].kind == ANNOT_MUST_HOLD);
	a = rules_find_annotation(r, "__releases");
	CHECK(a >= 0 && r->annotations.v[a].kind == ANNOT_RELEASES);
	a = rules_find_annotation(r, "__devinit");
	CHECK(a >= 0 && r->annotations.v[a].kind == ANNOT_INIT);
}

static void test_accessors(const struct rules *r)
{
	const struct accessor *a = acc(r, "writel_relaxed");
	struct rule_ref ref;

	CHECK(a && a->dir == MMIO_WRITE && a->addr_arg == 1 && a->width == 32);
	CHECK(a && a->klass == rules_find_class(r, "relaxed"));
	a = acc(r, "memcpy_toio");
	CHECK(a && a->klass == rules_find_class(r, "raw") && a->addr_arg == 0 && a->width == 0);
	a = acc(r, "readl");
	CHECK(a && a->dir == MMIO_READ && a->addr_arg == 0);
	a = acc(r, "outb");
	CHECK(a && a->klass == rules_find_class(r, "port") && a->addr_arg == 1);
	a = acc(r, "writesl");
	CHECK(a && a->klass == rules_find_class(r, "string") && a->addr_arg == 0);
	ref = rules_lookup(r, "mmiowb");
	CHECK(ref.kind == REF_BARRIER && r->barriers.v[ref.index].is_mmiowb);
	ref = rules_lookup(r, "wmb");
	CHECK(ref.kind == REF_BARRIER && r->barriers.v[ref.index].orders_mmio &&
	      !r->barriers.v[ref.index].is_mmiowb);
	ref = rules_lookup(r, "smp_wmb");
	CHECK(ref.kind == REF_BARRIER && !r->barriers.v[ref.index].orders_mmio);
	/* the checks' entries as written; test_checks_registry binds them */
	const struct check_entry *ppc = NULL;
	for (size_t i = 0; i < r->check_entries.n; i++)
		if (!strcmp(r->check_entries.v[i].id, "MMIO002"))
			ppc = &r->check_entries.v[i];
	CHECK(ppc && ppc->name && !strcmp(ppc->name, "ppc-flag-reset") && ppc->settings.n == 1 &&
	      !strcmp(ppc->settings.v[0].key, "reference_model") && ppc->settings.v[0].text &&
	      !strcmp(ppc->settings.v[0].text, "generic"));
}

static void test_models(const struct rules *r)
{
	int g = rules_find_model(r, "generic"), p = rules_find_model(r, "ppc64-legacy");
	int c = rules_find_model(r, "contract");
	int full = rules_find_class(r, "full"), relaxed = rules_find_class(r, "relaxed");

	CHECK(g >= 0 && p >= 0 && c >= 0 && full >= 0 && relaxed >= 0);
	if (g < 0 || p < 0 || c < 0 || full < 0 || relaxed < 0)
		return;
	const struct model *m = &r->models.v[g];
	CHECK(m->nregs == 2 && m->flag_reg == 1);
	CHECK(m->on_acquire.n == 1 && m->on_acquire.ops[0].kind == MOP_ADD && m->on_acquire.ops[0].value == 1);
	CHECK(m->on_release.n == 2);
	const struct model_op *op = &m->on_release.ops[0];
	CHECK(op->kind == MOP_IF && op->cmp_ne && op->value == 0 && op->reg2 == -1 && op->reg == 1);
	CHECK(op->then.n == 2 && op->then.ops[0].kind == MOP_BARRIER && op->then.ops[1].kind == MOP_SET);
	CHECK(m->on_release.ops[1].kind == MOP_ADD && m->on_release.ops[1].value == -1);
	op = &m->on_write[full].ops[0];
	CHECK(m->on_write[full].n == 1 && op->kind == MOP_IF && op->then.n == 1);
	CHECK(op->then.ops[0].kind == MOP_SET && op->then.ops[0].reg == 1 && op->then.ops[0].reg2 == 0);
	CHECK(m->on_write[relaxed].n == 0);
	CHECK(m->on_read[full].n == 1 && m->on_read[full].ops[0].kind == MOP_FLUSH_DEVICE);

	m = &r->models.v[p];
	CHECK(m->nregs == 1 && !strcmp(m->regs[0], "io_sync") && m->flag_reg == 0);
	CHECK(m->on_trylock_attempt.n == 1 && m->on_trylock_attempt.ops[0].kind == MOP_SET &&
	      m->on_trylock_attempt.ops[0].value == 0);
	CHECK(m->on_write[relaxed].n == 1 && m->on_write[relaxed].ops[0].value == 1);

	m = &r->models.v[c];
	CHECK(m->nregs == 0 && m->flag_reg == -1);
	CHECK(m->on_release.n == 1 && m->on_release.ops[0].kind == MOP_ORDER_COVERED);
	CHECK(m->on_write[full].n == 1 && m->on_write[full].ops[0].kind == MOP_COVER_DEVICE);
}

static char tmpdir[64];

/* Write text to tmpdir/name; returns the path (caller frees). */
static char *write_file(const char *name, const char *text)
{
	char *path = xasprintf("%s/%s", tmpdir, name);
	FILE *f = fopen(path, "w");

	CHECK(f != NULL);
	if (f) {
		fputs(text, f);
		fclose(f);
	}
	return path;
}

/*
 * Load the real rules plus one extra file and expect a refusal whose message
 * names the file and the line.
 */
static void expect_refused(const char *name, const char *text, int line, const char *words)
{
	char *path = write_file(name, text);
	char *want = xasprintf("%s:%d: ", path, line);
	const char *extra[] = { path };
	struct strbuf err = STRBUF_INIT;
	struct rules *r = rules_load(MMIOCHECK_RULES_DIR, extra, 1, &err);

	CHECK(r == NULL);
	if (!err.buf || !strstr(err.buf, want) || !strstr(err.buf, words)) {
		test_failures++;
		fprintf(stderr, "%s: expected \"%s...%s\", got \"%s\"\n", name, want, words,
			err.buf ? err.buf : "(none)");
	}
	test_checks++;
	rules_free(r);
	strbuf_release(&err);
	unlink(path);
	free(path);
	free(want);
}

#define HDR "{\n  \"mmiocheck_rules\": 1,\n"

static void test_broken(void)
{
	expect_refused("syntax.json", HDR "  \"lock_apis\": [\n    { \"name\": \"x\", }\n  ]\n}\n", 4, "");
	expect_refused("kind.json", HDR "  \"lock_apis\": [\n    { \"name\": \"a\", \"op\": \"acquire\", \"kind\": \"spinlock\" },\n"
		       "    { \"name\": \"my_lock\", \"op\": \"acquire\", \"kind\": \"spinlok\" }\n  ]\n}\n", 5, "spinlok");
	expect_refused("class.json", HDR "  \"accessors\": [\n\n    { \"name\": \"my_write\", \"dir\": \"write\", \"class\": \"fulll\" }\n  ]\n}\n",
		       5, "fulll");
	expect_refused("op.json", HDR "  \"models\": [ {\n    \"name\": \"m\", \"registers\": [\"pending\"],\n"
		       "    \"on_acquire\": [],\n    \"on_trylock_attempt\": [],\n    \"on_release\": [\"pending =+ 1\"],\n"
		       "    \"on_write\": {}, \"on_read\": {} } ]\n}\n", 7, "pending =+ 1");
	expect_refused("reg.json", HDR "  \"models\": [ {\n    \"name\": \"m\", \"registers\": [\"pending\"],\n"
		       "    \"on_acquire\": [],\n    \"on_trylock_attempt\": [\"nesting += 1\"],\n    \"on_release\": [],\n"
		       "    \"on_write\": {}, \"on_read\": {} } ]\n}\n", 6, "nesting += 1");
	expect_refused("noclass.json", HDR "  \"models\": [ {\n    \"name\": \"m\",\n"
		       "    \"on_acquire\": [], \"on_trylock_attempt\": [], \"on_release\": [],\n"
		       "    \"on_write\": { \"full\": [], \"relaxed\": [], \"raw\": [], \"string\": [], \"port\": [] },\n"
		       "    \"on_read\": { \"full\": [] } } ]\n}\n", 4, "no program for accessor class");
	expect_refused("nover.json", "{\n  \"barriers\": []\n}\n", 1, "mmiocheck_rules");
	expect_refused("toplevel.json", HDR "  \"lock_api\": []\n}\n", 3, "lock_api");
	expect_refused("field.json", HDR "  \"barriers\": [\n    { \"name\": \"my_fence\",\n      \"orders\": true }\n  ]\n}\n",
		       5, "orders");
	expect_refused("type.json", HDR "  \"lock_apis\": [\n    { \"name\": \"x_lock\", \"op\": \"acquire\", \"kind\": \"mutex\" },\n"
		       "    { \"name\": \"y_lock\", \"op\": \"acquire\", \"kind\": \"mutex\",\n      \"lock_arg\": \"1\" }\n  ]\n}\n",
		       6, "lock_arg");
	expect_refused("guardapi.json", HDR "  \"guards\": [\n    { \"name\": \"spinlock\", \"acquire\": \"spin_lock\",\n"
		       "      \"release\": \"spin_unlok\" }\n  ]\n}\n", 5, "unknown lock api 'spin_unlok'");
	expect_refused("guardop.json", HDR "  \"guards\": [\n\n    { \"name\": \"g\", \"acquire\": \"spin_unlock\", \"release\": \"spin_unlock\" }\n"
		       "  ]\n}\n", 5, "'spin_unlock' is not an api with op 'acquire'");
	expect_refused("guardkind.json", HDR "  \"guards\": [\n    { \"name\": \"g\", \"acquire\": \"spin_lock\", \"release\": \"mutex_unlock\" }\n"
		       "  ]\n}\n", 4, "different kinds");
	expect_refused("guardfield.json", HDR "  \"guards\": [\n    { \"name\": \"g\", \"acquire\": \"spin_lock\",\n"
		       "      \"release\": \"spin_unlock\", \"irq\": \"none\" }\n  ]\n}\n", 5, "unknown field 'irq'");
	expect_refused("annot.json", HDR "  \"annotations\": [\n    { \"name\": \"__x\",\n      \"kind\": \"holds\" }\n  ]\n}\n",
		       5, "holds");
	expect_refused("badop.json", HDR "  \"lock_apis\": [\n    { \"name\": \"x_lock\", \"op\": \"grab\", \"kind\": \"mutex\" }\n  ]\n}\n",
		       4, "grab");
}

/* A user file that redefines writel as relaxed (marked as an override),
 * adds a DPDK lock, wins. */
static void test_override(void)
{
	char *path = write_file("user.json", HDR
				"  \"lock_apis\": [ { \"name\": \"rte_spinlock_lock\", \"op\": \"acquire\", \"kind\": \"spinlock\" } ],\n"
				"  \"accessors\": [ { \"name\": \"writel\", \"dir\": \"write\", \"class\": \"relaxed\", \"width\": 32,\n"
				"    \"override\": true } ]\n}\n");
	const char *extra[] = { path };
	struct strbuf err = STRBUF_INIT;
	struct rules *r = rules_load(MMIOCHECK_RULES_DIR, extra, 1, &err);

	CHECK(r != NULL);
	if (r) {
		const struct accessor *a = acc(r, "writel");
		CHECK(a && a->klass == rules_find_class(r, "relaxed") && a->addr_arg == 1);
		CHECK(rules_lookup(r, "rte_spinlock_lock").kind == REF_LOCK);
		CHECK(acc(r, "writeb") && acc(r, "writeb")->klass == rules_find_class(r, "full"));
	} else {
		fprintf(stderr, "override: %s\n", err.buf);
	}
	rules_free(r);
	strbuf_release(&err);
	unlink(path);
	free(path);
}

/*
 * A rules directory whose user file sorts before accessors.json may still use
 * the classes and kinds defined there: sections load across all files.
 */
static void test_section_order(void)
{
	static const char *const real[] = { "accessors.json", "barriers.json", "checks.json", "locks.json",
					    "models.json" };
	char *dir = xasprintf("%s/order", tmpdir), *user;
	struct strbuf err = STRBUF_INIT;
	struct rules *r;

	CHECK(mkdir(dir, 0700) == 0);
	for (size_t i = 0; i < sizeof(real) / sizeof(real[0]); i++) {
		char *from = xasprintf("%s/%s", MMIOCHECK_RULES_DIR, real[i]);
		char *to = xasprintf("%s/%s", dir, real[i]);
		CHECK(symlink(from, to) == 0);
		free(from);
		free(to);
	}
	user = xasprintf("%s/00-dpdk.json", dir);
	FILE *f = fopen(user, "w");
	CHECK(f != NULL);
	if (f) {
		fputs(HDR "  \"lock_apis\": [ { \"name\": \"rte_spinlock_lock\", \"op\": \"acquire\", \"kind\": \"spinlock\" } ],\n"
		      "  \"accessors\": [ { \"name\": \"rte_write32\", \"dir\": \"write\", \"class\": \"full\", \"width\": 32 } ]\n}\n", f);
		fclose(f);
	}
	r = rules_load(dir, NULL, 0, &err);
	CHECK(r != NULL);
	if (r) {
		CHECK(acc(r, "rte_write32") && acc(r, "rte_write32")->klass == rules_find_class(r, "full"));
		CHECK(rules_lookup(r, "rte_spinlock_lock").kind == REF_LOCK);
	} else {
		fprintf(stderr, "section order: %s\n", err.buf);
	}
	rules_free(r);
	strbuf_release(&err);
	unlink(user);
	for (size_t i = 0; i < sizeof(real) / sizeof(real[0]); i++) {
		char *to = xasprintf("%s/%s", dir, real[i]);
		unlink(to);
		free(to);
	}
	rmdir(dir);
	free(user);
	free(dir);
}

int main(void)
{
	struct strbuf err = STRBUF_INIT;
	struct rules *r = rules_load(MMIOCHECK_RULES_DIR, NULL, 0, &err);

	CHECK(r != NULL);
	if (!r) {
		fprintf(stderr, "%s\n", err.buf);
		TEST_DONE();
	}
	test_locks(r);
	test_guards(r);
	test_accessors(r);
	test_models(r);
	rules_free(r);
	strbuf_release(&err);

	strcpy(tmpdir, "/tmp/mc-rules-XXXXXX");
	CHECK(mkdtemp(tmpdir) != NULL);
	test_broken();
	test_override();
	test_section_order();
	rmdir(tmpdir);
	TEST_DONE();
}
