/*
 * writer.c - writing runs and analyzed translation units to the database.
 *
 * One unit is one transaction (BEGIN IMMEDIATE ... COMMIT): a killed run or
 * a failed insert leaves whole units or nothing.  Re-storing a path within
 * the same run deletes the earlier file row first; ON DELETE CASCADE takes
 * its functions, parse errors, findings and trace steps with it.  Every
 * value goes through a bound parameter.
 */
#include "store_int.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#define NOW_SQL "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"

static const char *const stmt_sql[STMT_COUNT] = {
	[STMT_BEGIN_RUN] =
		"INSERT INTO runs(started_at, tool_version, models, argv, cwd, status)"
		" VALUES (" NOW_SQL ", ?1, ?2, ?3, ?4, 'running')",
	[STMT_FINISH_RUN] =
		"UPDATE runs SET finished_at = " NOW_SQL ", status = ?2 WHERE id = ?1",
	[STMT_DELETE_FILE] =
		"DELETE FROM files WHERE run_id = ?1 AND path = ?2",
	[STMT_INSERT_FILE] =
		"INSERT INTO files(run_id, path, content_hash, parsed, parse_errors, n_functions,"
		" status, analyzed_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, " NOW_SQL ")",
	[STMT_INSERT_PARSE_ERROR] =
		"INSERT INTO parse_errors(file_id, path, line, col, message) VALUES (?1, ?2, ?3, ?4, ?5)",
	[STMT_INSERT_FUNCTION] =
		"INSERT INTO functions(file_id, name, line, n_nodes, n_states, truncated)"
		" VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
	[STMT_INSERT_FINDING] =
		"INSERT INTO findings(run_id, file_id, function_id, rule, rule_name, severity, model,"
		" path, line, col, end_line, end_col, lock_name, lock_type, lock_kind, accessor,"
		" message, fingerprint, fixit_first_line, fixit_last_line, defect, site_path, site_line,"
		" site_col, site_function)"
		" VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16,"
		" ?17, ?18, ?19, ?20, ?21, ?22, ?23, ?24, ?25)",
	[STMT_INSERT_TRACE] =
		"INSERT INTO trace_steps(finding_id, seq, kind, path, line, col, message)"
		" VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
	[STMT_FIND_SUMMARY_BY_KEY] =
		"SELECT body FROM summaries WHERE key = ?1 ORDER BY id DESC LIMIT 1",
	[STMT_FIND_SUMMARY_BY_NAME] =
		"SELECT s.key, s.body FROM summaries s JOIN files f ON f.id = s.file_id"
		" WHERE s.name = ?1 AND " MODULE_KEY_SQL " ORDER BY s.id DESC",
};

sqlite3_stmt *store_stmt(struct store *st, enum store_stmt which, struct strbuf *err)
{
	sqlite3_stmt **slot = &st->stmts[which];

	assert(which < STMT_COUNT && stmt_sql[which]);
	if (!*slot && sqlite3_prepare_v3(st->db, stmt_sql[which], -1, SQLITE_PREPARE_PERSISTENT,
					 slot, NULL) != SQLITE_OK) {
		strbuf_addf(err, "%s", sqlite3_errmsg(st->db));
		*slot = NULL;
		return NULL;
	}
	sqlite3_reset(*slot);
	sqlite3_clear_bindings(*slot);
	return *slot;
}

/* Bind a string, or NULL when s is NULL. */
static void bind_text(sqlite3_stmt *stmt, int idx, const char *s)
{
	if (s)
		sqlite3_bind_text(stmt, idx, s, -1, SQLITE_TRANSIENT);
	else
		sqlite3_bind_null(stmt, idx);
}

/* Bind a line/column-like number where 0 means "not known": NULL. */
static void bind_opt_uint(sqlite3_stmt *stmt, int idx, unsigned v)
{
	if (v)
		sqlite3_bind_int64(stmt, idx, v);
	else
		sqlite3_bind_null(stmt, idx);
}

/* Run a bound statement that returns no rows; -1 with err set. */
static int stmt_done(struct store *st, sqlite3_stmt *stmt, struct strbuf *err)
{
	int rc = sqlite3_step(stmt);

	if (rc != SQLITE_DONE) {
		strbuf_addf(err, "%s", sqlite3_errmsg(st->db));
		sqlite3_reset(stmt);
		return -1;
	}
	sqlite3_reset(stmt);
	return 0;
}

