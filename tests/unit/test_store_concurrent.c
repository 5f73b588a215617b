/*
 * test_store_concurrent.c - several processes (as under make -j) create and
 * append to one fresh database at the same time: nothing is lost, the
 * schema is created once, no process fails on a busy database.
 */
#include "store/store.h"
#include "testlib.h"

#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define NPROC 4
#define NUNITS 25

static struct mc_trace_step step = { "write", "x.c", 3, 1, "writel_relaxed()" };

/* One child: open (maybe creating), one run, NUNITS units of 2 findings. */
static int child(const char *db_path, int id)
{
	struct strbuf err = STRBUF_INIT;
	struct store *st = store_open(db_path, &err);
	struct mc_chain f[2];
	struct mc_finding defect = { 0 };
	struct mc_result r;

	if (!st) {
		fprintf(stderr, "child %d: %s\n", id, err.buf);
		return 1;
	}
	long long run = store_begin_run(st, "0.1.0", "contract", "test", "/", &err);
	if (run < 0) {
		fprintf(stderr, "child %d: %s\n", id, err.buf);
		return 1;
	}
	memset(f, 0, sizeof(f));
	for (int k = 0; k < 2; k++) {
		f[k].rule = "MMIO001";
		f[k].severity = "warning";
		f[k].model = k ? "generic" : "contract";
		f[k].file = "x.c";
		f[k].line = 3;
		f[k].message = "m";
		strcpy(f[k].fingerprint, "0000000000000001");
		f[k].trace = &step;
		f[k].ntrace = 1;
	}
	for (int u = 0; u < NUNITS; u++) {
		char *path = xasprintf("dir/unit%d_%d.c", id, u);
		memset(&r, 0, sizeof(r));
		r.path = path;
		r.parsed = true;
		defect.chains = f;	/* one defect, two models */
		defect.nchains = 2;
		r.nfindings = 1;
		r.findings = &defect;
		if (store_add_result(st, run, &r, &err) < 0) {
			fprintf(stderr, "child %d: %s\n", id, err.buf);
			free(path);
			return 1;
		}
		free(path);
	}
	if (store_finish_run(st, run, "ok", &err) < 0)
		return 1;
	store_close(st);
	strbuf_release(&err);
	return 0;
}

int main(void)
{
	char dir[] = "/tmp/mc-store-conc-XXXXXX";
	pid_t pids[NPROC];

	CHECK(mkdtemp(dir) != NULL);
	char *db_path = xasprintf("%s/shared.db", dir);
	for (int i = 0; i < NPROC; i++) {
		pids[i] = fork();
		CHECK(pids[i] >= 0);
		if (pids[i] == 0) {
			int rc = child(db_path, i);
			free(db_path);	/* the child's copy (valgrind checks each process) */
			_exit(rc);
		}
	}
	for (int i = 0; i < NPROC; i++) {
		int status = 0;
		CHECK(waitpid(pids[i], &status, 0) == pids[i]);
		CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	}
	struct strbuf err = STRBUF_INIT;
	struct store *st = store_open(db_path, &err);
	CHECK(st != NULL);
	if (st) {
		CHECK(store_count(st, "meta") == 2);
		CHECK(store_count(st, "runs") == NPROC);
		CHECK(store_count(st, "files") == NPROC * NUNITS);
		CHECK(store_count(st, "findings") == NPROC * NUNITS * 2);
		CHECK(store_count(st, "trace_steps") == NPROC * NUNITS * 2);
		store_close(st);
	}
	strbuf_release(&err);
	char *cmd = xasprintf("rm -rf '%s'", dir);
	if (!test_failures && system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", dir);
	free(cmd);
	free(db_path);
	TEST_DONE();
}
