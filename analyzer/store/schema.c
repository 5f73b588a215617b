/*
 * schema.c - opening the findings database and bringing its schema to the
 * current version through numbered migrations (docs/database.md).
 *
 * The schema is the ordered list of steps in migrations.c: step N turns a
 * version N-1 database into version N (version 0 = no tables).  Opening a
 * database applies every missing step in one transaction, so an older
 * database is upgraded completely or not at all.  A database that has
 * tables but no meta table is someone else's file, and one whose
 * schema_version is newer than the last step belongs to a newer mmiocheck:
 * both are refused before anything is written to them.
 *
 * Adding a step: see migrations.c; nothing here changes.
 */
#include "store_int.h"

#include <assert.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int store_schema_version(void)
{
	size_t n;
	const struct migration *steps = store_migrations(&n);

	return steps[n - 1].to;
}

/* Run one SQL text without results; -1 with the sqlite message in err. */
int store_exec(struct store *st, const char *sql, struct strbuf *err)
{
	char *msg = NULL;

	if (sqlite3_exec(st->db, sql, NULL, NULL, &msg) != SQLITE_OK) {
		strbuf_addf(err, "%s", msg ? msg : sqlite3_errmsg(st->db));
		sqlite3_free(msg);
		return -1;
	}
	return 0;
}

/* Prepare sql and step to its first row: the statement in *stmt (the
 * caller finalizes it, also on error) and whether a row came in *has_row.
 * 0, or -1 with the sqlite message in err. */
static int first_row(struct store *st, const char *sql, sqlite3_stmt **stmt, bool *has_row, struct strbuf *err)
{
	int rc = sqlite3_prepare_v2(st->db, sql, -1, stmt, NULL);

	if (rc == SQLITE_OK)
		rc = sqlite3_step(*stmt);
	*has_row = rc == SQLITE_ROW;
	if (rc == SQLITE_ROW || rc == SQLITE_DONE)
		return 0;
	strbuf_addf(err, "%s", sqlite3_errmsg(st->db));
	return -1;
}

/* Evaluate a query whose first column of the first row is an integer. */
static int query_int(struct store *st, const char *sql, long long *out, struct strbuf *err)
{
	sqlite3_stmt *stmt = NULL;
	bool has_row;
	int rc = first_row(st, sql, &stmt, &has_row, err);

	*out = has_row ? sqlite3_column_int64(stmt, 0) : 0;
	sqlite3_finalize(stmt);
	return rc;
}

/* Read meta.schema_version; -1 on error, *version = -1 if the row is absent. */
static int read_schema_version(struct store *st, long long *version, struct strbuf *err)
{
	sqlite3_stmt *stmt = NULL;
	bool has_row;
	int rc = first_row(st, "SELECT value FROM meta WHERE key = 'schema_version'", &stmt, &has_row, err);

	*version = -1;
	if (has_row) {
		const char *v = (const char *)sqlite3_column_text(stmt, 0);
		char *end = NULL;
		*version = v ? strtoll(v, &end, 10) : -1;
		if (!v || end == v || *end)
			*version = -2;	/* present but not a number */
	}
	sqlite3_finalize(stmt);
	return rc;
}

/*
 * Classify the database: returns 0 with *version = 0 (empty: create the
 * schema) or 1..latest (ours; older versions are upgraded), or -1 when it
 * is refused or unreadable (err set with the full reason).
 */
static int check_schema(struct store *st, long long *version, struct strbuf *err)
{
	long long ntables, has_meta;
	struct strbuf sqlerr = STRBUF_INIT;

	*version = 0;
	if (query_int(st, "SELECT COUNT(*) FROM sqlite_schema WHERE type = 'table'", &ntables, &sqlerr) < 0 ||
	    query_int(st, "SELECT COUNT(*) FROM sqlite_schema WHERE type = 'table' AND name = 'meta'",
		      &has_meta, &sqlerr) < 0) {
		strbuf_addf(err, "%s: cannot open database: %s", st->path, sqlerr.buf);
		strbuf_release(&sqlerr);
		return -1;
	}
	if (ntables == 0)
		return 0;
	if (!has_meta) {
		strbuf_addf(err, "%s: not a mmiocheck database (it has %lld table%s but no meta table); "
			    "refusing to modify it", st->path, ntables, ntables == 1 ? "" : "s");
		return -1;
	}
	if (read_schema_version(st, version, &sqlerr) < 0) {
		strbuf_addf(err, "%s: cannot read the schema version: %s", st->path, sqlerr.buf);
		strbuf_release(&sqlerr);
		return -1;
	}
	strbuf_release(&sqlerr);
	if (*version < 1) {
		strbuf_addf(err, "%s: not a mmiocheck database (meta has no valid schema_version); "
			    "refusing to modify it", st->path);
		return -1;
	}
	if (*version > store_schema_version()) {
		strbuf_addf(err, "%s: database has schema version %lld, newer than this mmiocheck (%s) "
			    "supports (%d); refusing to modify it (use a newer mmiocheck or another --db)",
			    st->path, *version, MMIOCHECK_VERSION, store_schema_version());
		return -1;
	}
	return 0;
}