/* Turn the sqlite message in err into "PATH: what: message". */
static void prefix_err(struct store *st, struct strbuf *err, const char *what)
{
	char *msg = xasprintf("%s: %s: %s", st->path, what, err->len ? err->buf : "unknown error");

	strbuf_reset(err);
	strbuf_adds(err, msg);
	free(msg);
}

long long store_begin_run(struct store *st, const char *tool_version, const char *models,
			  const char *argv_text, const char *cwd, struct strbuf *err)
{
	sqlite3_stmt *stmt = store_stmt(st, STMT_BEGIN_RUN, err);

	if (!stmt)
		goto fail;
	bind_text(stmt, 1, tool_version);
	bind_text(stmt, 2, models);
	bind_text(stmt, 3, argv_text);
	bind_text(stmt, 4, cwd);
	if (stmt_done(st, stmt, err) < 0)
		goto fail;
	return sqlite3_last_insert_rowid(st->db);
fail:
	prefix_err(st, err, "cannot record the run");
	return -1;
}

/*
 * Did the last statement fail because the disk (or the file size limit)
 * is full?  Then the write-ahead log cannot grow, and the last unit
 * stored may have left it less room than the next write needs.
 */
static bool disk_full(struct store *st)
{
	int rc = sqlite3_extended_errcode(st->db);

	return rc == SQLITE_FULL || (rc & 0xff) == SQLITE_IOERR;
}

/*
 * Copy the write-ahead log into the database and have the next write start
 * it again from its beginning, so a small write fits in the log's room
 * where appending did not.  True when the checkpoint completed.
 */
static bool restart_log(struct store *st)
{
	return sqlite3_wal_checkpoint_v2(st->db, NULL, SQLITE_CHECKPOINT_RESTART, NULL, NULL) == SQLITE_OK;
}

int store_finish_run(struct store *st, long long run_id, const char *status, struct strbuf *err)
{
	sqlite3_stmt *stmt = store_stmt(st, STMT_FINISH_RUN, err);

	if (!stmt)
		goto fail;
	sqlite3_bind_int64(stmt, 1, run_id);
	bind_text(stmt, 2, status);
	if (stmt_done(st, stmt, err) < 0) {
		/* the status of a run that filled the disk is worth one more try */
		if (!disk_full(st) || !restart_log(st))
			goto fail;
		strbuf_reset(err);	/* the bindings stay: run it again */
		if (stmt_done(st, stmt, err) < 0)
			goto fail;
	}
	if (sqlite3_changes(st->db) != 1) {
		strbuf_addf(err, "%s: no run %lld in the database", st->path, run_id);
		return -1;
	}
	return 0;
fail:
	prefix_err(st, err, "cannot finish the run");
	return -1;
}

/* Insert the file row of a unit; its id, or -1 with err set. */
static long long insert_file(struct store *st, long long run_id, const struct mc_result *res,
			     struct strbuf *err)
{
	sqlite3_stmt *stmt = store_stmt(st, STMT_DELETE_FILE, err);

	if (!stmt)
		return -1;
	sqlite3_bind_int64(stmt, 1, run_id);
	bind_text(stmt, 2, res->path);
	if (stmt_done(st, stmt, err) < 0)
		return -1;
	stmt = store_stmt(st, STMT_INSERT_FILE, err);
	if (!stmt)
		return -1;
	sqlite3_bind_int64(stmt, 1, run_id);
	bind_text(stmt, 2, res->path);
	bind_text(stmt, 3, res->content_hash[0] ? res->content_hash : NULL);
	sqlite3_bind_int(stmt, 4, res->parsed ? 1 : 0);
	sqlite3_bind_int64(stmt, 5, (sqlite3_int64)res->nerrors);
	sqlite3_bind_int64(stmt, 6, (sqlite3_int64)res->nfunctions);
	bind_text(stmt, 7, res->nerrors ? "parse-errors" : "ok");
	if (stmt_done(st, stmt, err) < 0)
		return -1;
	return sqlite3_last_insert_rowid(st->db);
}

