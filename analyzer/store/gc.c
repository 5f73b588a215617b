/*
 * gc.c - pruning runs and vacuuming (gc.h).
 *
 * Deleting a runs row cascades (foreign keys are on for every connection
 * the store opens) to its files, and from them to functions, parse errors,
 * findings and trace steps; the child sides of those cascades are indexed,
 * so pruning is proportional to what is deleted.
 */
#include "gc.h"
#include "store_int.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The runs to delete: all but the `keep` newest, sparing recent unfinished
 * runs.  ?1 = keep, ?2 = grace in hours. */
#define DOOMED_RUNS \
	"SELECT id FROM runs WHERE id NOT IN (SELECT id FROM runs ORDER BY id DESC LIMIT ?1)" \
	" AND NOT (finished_at IS NULL AND started_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || ?2 || ' hours'))"

/* Size of the database file and its WAL, in bytes. */
static long long db_bytes(const char *path)
{
	struct stat sb;
	long long n = stat(path, &sb) == 0 ? (long long)sb.st_size : 0;
	char *wal = xasprintf("%s-wal", path);

	if (stat(wal, &sb) == 0)
		n += (long long)sb.st_size;
	free(wal);
	return n;
}

/* Run fixed SQL with ?1 = keep, ?2 = grace; returns its one integer or the
 * number of rows it changed (count_rows false), -1 on error. */
static long long run_bound(struct store *st, const char *sql, long long keep, bool count_rows,
			   struct strbuf *err)
{
	sqlite3_stmt *stmt = NULL;
	long long n = -1;
	int rc = sqlite3_prepare_v2(st->db, sql, -1, &stmt, NULL);

	if (rc == SQLITE_OK) {
		sqlite3_bind_int64(stmt, 1, keep);
		sqlite3_bind_int(stmt, 2, GC_UNFINISHED_GRACE_HOURS);
		rc = sqlite3_step(stmt);
		if (count_rows && rc == SQLITE_ROW)
			n = sqlite3_column_int64(stmt, 0);
		else if (!count_rows && rc == SQLITE_DONE)
			n = sqlite3_changes64(st->db);
	}
	if (n < 0)
		strbuf_addf(err, "%s", sqlite3_errmsg(st->db));
	sqlite3_finalize(stmt);
	return n;
}

/* Delete the doomed runs in one transaction, counting what goes. */
static int prune(struct store *st, long long keep, struct gc_stats *gs, struct strbuf *err)
{
	struct strbuf ignored = STRBUF_INIT;

	if (store_exec(st, "BEGIN IMMEDIATE", err) < 0)
		return -1;
	gs->files_deleted = run_bound(st, "SELECT COUNT(*) FROM files WHERE run_id IN (" DOOMED_RUNS ")",
				      keep, true, err);
	gs->findings_deleted = gs->files_deleted < 0 ? -1 :
		run_bound(st, "SELECT COUNT(*) FROM findings WHERE run_id IN (" DOOMED_RUNS ")", keep, true, err);
	gs->runs_deleted = gs->findings_deleted < 0 ? -1 :
		run_bound(st, "DELETE FROM runs WHERE id IN (" DOOMED_RUNS ")", keep, false, err);
	if (gs->runs_deleted < 0 || store_exec(st, "COMMIT", err) < 0) {
		store_exec(st, "ROLLBACK", &ignored);
		strbuf_release(&ignored);
		return -1;
	}
	strbuf_release(&ignored);
	return 0;
}

int store_gc(struct store *st, long long keep, bool vacuum, struct gc_stats *gs, struct strbuf *err)
{
	struct strbuf why = STRBUF_INIT;

	assert(st && gs && err);
	memset(gs, 0, sizeof(*gs));
	gs->bytes_before = db_bytes(st->path);
	if (keep >= 0 && prune(st, keep, gs, &why) < 0) {
		strbuf_addf(err, "%s: cannot prune runs (nothing deleted): %s", st->path, why.buf);
		goto fail;
	}
	if (vacuum && (store_exec(st, "VACUUM", &why) < 0 ||
		       store_exec(st, "PRAGMA wal_checkpoint(TRUNCATE)", &why) < 0)) {
		strbuf_addf(err, "%s: cannot vacuum: %s", st->path, why.buf);
		goto fail;
	}
	gs->bytes_after = db_bytes(st->path);
	strbuf_release(&why);
	return 0;
fail:
	memset(gs, 0, sizeof(*gs));
	strbuf_release(&why);
	return -1;
}
