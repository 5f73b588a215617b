/*
 * test_store_basic.c - the findings database: schema creation, WAL, one
 * transaction per unit (including a unit whose insert fails midway),
 * replacing a re-stored unit, refusing foreign / future databases and
 * unwritable paths.
 */
#include "store/store.h"
#include "testlib.h"

#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char tmpdir[] = "/tmp/mc-store-XXXXXX";

static char *tmp_path(const char *name)
{
	return xasprintf("%s/%s", tmpdir, name);
}

static struct mc_trace_step steps[2][3] = {
	{
		{ "acquire", "a.c", 10, 2, "spin_lock(&p->lock) acquires 'p->lock'" },
		{ "write", "a.c", 11, 2, "writel_relaxed() to 'p->regs'" },
		{ "release", "a.c", 12, 2, "spin_unlock(&p->lock): the write is not ordered" },
	},
	{
		{ "acquire", "a.c", 20, 2, "spin_lock(&p->lock)" },
		{ "write", "a.c", 21, 2, "__raw_writel() to 'p->regs'" },
		{ "release", "a.c", 22, 2, "spin_unlock(&p->lock)" },
	},
};

static struct mc_chain findings[2];
static struct mc_finding defects[2];	/* one chain each */
static struct mc_function_info functions[2] = {
	{ "foo_doorbell", 9, 12, 20, false, false, false },
	{ "foo_raw", 19, 14, 30, true, false, false },
};

/* A hand-built unit: 2 functions, 2 findings with 3 trace steps each. */
static struct mc_result make_result(const char *path)
{
	struct mc_result r;

	memset(&r, 0, sizeof(r));
	memset(findings, 0, sizeof(findings));
	for (int i = 0; i < 2; i++) {
		struct mc_chain *f = &findings[i];
		f->rule = "MMIO001";
		f->rule_name = "unordered-release";
		f->severity = "warning";
		f->model = "contract";
		f->file = (char *)path;
		f->line = 11 + 10 * i;
		f->col = 2;
		f->function = i ? "foo_raw" : "foo_doorbell";
		f->lock_name = "p->lock";
		f->lock_kind = "spinlock";
		f->accessor = i ? "__raw_writel" : "writel_relaxed";
		f->message = "write may leave the critical section unordered";
		strcpy(f->fingerprint, i ? "00000000000000b2" : "00000000000000a1");
		f->trace = steps[i];
		f->ntrace = 3;
	}
	r.path = (char *)path;
	r.parsed = true;
	strcpy(r.content_hash, "0123456789abcdef");
	r.nfunctions = 2;
	r.functions = functions;
	memset(defects, 0, sizeof(defects));
	for (int i = 0; i < 2; i++) {
		defects[i].chains = &findings[i];
		defects[i].nchains = 1;
	}
	r.nfindings = 2;
	r.findings = defects;
	return r;
}

static void check_counts(struct store *st, long long files, long long fns, long long finds,
			 long long steps_n)
{
	CHECK(store_count(st, "files") == files);
	CHECK(store_count(st, "functions") == fns);
	CHECK(store_count(st, "findings") == finds);
	CHECK(store_count(st, "trace_steps") == steps_n);
}

/* One text value of a query on a separate connection (the test's own view). */
static char *query_text(const char *db_path, const char *sql)
{
	sqlite3 *db = NULL;
	sqlite3_stmt *stmt = NULL;
	char *out = NULL;

	if (sqlite3_open_v2(db_path, &db, SQLITE_OPEN_READWRITE, NULL) == SQLITE_OK &&
	    sqlite3_prepare_v2(db, sql, -1, &stmt, NULL) == SQLITE_OK && sqlite3_step(stmt) == SQLITE_ROW &&
	    sqlite3_column_text(stmt, 0))
		out = xstrdup((const char *)sqlite3_column_text(stmt, 0));
	sqlite3_finalize(stmt);
	sqlite3_close(db);
	return out;
}