static int insert_parse_errors(struct store *st, long long file_id, const struct mc_result *res,
			       struct strbuf *err)
{
	for (size_t i = 0; i < res->nerrors; i++) {
		const struct mc_file_diag *d = &res->errors[i];
		sqlite3_stmt *stmt = store_stmt(st, STMT_INSERT_PARSE_ERROR, err);
		if (!stmt)
			return -1;
		sqlite3_bind_int64(stmt, 1, file_id);
		bind_text(stmt, 2, d->file ? d->file : res->path);
		bind_opt_uint(stmt, 3, d->line);
		bind_opt_uint(stmt, 4, d->col);
		bind_text(stmt, 5, d->message);
		if (stmt_done(st, stmt, err) < 0)
			return -1;
	}
	return 0;
}

/* Insert the function rows; ids[i] receives the row id of functions[i]. */
static int insert_functions(struct store *st, long long file_id, const struct mc_result *res,
			    long long *ids, struct strbuf *err)
{
	for (size_t i = 0; i < res->nfunctions; i++) {
		const struct mc_function_info *fn = &res->functions[i];
		sqlite3_stmt *stmt = store_stmt(st, STMT_INSERT_FUNCTION, err);
		if (!stmt)
			return -1;
		sqlite3_bind_int64(stmt, 1, file_id);
		bind_text(stmt, 2, fn->name);
		bind_opt_uint(stmt, 3, fn->line);
		sqlite3_bind_int64(stmt, 4, (sqlite3_int64)fn->nodes);
		sqlite3_bind_int64(stmt, 5, (sqlite3_int64)fn->states);
		sqlite3_bind_int(stmt, 6, fn->truncated ? 1 : 0);
		if (stmt_done(st, stmt, err) < 0)
			return -1;
		ids[i] = sqlite3_last_insert_rowid(st->db);
	}
	return 0;
}

/*
 * The functions row a finding belongs to: same name, and of several
 * (a static function in two headers) the last one starting at or before
 * the finding.  -1 when the finding names no known function.
 */
static long long function_of(const struct mc_result *res, const long long *ids,
			     const struct mc_chain *f)
{
	long long best = -1;
	unsigned best_line = 0;

	if (!f->function)
		return -1;
	for (size_t i = 0; i < res->nfunctions; i++) {
		const struct mc_function_info *fn = &res->functions[i];
		if (!fn->name || strcmp(fn->name, f->function))
			continue;
		if (best < 0 || (fn->line <= f->line && fn->line >= best_line)) {
			best = ids[i];
			best_line = fn->line;
		}
	}
	return best;
}

static int insert_trace(struct store *st, long long finding_id, const struct mc_chain *f,
			struct strbuf *err)
{
	for (size_t i = 0; i < f->ntrace; i++) {
		const struct mc_trace_step *t = &f->trace[i];
		sqlite3_stmt *stmt = store_stmt(st, STMT_INSERT_TRACE, err);
		if (!stmt)
			return -1;
		sqlite3_bind_int64(stmt, 1, finding_id);
		sqlite3_bind_int64(stmt, 2, (sqlite3_int64)i);
		bind_text(stmt, 3, t->kind);
		bind_text(stmt, 4, t->file ? t->file : f->file);
		bind_opt_uint(stmt, 5, t->line);
		bind_opt_uint(stmt, 6, t->col);
		bind_text(stmt, 7, t->message);
		if (stmt_done(st, stmt, err) < 0)
			return -1;
	}
	return 0;
}

