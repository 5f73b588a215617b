/*
 * summaries.c - storing and finding function summaries (summaries.h).
 * The tables are schema step 3 (migrations.c).
 */
#include "store_int.h"
#include "summaries.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

static int step_done(struct store *st, sqlite3_stmt *stmt, struct strbuf *err)
{
	int rc = sqlite3_step(stmt);

	sqlite3_finalize(stmt);
	if (rc == SQLITE_DONE)
		return 0;
	strbuf_addf(err, "%s", sqlite3_errmsg(st->db));
	return -1;
}

static int insert_defined(struct store *st, long long run_id, long long file_id,
			  const struct store_summary *s, struct strbuf *err)
{
	sqlite3_stmt *stmt;

	if (sqlite3_prepare_v2(st->db, "INSERT INTO summaries(run_id, file_id, key, name, hash, capped, body, deps) "
			       "VALUES (?, ?, ?, ?, ?, ?, ?, ?)", -1, &stmt, NULL) != SQLITE_OK) {
		strbuf_addf(err, "%s", sqlite3_errmsg(st->db));
		return -1;
	}
	sqlite3_bind_int64(stmt, 1, run_id);
	sqlite3_bind_int64(stmt, 2, file_id);
	sqlite3_bind_text(stmt, 3, s->key, -1, SQLITE_STATIC);
	sqlite3_bind_text(stmt, 4, s->name, -1, SQLITE_STATIC);
	sqlite3_bind_text(stmt, 5, s->hash, -1, SQLITE_STATIC);
	sqlite3_bind_int(stmt, 6, s->capped);
	sqlite3_bind_text(stmt, 7, s->body ? s->body : "", -1, SQLITE_STATIC);
	if (s->deps)
		sqlite3_bind_text(stmt, 8, s->deps, -1, SQLITE_STATIC);
	else
		sqlite3_bind_null(stmt, 8);
	return step_done(st, stmt, err);
}

static int insert_used(struct store *st, long long file_id, const struct store_summary *s,
		       struct strbuf *err)
{
	sqlite3_stmt *stmt;

	if (sqlite3_prepare_v2(st->db, "INSERT INTO summary_uses(file_id, key, hash, name) VALUES (?, ?, ?, ?)",
			       -1, &stmt, NULL) != SQLITE_OK) {
		strbuf_addf(err, "%s", sqlite3_errmsg(st->db));
		return -1;
	}
	sqlite3_bind_int64(stmt, 1, file_id);
	sqlite3_bind_text(stmt, 2, s->key, -1, SQLITE_STATIC);
	sqlite3_bind_text(stmt, 3, s->hash, -1, SQLITE_STATIC);
	sqlite3_bind_text(stmt, 4, s->name ? s->name : "", -1, SQLITE_STATIC);
	return step_done(st, stmt, err);
}

/* Id of the file row just stored for (run_id, path). */
static long long file_row(struct store *st, long long run_id, const char *path)
{
	sqlite3_stmt *stmt;
	long long id = -1;

	if (sqlite3_prepare_v2(st->db, "SELECT id FROM files WHERE run_id = ? AND path = ?", -1, &stmt,
			       NULL) != SQLITE_OK)
		return -1;
	sqlite3_bind_int64(stmt, 1, run_id);
	sqlite3_bind_text(stmt, 2, path, -1, SQLITE_STATIC);
	if (sqlite3_step(stmt) == SQLITE_ROW)
		id = sqlite3_column_int64(stmt, 0);
	sqlite3_finalize(stmt);
	return id;
}

/* Copy the summaries and summary uses of file row `from` to file row `to`
 * (inside the caller's transaction). */
static int copy_summaries(struct store *st, long long run_id, long long from, long long to, struct strbuf *err)
{
	static const char *const sql[] = {
		"INSERT INTO summaries(run_id, file_id, key, name, hash, capped, body, deps)"
		" SELECT ?1, ?3, key, name, hash, capped, body, deps FROM summaries WHERE file_id = ?2 ORDER BY id",
		"INSERT INTO summary_uses(file_id, key, hash, name)"
		" SELECT ?3, key, hash, name FROM summary_uses WHERE file_id = ?2",
	};

	for (size_t i = 0; i < sizeof(sql) / sizeof(sql[0]); i++) {
		sqlite3_stmt *stmt;
		if (sqlite3_prepare_v2(st->db, sql[i], -1, &stmt, NULL) != SQLITE_OK) {
			strbuf_addf(err, "%s", sqlite3_errmsg(st->db));
			return -1;
		}
		sqlite3_bind_int64(stmt, 1, run_id);
		sqlite3_bind_int64(stmt, 2, from);
		sqlite3_bind_int64(stmt, 3, to);
		if (step_done(st, stmt, err) < 0)
			return -1;
	}
	return 0;
}