/* check_schema for the other files of the store (store_int.h). */
int store_check_schema(struct store *st, long long *version, struct strbuf *err)
{
	return check_schema(st, version, err);
}

/* Record that the database is now at `version` (meta row and user_version). */
static int set_version(struct store *st, int version, struct strbuf *sqlerr)
{
	char *sql = xasprintf("INSERT OR REPLACE INTO meta(key, value) VALUES ('schema_version', '%d');"
			      " PRAGMA user_version = %d", version, version);
	int rc = store_exec(st, sql, sqlerr);

	free(sql);
	return rc;
}

/* Apply the steps after `from`, inside the caller's transaction. */
static int migrate(struct store *st, long long from, struct strbuf *err)
{
	struct strbuf sqlerr = STRBUF_INIT;
	size_t n;
	const struct migration *steps = store_migrations(&n);

	for (size_t i = (size_t)from; i < n; i++) {
		const struct migration *m = &steps[i];
		assert(m->to == (int)i + 1);
		for (size_t k = 0; k < m->nsql; k++)
			if (store_exec(st, m->sql[k], &sqlerr) < 0)
				goto fail;
		if (set_version(st, m->to, &sqlerr) < 0)
			goto fail;
		continue;
fail:
		if (from == 0)
			strbuf_addf(err, "%s: cannot create the schema: %s", st->path, sqlerr.buf);
		else
			strbuf_addf(err, "%s: cannot upgrade the database from schema version %lld to %d "
				    "(left unchanged): step %d: %s", st->path, from, store_schema_version(),
				    m->to, sqlerr.buf);
		strbuf_release(&sqlerr);
		return -1;
	}
	strbuf_release(&sqlerr);
	return 0;
}

/*
 * Create or upgrade the schema inside one BEGIN IMMEDIATE transaction, so
 * two processes of one build starting together do not both do it, and a
 * failed step leaves the database as it was.
 */
static int ensure_schema(struct store *st, struct strbuf *err)
{
	struct strbuf sqlerr = STRBUF_INIT;
	long long version;

	if (store_exec(st, "BEGIN IMMEDIATE", &sqlerr) < 0) {
		strbuf_addf(err, "%s: cannot lock the database to check its schema: %s", st->path, sqlerr.buf);
		strbuf_release(&sqlerr);
		return -1;
	}
	/* Again, under the write lock: another process may have won. */
	if (check_schema(st, &version, err) < 0 ||
	    (version < store_schema_version() && migrate(st, version, err) < 0)) {
		store_exec(st, "ROLLBACK", &sqlerr);
		strbuf_release(&sqlerr);
		return -1;
	}
	if (store_exec(st, "COMMIT", &sqlerr) < 0) {
		store_exec(st, "ROLLBACK", &sqlerr);
		strbuf_addf(err, "%s: cannot commit the schema: %s", st->path, sqlerr.buf);
		strbuf_release(&sqlerr);
		return -1;
	}
	strbuf_release(&sqlerr);
	return 0;
}

/*
 * Remove a database file that sqlite3_open created before it failed (an
 * unusable path must leave nothing behind).  Only an empty file is removed:
 * a non-empty one may hold what another process wrote meanwhile.
 */
static void remove_created(const char *path)
{
	struct stat sb;
	char *side;

	if (stat(path, &sb) < 0 || !S_ISREG(sb.st_mode) || sb.st_size != 0)
		return;
	side = xasprintf("%s-wal", path);
	bool wal_written = stat(side, &sb) == 0 && sb.st_size > 0;	/* WAL mode: commits live there first */
	free(side);
	if (wal_written)
		return;
	unlink(path);
	side = xasprintf("%s-wal", path);
	unlink(side);
	free(side);
	side = xasprintf("%s-shm", path);
	unlink(side);
	free(side);
	side = xasprintf("%s-journal", path);
	unlink(side);
	free(side);
}

int store_check_path(const char *path, bool may_create, struct strbuf *err)
{
	struct stat sb;

	if (stat(path, &sb) < 0) {
		if (errno == ENOENT && may_create)
			return 0;
		strbuf_addf(err, "%s: cannot open database: %s", path, strerror(errno));
		return -1;
	}
	if (S_ISDIR(sb.st_mode)) {
		strbuf_addf(err, "%s: cannot open database: is a directory", path);
		return -1;
	}
	if (!S_ISREG(sb.st_mode)) {
		strbuf_addf(err, "%s: cannot open database: %s, not a regular file", path,
			    file_type_name(sb.st_mode));
		return -1;
	}
	return 0;
}

