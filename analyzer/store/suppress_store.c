/*
 * suppress_store.c - writing the suppressions table (suppress_store.h).
 * The table is schema step 4, the suppressed_findings view step 5
 * (migrations.c).
 */
#include "suppress_store.h"
#include "store_int.h"

#include <assert.h>

/* The id of the first row of the finding of run_id at path with this
 * (defect or row) fingerprint, or -1. */
static long long finding_id(struct store *st, long long run_id, const char *path, const char *fp)
{
	sqlite3_stmt *stmt = NULL;
	long long id = -1;

	if (sqlite3_prepare_v2(st->db, "SELECT id FROM findings WHERE run_id = ?1 AND path = ?2"
			       " AND (fingerprint = ?3 OR defect = ?3) ORDER BY id LIMIT 1", -1, &stmt, NULL) == SQLITE_OK) {
		sqlite3_bind_int64(stmt, 1, run_id);
		sqlite3_bind_text(stmt, 2, path, -1, SQLITE_STATIC);
		sqlite3_bind_text(stmt, 3, fp, -1, SQLITE_STATIC);
		if (sqlite3_step(stmt) == SQLITE_ROW)
			id = sqlite3_column_int64(stmt, 0);
	}
	sqlite3_finalize(stmt);
	return id;
}

static void bind_opt_text(sqlite3_stmt *stmt, int idx, const char *s)
{
	if (s)
		sqlite3_bind_text(stmt, idx, s, -1, SQLITE_STATIC);
	else
		sqlite3_bind_null(stmt, idx);
}

/* Insert one row inside the caller's transaction. */
static int insert_row(struct store *st, sqlite3_stmt *stmt, long long run_id,
		      const struct store_suppression *r)
{
	long long fid = r->fingerprint && r->path ? finding_id(st, run_id, r->path, r->fingerprint) : -1;

	sqlite3_reset(stmt);
	sqlite3_clear_bindings(stmt);
	sqlite3_bind_int64(stmt, 1, run_id);
	if (fid >= 0)
		sqlite3_bind_int64(stmt, 2, fid);
	bind_opt_text(stmt, 3, r->status);
	bind_opt_text(stmt, 4, r->kind);
	bind_opt_text(stmt, 5, r->rule);
	bind_opt_text(stmt, 6, r->path);
	if (r->line)
		sqlite3_bind_int64(stmt, 7, r->line);
	bind_opt_text(stmt, 8, r->reason ? r->reason : "");
	bind_opt_text(stmt, 9, r->origin);
	return sqlite3_step(stmt) == SQLITE_DONE ? 0 : -1;
}

int store_add_suppressions(struct store *st, long long run_id, const struct store_suppression *rows,
			   size_t n, struct strbuf *err)
{
	struct strbuf sqlerr = STRBUF_INIT;
	sqlite3_stmt *stmt = NULL;
	int rc = -1;

	assert(st && (rows || !n));
	strbuf_init(&sqlerr);
	if (!n)
		return 0;
	if (store_exec(st, "BEGIN IMMEDIATE", &sqlerr) < 0)
		goto out;
	if (sqlite3_prepare_v2(st->db, "INSERT INTO suppressions(run_id, finding_id, status, kind, rule, path,"
			       " line, reason, origin) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
			       -1, &stmt, NULL) != SQLITE_OK)
		goto rollback;
	for (size_t i = 0; i < n; i++)
		if (insert_row(st, stmt, run_id, &rows[i]) < 0)
			goto rollback;
	sqlite3_finalize(stmt);
	stmt = NULL;
	if (store_exec(st, "COMMIT", &sqlerr) == 0) {
		rc = 0;
		goto out;
	}
rollback:
	strbuf_addf(&sqlerr, "%s", sqlite3_errmsg(st->db));
	sqlite3_finalize(stmt);
	store_exec(st, "ROLLBACK", &sqlerr);
out:
	if (rc < 0)
		strbuf_addf(err, "%s: cannot record the suppressions: %s", st->path, sqlerr.buf);
	strbuf_release(&sqlerr);
	return rc;
}