/*
 * One unit in one transaction: its rows, then either the given summaries
 * (defined and used) or, when from_file_id >= 0, those of the stored file
 * row it is carried over from.
 */
static int add_unit(struct store *st, long long run_id, const struct mc_result *res,
		    const struct store_summary *defined, size_t ndefined,
		    const struct store_summary *used, size_t nused, long long from_file_id,
		    struct strbuf *err)
{
	struct strbuf sqlerr = STRBUF_INIT;

	strbuf_init(&sqlerr);
	if (store_exec(st, "BEGIN IMMEDIATE", &sqlerr) < 0)
		goto fail;
	if (store_insert_unit_rows(st, run_id, res, &sqlerr) < 0)
		goto rollback;
	long long file_id = file_row(st, run_id, res->path);
	if (file_id < 0) {
		strbuf_addf(&sqlerr, "the file row for %s is missing", res->path);
		goto rollback;
	}
	if (from_file_id >= 0 && copy_summaries(st, run_id, from_file_id, file_id, &sqlerr) < 0)
		goto rollback;
	for (size_t i = 0; i < ndefined; i++)
		if (insert_defined(st, run_id, file_id, &defined[i], &sqlerr) < 0)
			goto rollback;
	for (size_t i = 0; i < nused; i++)
		if (insert_used(st, file_id, &used[i], &sqlerr) < 0)
			goto rollback;
	if (store_exec(st, "COMMIT", &sqlerr) < 0)
		goto rollback;
	strbuf_release(&sqlerr);
	return 0;
rollback:;
	struct strbuf ignored = STRBUF_INIT;
	store_exec(st, "ROLLBACK", &ignored);
	strbuf_release(&ignored);
fail:
	strbuf_addf(err, "%s: %s", st->path, sqlerr.buf);
	strbuf_release(&sqlerr);
	return -1;
}

int store_add_unit(struct store *st, long long run_id, const struct mc_result *res,
		   const struct store_summary *defined, size_t ndefined,
		   const struct store_summary *used, size_t nused, struct strbuf *err)
{
	return add_unit(st, run_id, res, defined, ndefined, used, nused, -1, err);
}

int store_add_unit_from(struct store *st, long long run_id, const struct mc_result *res,
			long long from_file_id, struct strbuf *err)
{
	return add_unit(st, run_id, res, NULL, 0, NULL, 0, from_file_id, err);
}

/* The latest body stored under exactly `key`, or NULL. */
static char *find_by_key(struct store *st, const char *key)
{
	struct strbuf err = STRBUF_INIT;
	sqlite3_stmt *stmt = store_stmt(st, STMT_FIND_SUMMARY_BY_KEY, &err);
	char *body = NULL;

	strbuf_release(&err);
	if (!stmt)
		return NULL;
	sqlite3_bind_text(stmt, 1, key, -1, SQLITE_STATIC);
	if (sqlite3_step(stmt) == SQLITE_ROW && sqlite3_column_text(stmt, 0))
		body = xstrdup((const char *)sqlite3_column_text(stmt, 0));
	sqlite3_reset(stmt);
	return body;
}

char *store_find_header_summary(struct store *st, const char *key, const char *deps, bool *capped)
{
	sqlite3_stmt *stmt;
	char *body = NULL;

	*capped = false;
	if (sqlite3_prepare_v2(st->db, "SELECT body, capped FROM summaries WHERE key = ? AND deps = ?"
			       " ORDER BY id DESC LIMIT 1", -1, &stmt, NULL) != SQLITE_OK)
		return NULL;
	sqlite3_bind_text(stmt, 1, key, -1, SQLITE_STATIC);
	sqlite3_bind_text(stmt, 2, deps, -1, SQLITE_STATIC);
	if (sqlite3_step(stmt) == SQLITE_ROW && sqlite3_column_text(stmt, 0)) {
		body = xstrdup((const char *)sqlite3_column_text(stmt, 0));
		*capped = sqlite3_column_int(stmt, 1) != 0;
	}
	sqlite3_finalize(stmt);
	return body;
}