int store_busy_timeout_ms(void)
{
	const char *env = getenv("MMIOCHECK_BUSY_TIMEOUT_MS");
	char *end = NULL;
	long v = env && *env ? strtol(env, &end, 10) : -1;

	return end && !*end && v >= 0 && v <= 600000 ? (int)v : STORE_BUSY_TIMEOUT_MS;
}

/* Open the sqlite handle; -1 with "PATH: cannot open database: reason". */
static int open_handle(struct store *st, struct strbuf *err)
{
	int rc;

	if (store_check_path(st->path, true, err) < 0)
		return -1;
	rc = sqlite3_open_v2(st->path, &st->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
	if (rc != SQLITE_OK) {
		int sys = st->db ? sqlite3_system_errno(st->db) : 0;
		strbuf_addf(err, "%s: cannot open database: %s", st->path,
			    sys ? strerror(sys) : st->db ? sqlite3_errmsg(st->db) : sqlite3_errstr(rc));
		return -1;
	}
	if (sqlite3_db_readonly(st->db, "main") == 1) {
		strbuf_addf(err, "%s: cannot open database: it is read-only", st->path);
		return -1;
	}
	sqlite3_extended_result_codes(st->db, 1);
	st->busy_ms = store_busy_timeout_ms();
	sqlite3_busy_timeout(st->db, st->busy_ms);
	return 0;
}

/*
 * Run "PRAGMA journal_mode = WAL" and return the mode it reports (caller
 * frees), or NULL with the sqlite result in *rc.
 */
static char *try_wal(struct store *st, int *rc)
{
	sqlite3_stmt *stmt = NULL;
	char *mode = NULL;

	*rc = sqlite3_prepare_v2(st->db, "PRAGMA journal_mode = WAL", -1, &stmt, NULL);
	if (*rc == SQLITE_OK) {
		*rc = sqlite3_step(stmt);
		if (*rc == SQLITE_ROW && sqlite3_column_text(stmt, 0))
			mode = xstrdup((const char *)sqlite3_column_text(stmt, 0));
	}
	sqlite3_finalize(stmt);
	return mode;
}

/*
 * Switch to WAL, retrying while another process holds the database: SQLite
 * does not call the busy handler on every path of a journal-mode change
 * (several processes of one build may create the database together).
 */
static int switch_to_wal(struct store *st, struct strbuf *err)
{
	int rc = SQLITE_OK;
	char *mode = NULL;

	for (int waited = 0; waited <= st->busy_ms; waited += 20) {
		mode = try_wal(st, &rc);
		if (mode || ((rc & 0xff) != SQLITE_BUSY && (rc & 0xff) != SQLITE_LOCKED))
			break;
		sqlite3_sleep(20);
	}
	if (mode && !strcmp(mode, "wal")) {
		free(mode);
		return 0;
	}
	strbuf_addf(err, "%s: cannot switch the database to WAL mode: %s", st->path,
		    mode ? mode : sqlite3_errmsg(st->db));
	free(mode);
	return -1;
}

/* Switch to WAL and turn on foreign keys; only on a database we accept. */
static int configure(struct store *st, struct strbuf *err)
{
	struct strbuf sqlerr = STRBUF_INIT;

	if (switch_to_wal(st, err) < 0)
		return -1;
	if (store_exec(st, "PRAGMA foreign_keys = ON", &sqlerr) < 0) {
		strbuf_addf(err, "%s: %s", st->path, sqlerr.buf);
		strbuf_release(&sqlerr);
		return -1;
	}
	strbuf_release(&sqlerr);
	return 0;
}

struct store *store_open(const char *path, struct strbuf *err)
{
	struct store *st = xcalloc(1, sizeof(*st));
	struct stat sb;
	long long version;
	bool existed;

	assert(path && err);
	st->path = xstrdup(path);
	existed = stat(path, &sb) == 0;
	if (open_handle(st, err) < 0) {
		sqlite3_close_v2(st->db);
		st->db = NULL;
		if (!existed)
			remove_created(path);
		goto fail;
	}
	/*
	 * Check before configuring: a refused database is left byte-for-byte.
	 * A failure from here on does not remove the file: another process
	 * of the same build may be using it already.
	 */
	if (check_schema(st, &version, err) < 0 || configure(st, err) < 0 || ensure_schema(st, err) < 0) {
		store_close(st);
		if (!existed)
			remove_created(path);	/* only while empty: never another's database */
		return NULL;
	}
	return st;
fail:
	store_close(st);
	return NULL;
}

void store_close(struct store *st)
{
	if (!st)
		return;
	for (int i = 0; i < STMT_COUNT; i++)
		sqlite3_finalize(st->stmts[i]);
	if (st->db)
		sqlite3_close_v2(st->db);
	free(st->path);
	free(st);
}