/* Insert one chain (a findings row: one path under one model) and its trace. */
static int insert_finding(struct store *st, long long run_id, long long file_id,
			  long long function_id, const struct mc_chain *f, struct strbuf *err)
{
	sqlite3_stmt *stmt = store_stmt(st, STMT_INSERT_FINDING, err);

	if (!stmt)
		return -1;
	sqlite3_bind_int64(stmt, 1, run_id);
	sqlite3_bind_int64(stmt, 2, file_id);
	if (function_id >= 0)
		sqlite3_bind_int64(stmt, 3, function_id);
	bind_text(stmt, 4, f->rule);
	bind_text(stmt, 5, f->rule_name);
	bind_text(stmt, 6, f->severity);
	bind_text(stmt, 7, f->model);
	bind_text(stmt, 8, f->file);
	sqlite3_bind_int64(stmt, 9, f->line);
	bind_opt_uint(stmt, 10, f->col);
	bind_opt_uint(stmt, 11, f->end_line);
	bind_opt_uint(stmt, 12, f->end_col);
	bind_text(stmt, 13, f->lock_name);
	bind_text(stmt, 14, f->lock_type);
	bind_text(stmt, 15, f->lock_kind);
	bind_text(stmt, 16, f->accessor);
	bind_text(stmt, 17, f->message);
	bind_text(stmt, 18, f->fingerprint[0] ? f->fingerprint : NULL);
	bind_opt_uint(stmt, 19, f->fixit_first_line);
	bind_opt_uint(stmt, 20, f->fixit_first_line ? f->fixit_last_line : 0);
	bind_text(stmt, 21, f->defect[0] ? f->defect : f->fingerprint[0] ? f->fingerprint : NULL);
	bind_text(stmt, 22, f->site_file);
	bind_opt_uint(stmt, 23, f->site_file ? f->site_line : 0);
	bind_opt_uint(stmt, 24, f->site_file ? f->site_col : 0);
	bind_text(stmt, 25, f->site_function);
	if (stmt_done(st, stmt, err) < 0)
		return -1;
	return insert_trace(st, sqlite3_last_insert_rowid(st->db), f, err);
}

/* Everything of one unit, inside the caller's transaction. */
static int insert_unit(struct store *st, long long run_id, const struct mc_result *res,
		       struct strbuf *err)
{
	long long *fn_ids = xcalloc(res->nfunctions ? res->nfunctions : 1, sizeof(*fn_ids));
	long long file_id = insert_file(st, run_id, res, err);
	int rc = -1;

	if (file_id < 0 || insert_parse_errors(st, file_id, res, err) < 0 ||
	    insert_functions(st, file_id, res, fn_ids, err) < 0)
		goto out;
	for (size_t i = 0; i < res->nfindings; i++)
		for (size_t k = 0; k < res->findings[i].nchains; k++) {
			const struct mc_chain *f = &res->findings[i].chains[k];
			if (insert_finding(st, run_id, file_id, function_of(res, fn_ids, f), f, err) < 0)
				goto out;
		}
	rc = 0;
out:
	free(fn_ids);
	return rc;
}

/* The rows of one unit, inside a transaction the caller holds
 * (store_add_unit in summaries.c). */
int store_insert_unit_rows(struct store *st, long long run_id, const struct mc_result *res,
			   struct strbuf *err)
{
	return insert_unit(st, run_id, res, err);
}

int store_add_result(struct store *st, long long run_id, const struct mc_result *res, struct strbuf *err)
{
	struct strbuf sqlerr = STRBUF_INIT;

	assert(st && res && err);
	strbuf_init(&sqlerr);
	if (!res->path) {
		strbuf_addf(err, "%s: cannot store a result without a path", st->path);
		return -1;
	}
	if (store_exec(st, "BEGIN IMMEDIATE", &sqlerr) < 0)
		goto fail;
	if (insert_unit(st, run_id, res, &sqlerr) < 0 || store_exec(st, "COMMIT", &sqlerr) < 0) {
		struct strbuf ignored = STRBUF_INIT;
		store_exec(st, "ROLLBACK", &ignored);
		strbuf_release(&ignored);
		goto fail;
	}
	strbuf_release(&sqlerr);
	return 0;
fail:
	strbuf_addf(err, "%s: %s", st->path, sqlerr.buf);
	strbuf_release(&sqlerr);
	return -1;
}

/* The tables store_count may be asked about (never an arbitrary name). */
static const char *const countable[] = {
	"meta", "runs", "files", "parse_errors", "functions", "findings", "trace_steps",
	"latest_findings",
};

long long store_count(struct store *st, const char *table)
{
	struct strbuf sql = STRBUF_INIT;
	sqlite3_stmt *stmt = NULL;
	long long n = -1;
	bool known = false;

	for (size_t i = 0; table && i < sizeof(countable) / sizeof(countable[0]); i++)
		known |= !strcmp(table, countable[i]);
	if (!st || !known)
		return -1;
	strbuf_addf(&sql, "SELECT COUNT(*) FROM %s", table);
	if (sqlite3_prepare_v2(st->db, sql.buf, -1, &stmt, NULL) == SQLITE_OK &&
	    sqlite3_step(stmt) == SQLITE_ROW)
		n = sqlite3_column_int64(stmt, 0);
	sqlite3_finalize(stmt);
	strbuf_release(&sql);
	return n;
}