static void test_create_and_add(const char *db_path)
{
	struct strbuf err = STRBUF_INIT;
	struct store *st = store_open(db_path, &err);
	struct mc_result r = make_result("a.c");
	char *v;

	CHECK(st != NULL);
	if (!st) {
		fprintf(stderr, "store_open: %s\n", err.buf);
		return;
	}
	v = query_text(db_path, "SELECT value FROM meta WHERE key = 'schema_version'");
	CHECK_STR(v, "9");
	free(v);
	v = query_text(db_path, "PRAGMA journal_mode");
	CHECK_STR(v, "wal");
	free(v);
	v = query_text(db_path, "PRAGMA user_version");
	CHECK_STR(v, "9");
	free(v);

	long long run = store_begin_run(st, "0.1.0", "contract", "mmiocheck a.c", "/tmp", &err);
	CHECK(run > 0);
	CHECK(store_count(st, "runs") == 1);
	CHECK(store_add_result(st, run, &r, &err) == 0);
	check_counts(st, 1, 2, 2, 6);

	/* Re-storing the unit in the same run replaces it. */
	CHECK(store_add_result(st, run, &r, &err) == 0);
	check_counts(st, 1, 2, 2, 6);
	v = query_text(db_path, "SELECT fn.name FROM findings f JOIN functions fn ON fn.id = f.function_id"
				" WHERE f.line = 21");
	CHECK_STR(v, "foo_raw");
	free(v);

	/* The 2nd finding violates NOT NULL: nothing of unit b.c is written. */
	struct mc_result bad = make_result("b.c");
	findings[1].rule = NULL;
	strbuf_reset(&err);
	CHECK(store_add_result(st, run, &bad, &err) == -1);
	CHECK(strstr(err.buf, "NOT NULL") != NULL);
	check_counts(st, 1, 2, 2, 6);
	/* Nor does a failed re-store of a.c lose the rows stored before. */
	bad.path = "a.c";
	CHECK(store_add_result(st, run, &bad, &err) == -1);
	check_counts(st, 1, 2, 2, 6);

	CHECK(store_finish_run(st, run, "ok", &err) == 0);
	v = query_text(db_path, "SELECT status || ' ' || (finished_at IS NOT NULL) FROM runs");
	CHECK_STR(v, "ok 1");
	free(v);
	CHECK(store_finish_run(st, run + 100, "ok", &err) == -1);

	/* A second run: latest_findings shows only its rows for a.c. */
	long long run2 = store_begin_run(st, "0.1.0", "contract", "mmiocheck a.c", "/tmp", &err);
	r = make_result("a.c");
	CHECK(run2 == run + 1);
	CHECK(store_add_result(st, run2, &r, &err) == 0);
	check_counts(st, 2, 4, 4, 12);
	CHECK(store_count(st, "latest_findings") == 2);
	v = query_text(db_path, "SELECT MIN(run_id) FROM latest_findings");
	CHECK(v && atoll(v) == run2);
	free(v);

	CHECK(store_count(st, "sqlite_schema") == -1);
	CHECK(store_count(st, "findings; DROP TABLE runs") == -1);
	store_close(st);
	strbuf_release(&err);
}

static char *slurp(const char *path, size_t *len)
{
	struct strbuf sb = STRBUF_INIT;

	if (strbuf_read_file(&sb, path) < 0)
		return NULL;
	*len = sb.len;
	return strbuf_detach(&sb);
}

/* store_open must refuse db_path with a message containing `want`, and
 * leave the file exactly as it was. */
static void check_refused(const char *db_path, const char *want)
{
	struct strbuf err = STRBUF_INIT;
	size_t before_len = 0, after_len = 0;
	char *before = slurp(db_path, &before_len);
	struct store *st = store_open(db_path, &err);
	char *after = slurp(db_path, &after_len);
	char *wal = xasprintf("%s-wal", db_path);

	CHECK(st == NULL);
	store_close(st);
	CHECK(strstr(err.buf, want) != NULL);
	CHECK(!strncmp(err.buf, db_path, strlen(db_path)));
	CHECK(before && after && before_len == after_len && !memcmp(before, after, before_len));
	CHECK(access(wal, F_OK) != 0);
	fprintf(stderr, "refused as expected: %s\n", err.buf);
	free(before);
	free(after);
	free(wal);
	strbuf_release(&err);
}

static void make_sqlite_file(const char *path, const char *sql)
{
	sqlite3 *db = NULL;

	CHECK(sqlite3_open(path, &db) == SQLITE_OK);
	CHECK(sqlite3_exec(db, sql, NULL, NULL, NULL) == SQLITE_OK);
	sqlite3_close(db);
}

static void test_refusals(const char *ours)
{
	char *foreign = tmp_path("foreign.db");
	char *text = tmp_path("notes.txt");
	FILE *f;

	make_sqlite_file(foreign, "CREATE TABLE t(x); INSERT INTO t VALUES (42);");
	check_refused(foreign, "not a mmiocheck database");

	make_sqlite_file(ours, "UPDATE meta SET value = '10' WHERE key = 'schema_version'");
	check_refused(ours, "schema version 10, newer than");

	f = fopen(text, "w");
	CHECK(f != NULL);
	if (f) {
		fputs("This is not a database, it is a shopping list. Eggs, milk, registers.\n", f);
		fclose(f);
		check_refused(text, "cannot open database");
	}
	free(foreign);
	free(text);
}

static void test_unwritable(void)
{
	struct strbuf err = STRBUF_INIT;
	struct store *st = store_open("/nonexistent/dir/x.db", &err);
	struct stat sb;

	CHECK(st == NULL);
	CHECK(!strncmp(err.buf, "/nonexistent/dir/x.db: cannot open database: ",
		       strlen("/nonexistent/dir/x.db: cannot open database: ")));
	CHECK(stat("/nonexistent/dir/x.db", &sb) != 0);
	fprintf(stderr, "refused as expected: %s\n", err.buf);

	strbuf_reset(&err);
	st = store_open(tmpdir, &err);
	CHECK(st == NULL);
	CHECK(strstr(err.buf, "is a directory") != NULL);
	CHECK(stat(tmpdir, &sb) == 0 && S_ISDIR(sb.st_mode));
	strbuf_release(&err);
}

int main(void)
{
	CHECK(mkdtemp(tmpdir) != NULL);
	char *db_path = tmp_path("findings.db");

	test_create_and_add(db_path);
	test_refusals(db_path);
	test_unwritable();

	char *cmd = xasprintf("rm -rf '%s'", tmpdir);
	if (!test_failures && system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", tmpdir);
	free(cmd);
	free(db_path);
	TEST_DONE();
}