/* The latest body of the one module key defining `name`; NULL when none
 * or several modules define it (then the call stays unknown). */
static char *find_unique_by_name(struct store *st, const char *name, char **found_key)
{
	struct strbuf err = STRBUF_INIT;
	sqlite3_stmt *stmt = store_stmt(st, STMT_FIND_SUMMARY_BY_NAME, &err);
	char *body = NULL, *key = NULL;
	bool several = false;

	strbuf_release(&err);
	if (!stmt)
		return NULL;
	sqlite3_bind_text(stmt, 1, name, -1, SQLITE_STATIC);
	while (!several && sqlite3_step(stmt) == SQLITE_ROW) {
		const char *k = (const char *)sqlite3_column_text(stmt, 0);
		const char *b = (const char *)sqlite3_column_text(stmt, 1);
		if (!key) {
			key = xstrdup(k ? k : "");
			body = xstrdup(b ? b : "");
		} else {
			several = strcmp(key, k ? k : "") != 0;
		}
	}
	sqlite3_reset(stmt);
	if (several || !key) {
		free(key);
		free(body);
		return NULL;
	}
	*found_key = key;
	return body;
}

char *store_find_summary(struct store *st, const char *key, const char *name, char **found_key)
{
	char *body = find_by_key(st, key);

	*found_key = NULL;
	if (body) {
		*found_key = xstrdup(key);
		return body;
	}
	return name ? find_unique_by_name(st, name, found_key) : NULL;
}

bool store_lookups_begin(struct store *st)
{
	assert(sqlite3_get_autocommit(st->db));
	return sqlite3_exec(st->db, "BEGIN", NULL, NULL, NULL) == SQLITE_OK;
}

void store_lookups_end(struct store *st)
{
	/* a read transaction: its end cannot lose anything */
	if (sqlite3_exec(st->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
		(void)sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
	assert(sqlite3_get_autocommit(st->db));
}

int store_stale_callers(struct store *st, char ***paths, size_t *n, struct strbuf *err)
{
	/* Stale: a used summary's latest hash differs from the one used (a
	 * missed key, hash "none", that is now defined included), or a call
	 * that found nothing would now find its callee by name in exactly one
	 * module (store_find_summary's second way). */
	static const char sql[] =
		"WITH latest_file AS ("
		"  SELECT path, MAX(id) AS id FROM files GROUP BY path),"
		" latest_summary AS ("
		"  SELECT key, hash FROM summaries s WHERE id = (SELECT MAX(id) FROM summaries WHERE key = s.key)),"
		" unique_name AS ("
		"  SELECT s.name FROM summaries s JOIN files f ON f.id = s.file_id WHERE " MODULE_KEY_SQL
		"  GROUP BY s.name HAVING COUNT(DISTINCT s.key) = 1)"
		" SELECT f.path FROM latest_file f"
		" JOIN summary_uses u ON u.file_id = f.id"
		" JOIN latest_summary ls ON ls.key = u.key"
		" WHERE ls.hash <> u.hash"
		" UNION"
		" SELECT f.path FROM latest_file f"
		" JOIN summary_uses u ON u.file_id = f.id AND u.hash = 'none'"
		" JOIN unique_name un ON un.name = u.name"
		" ORDER BY 1";
	sqlite3_stmt *stmt;
	VEC(char *) out = VEC_INIT;

	if (sqlite3_prepare_v2(st->db, sql, -1, &stmt, NULL) != SQLITE_OK) {
		strbuf_addf(err, "%s: %s", st->path, sqlite3_errmsg(st->db));
		return -1;
	}
	while (sqlite3_step(stmt) == SQLITE_ROW)
		VEC_PUSH(out, xstrdup((const char *)sqlite3_column_text(stmt, 0)));
	sqlite3_finalize(stmt);
	*paths = out.v;
	*n = out.n;
	return 0;
}
