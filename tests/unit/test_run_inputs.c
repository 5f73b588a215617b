/*
 * test_run_inputs.c - the Kbuild/incremental tables (store/
 * run_inputs.c): processes starting a build together get one named run;
 * a stored unit's inputs are found again by their key and only by it; a
 * stored unit reads back exactly as written.  Links mmiocheck_lib (for
 * mc_result_free).
 */
#include "store/run_inputs.h"
#include "testlib.h"

#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define NPROC 6

/* A child: open the (maybe fresh) database and ask for run "kbuild". */
static int child(const char *db)
{
	struct strbuf err = STRBUF_INIT;
	struct store *st = store_open(db, &err);
	long long id = st ? store_named_run(st, "kbuild", "0.1.0", "contract", "cc", "/", &err) : -1;

	if (id < 0)
		fprintf(stderr, "child: %s\n", err.buf);
	store_close(st);
	strbuf_release(&err);
	return id < 0;
}

static void test_named_run_race(const char *db)
{
	pid_t pids[NPROC];
	int ok = 0;

	for (int i = 0; i < NPROC; i++)
		if ((pids[i] = fork()) == 0)
			_exit(child(db));
	for (int i = 0; i < NPROC; i++) {
		int st;
		waitpid(pids[i], &st, 0);
		ok += WIFEXITED(st) && WEXITSTATUS(st) == 0;
	}
	CHECK(ok == NPROC);
	struct strbuf err = STRBUF_INIT;
	struct store *st = store_open(db, &err);
	CHECK(st && store_count(st, "runs") == 1);
	CHECK(st && store_named_run(st, "kbuild", "0.1.0", "x", "y", "/", &err) == 1);
	CHECK(st && store_named_run(st, "other", "0.1.0", "x", "y", "/", &err) == 2);
	store_close(st);
	strbuf_release(&err);
}

static void test_inputs_roundtrip(const char *db)
{
	struct strbuf err = STRBUF_INIT;
	struct store *st = store_open(db, &err);
	struct mc_trace_step steps[2] = { { "acquire", "a.c", 2, 3, "spin_lock(&l)" },
					  { "write", "a.c", 4, 5, "writel_relaxed(p)" } };
	struct mc_function_info fn = { "f", 1, 7, 9, false, false, false };
	struct mc_chain f;
	struct mc_finding defect = { 0 };
	struct mc_result r, *back = xcalloc(1, sizeof(*back));
	struct store_input in[2] = { { "/inc/a.h", "00000000000000aa" }, { "/inc/b.h", "00000000000000bb" } };
	struct store_unit_key key = { "/src/a.c", "a.c", "1111111111111111", "2222222222222222", "3333333333333333" };
	struct store_reusable re;

	memset(&f, 0, sizeof(f));
	f.rule = "MMIO001"; f.rule_name = "unordered-release"; f.severity = "warning"; f.model = "contract";
	f.file = "a.c"; f.line = 4; f.col = 5; f.function = "f"; f.lock_name = "l"; f.lock_kind = "spinlock";
	f.accessor = "writel_relaxed"; f.message = "m"; strcpy(f.fingerprint, "00000000000000ff");
	f.trace = steps; f.ntrace = 2;
	memset(&r, 0, sizeof(r));
	r.path = "a.c"; r.parsed = true; strcpy(r.content_hash, "1111111111111111");
	r.nfunctions = 1; r.functions = &fn; r.nfindings = 1; r.findings = &defect;
	defect.chains = &f; defect.nchains = 1;
	CHECK(store_add_result(st, 2, &r, &err) == 0);
	CHECK(store_record_inputs(st, 2, &key, in, 2, &err) == 0);

	CHECK(store_find_reusable(st, &key, &re, &err) == 1);
	CHECK(re.run_id == 2 && re.ninputs == 2);
	CHECK(re.ninputs == 2 && !strcmp(re.inputs[1].path, "/inc/b.h") && !strcmp(re.inputs[1].hash, "00000000000000bb"));
	CHECK(store_load_result(st, re.file_id, back, &err) == 0);
	CHECK_STR(back->path, "a.c");
	CHECK_STR(back->content_hash, "1111111111111111");
	CHECK(back->nfunctions == 1 && back->functions[0].states == 9);
	CHECK(back->nfindings == 1);
	if (back->nfindings == 1) {
		CHECK_STR(back->findings[0].function, "f");
		CHECK_STR(back->findings[0].fingerprint, "00000000000000ff");
		CHECK(back->findings[0].ntrace == 2 && back->findings[0].trace[1].line == 4);
		CHECK_STR(back->findings[0].trace[1].message, "writel_relaxed(p)");
	}
	mc_result_free(back);
	store_reusable_release(&re);

	/* Any part of the key differing: not found. */
	struct store_unit_key other = key;
	other.flags_hash = "9999999999999999";
	CHECK(store_find_reusable(st, &other, &re, &err) == 0);
	other = key;
	other.main_hash = "9999999999999999";
	CHECK(store_find_reusable(st, &other, &re, &err) == 0);
	other = key;
	other.shown = "b.c";
	CHECK(store_find_reusable(st, &other, &re, &err) == 0);
	/* Re-storing the unit drops its inputs with it (cascade). */
	CHECK(store_add_result(st, 2, &r, &err) == 0);
	CHECK(store_find_reusable(st, &key, &re, &err) == 0);
	/* A shared run's status only worsens. */
	CHECK(store_touch_run(st, 1, "errors", &err) == 0);
	CHECK(store_touch_run(st, 1, "ok", &err) == 0);
	store_close(st);
	strbuf_release(&err);
}

int main(void)
{
	char dir[] = "/tmp/mmiocheck-incr-XXXXXX";
	char *db;

	if (!mkdtemp(dir))
		return 1;
	db = xasprintf("%s/t.db", dir);
	test_named_run_race(db);
	test_inputs_roundtrip(db);
	char *cmd = xasprintf("sqlite3 %s \"SELECT status FROM runs WHERE id = 1\"", db);
	FILE *p = popen(cmd, "r");
	char buf[64] = "";
	if (p && fgets(buf, sizeof(buf), p))
		buf[strcspn(buf, "\n")] = '\0';
	if (p)
		pclose(p);
	CHECK_STR(buf, "errors");
	char *rm = xasprintf("rm -rf %s", dir);
	if (system(rm) != 0)
		fprintf(stderr, "could not remove %s\n", dir);
	free(rm);
	free(cmd);
	free(db);
	TEST_DONE();
}
