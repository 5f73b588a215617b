/*
 * stress_writers.c - 16 processes write findings for different files into
 * one database at the same moment, three rounds in a row; nothing may be
 * lost or duplicated.
 *
 *	stress_writers DIR
 *
 * Each child opens the database itself (the first round also creates it),
 * starts a run, and stores UNITS units of FINDINGS findings with TRACE
 * trace steps each, one transaction per unit.  All children wait on one
 * pipe so they start together.  Afterwards the totals and every unit's own
 * counts are compared with what was written.  Exit 0 when all match.
 */
#include "store/store.h"
#include "../unit/testlib.h"

#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#define NPROC 16
#define ROUNDS 3
#define UNITS 40
#define FINDINGS 3
#define TRACE 2

static struct mc_trace_step steps[TRACE] = {
	{ "acquire", NULL, 2, 1, "spin_lock(&l)" },
	{ "write", NULL, 3, 1, "writel_relaxed()" },
};

/* Fill one unit's result for child id, unit u. */
static void make_unit(struct mc_result *r, struct mc_finding *defect, struct mc_chain *f, char *path, int u)
{
	memset(r, 0, sizeof(*r));
	memset(defect, 0, sizeof(*defect));
	memset(f, 0, sizeof(*f) * FINDINGS);
	for (int k = 0; k < FINDINGS; k++) {
		f[k].rule = "MMIO001";
		f[k].severity = "warning";
		f[k].model = k == 0 ? "contract" : k == 1 ? "generic" : "ppc64-legacy";
		f[k].file = path;
		f[k].line = 3 + u;
		f[k].message = "writel_relaxed() is not ordered";
		snprintf(f[k].fingerprint, sizeof(f[k].fingerprint), "%016x", u);
		f[k].trace = steps;
		f[k].ntrace = TRACE;
	}
	r->path = path;
	r->parsed = true;
	r->nfindings = 1;	/* one defect, a chain per model */
	r->findings = defect;
	defect->chains = f;
	defect->nchains = FINDINGS;
}

/* One child: wait for the start signal, then write a run of UNITS units. */
static int child(const char *db_path, int round, int id, int start_fd)
{
	struct strbuf err = STRBUF_INIT;
	struct mc_chain f[FINDINGS];
	struct mc_finding defect;
	struct mc_result r;
	char c;

	if (read(start_fd, &c, 1) < 0)
		return 3;
	struct store *st = store_open(db_path, &err);
	long long run = st ? store_begin_run(st, "0.1.0", "contract", "stress", "/", &err) : -1;
	for (int u = 0; run > 0 && u < UNITS; u++) {
		char *path = xasprintf("drivers/r%d/p%d/unit%d.c", round, id, u);
		make_unit(&r, &defect, f, path, u);
		int rc = store_add_result(st, run, &r, &err);
		free(path);
		if (rc < 0)
			run = -1;
	}
	if (run > 0 && store_finish_run(st, run, "ok", &err) < 0)
		run = -1;
	if (run < 0)
		fprintf(stderr, "round %d child %d: %s\n", round, id, err.buf);
	store_close(st);
	strbuf_release(&err);
	return run > 0 ? 0 : 1;
}

/* Start NPROC children together and wait for all; 0 if all succeeded. */
static int run_round(const char *db_path, int round)
{
	pid_t pids[NPROC];
	int fds[2], failed = 0;

	CHECK(pipe(fds) == 0);
	for (int i = 0; i < NPROC; i++) {
		pids[i] = fork();
		CHECK(pids[i] >= 0);
		if (pids[i] == 0) {
			close(fds[1]);
			_exit(child(db_path, round, i, fds[0]));
		}
	}
	close(fds[0]);
	close(fds[1]);	/* EOF: every child's read returns at once */
	for (int i = 0; i < NPROC; i++) {
		int status = 0;
		CHECK(waitpid(pids[i], &status, 0) == pids[i]);
		failed += !(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	}
	CHECK(failed == 0);
	return failed;
}

/* A single integer from SQL on a separate connection. */
static long long count(sqlite3 *db, const char *sql)
{
	sqlite3_stmt *stmt = NULL;
	long long n = -1;

	if (sqlite3_prepare_v2(db, sql, -1, &stmt, NULL) == SQLITE_OK && sqlite3_step(stmt) == SQLITE_ROW)
		n = sqlite3_column_int64(stmt, 0);
	sqlite3_finalize(stmt);
	return n;
}

/* Every total and every unit's own rows as written, after `rounds` rounds. */
static void check_totals(const char *db_path, int rounds)
{
	sqlite3 *db = NULL;
	long long units = (long long)rounds * NPROC * UNITS;

	CHECK(sqlite3_open_v2(db_path, &db, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK);
	CHECK(count(db, "SELECT COUNT(*) FROM runs WHERE status = 'ok'") == rounds * NPROC);
	CHECK(count(db, "SELECT COUNT(*) FROM runs") == rounds * NPROC);
	CHECK(count(db, "SELECT COUNT(*) FROM files") == units);
	CHECK(count(db, "SELECT COUNT(DISTINCT path) FROM files") == units);
	CHECK(count(db, "SELECT COUNT(*) FROM findings") == units * FINDINGS);
	CHECK(count(db, "SELECT COUNT(*) FROM trace_steps") == units * FINDINGS * TRACE);
	/* Each unit complete: FINDINGS findings, each with TRACE steps. */
	CHECK(count(db, "SELECT COUNT(*) FROM files fl WHERE (SELECT COUNT(*) FROM findings f"
		    " WHERE f.file_id = fl.id) != 3") == 0);
	CHECK(count(db, "SELECT COUNT(*) FROM findings f WHERE (SELECT COUNT(*) FROM trace_steps t"
		    " WHERE t.finding_id = f.id) != 2") == 0);
	/* Each run has exactly its own UNITS files. */
	CHECK(count(db, "SELECT COUNT(*) FROM runs r WHERE (SELECT COUNT(*) FROM files fl"
		    " WHERE fl.run_id = r.id) != 40") == 0);
	CHECK(count(db, "SELECT COUNT(*) FROM meta") == 2);
	sqlite3_close(db);
}

int main(int argc, char **argv)
{
	struct timeval t0, t1;

	if (argc != 2) {
		fprintf(stderr, "usage: stress_writers DIR\n");
		return 2;
	}
	char *db_path = xasprintf("%s/stress.db", argv[1]);
	char *side = xasprintf("rm -f '%s' '%s-wal' '%s-shm'", db_path, db_path, db_path);
	if (system(side) != 0)
		return 2;
	free(side);
	gettimeofday(&t0, NULL);
	for (int round = 0; round < ROUNDS; round++) {
		if (run_round(db_path, round) != 0)
			break;
		check_totals(db_path, round + 1);
	}
	gettimeofday(&t1, NULL);
	fprintf(stderr, "%d rounds x %d processes x %d units: %.2f s\n", ROUNDS, NPROC, UNITS,
		(double)(t1.tv_sec - t0.tv_sec) + (t1.tv_usec - t0.tv_usec) / 1e6);
	free(db_path);
	TEST_DONE();
}
