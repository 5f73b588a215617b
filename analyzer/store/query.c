/*
 * query.c - read-only access to the findings database (query.h).
 *
 * Safety is layered: the file is opened SQLITE_OPEN_READONLY, attaching is
 * limited to zero databases, an authorizer denies every action but reading,
 * a statement must be sqlite3_stmt_readonly() and must be the only one in
 * the text.  Filter values are always bound; the SQL text of a finding
 * query is assembled only from the fixed strings in this file.
 */
#include "query.h"
#include "store_int.h"

#include <assert.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Pragmas that only read: allowed in --sql when given no value to set. */
static const char *const read_pragmas[] = {
	"table_info", "table_xinfo", "table_list", "index_list", "index_info", "index_xinfo",
	"foreign_key_list", "user_version", "schema_version", "application_id", "page_count",
	"page_size", "freelist_count", "journal_mode", "encoding", "compile_options",
	"function_list", "pragma_list", "collation_list", "database_list",
};

/* Functions a query may not call even though the library may have them. */
static const char *const denied_functions[] = {
	"load_extension", "readfile", "writefile", "edit", "fts3_tokenizer",
};

/* May a query call the SQL function `name`? */
static bool function_allowed(const char *name)
{
	for (size_t i = 0; name && i < sizeof(denied_functions) / sizeof(denied_functions[0]); i++)
		if (!sqlite3_stricmp(name, denied_functions[i]))
			return false;
	return true;
}

/* Takes a value that is a name to look at (table_info(x)), not a setting. */
static bool pragma_takes_name(const char *name)
{
	return !strncmp(name, "table_", 6) || !strncmp(name, "index_", 6) ||
	       !strcmp(name, "foreign_key_list");
}

/* May this pragma run on a read-only query connection? */
static bool pragma_allowed(const char *name, const char *value)
{
	for (size_t i = 0; name && i < sizeof(read_pragmas) / sizeof(read_pragmas[0]); i++)
		if (!strcmp(name, read_pragmas[i]))
			return !value || pragma_takes_name(name);
	return false;
}

/*
 * The authorizer of query connections: reading tables and views, calling
 * functions, recursive CTEs and read-only pragmas; everything else (insert,
 * update, delete, create, drop, alter, attach, transactions, ...) is denied.
 */
static int authorize_read(void *ud, int action, const char *a, const char *b, const char *dbname,
			  const char *trigger)
{
	(void)ud;
	(void)dbname;
	(void)trigger;
	switch (action) {
	case SQLITE_SELECT:
	case SQLITE_READ:
	case SQLITE_RECURSIVE:
		return SQLITE_OK;
	case SQLITE_FUNCTION:
		return function_allowed(b) ? SQLITE_OK : SQLITE_DENY;
	case SQLITE_PRAGMA:
		return pragma_allowed(a, b) ? SQLITE_OK : SQLITE_DENY;
	default:
		return SQLITE_DENY;
	}
}

/* Open the handle read-only and lock it down; -1 with err set. */
static int open_locked_down(struct store *st, struct strbuf *err)
{
	if (store_check_path(st->path, false, err) < 0)
		return -1;
	if (store_open_readonly_handle(st, err) < 0)
		return -1;
	sqlite3_extended_result_codes(st->db, 1);
	st->busy_ms = store_busy_timeout_ms();
	sqlite3_busy_timeout(st->db, st->busy_ms);
	sqlite3_limit(st->db, SQLITE_LIMIT_ATTACHED, 0);
	/* No string or blob a query builds may outgrow this (default 1 GB). */
	sqlite3_limit(st->db, SQLITE_LIMIT_LENGTH, QUERY_MAX_VALUE_BYTES);
	sqlite3_limit(st->db, SQLITE_LIMIT_SQL_LENGTH, QUERY_MAX_SQL_BYTES);
	sqlite3_hard_heap_limit64(QUERY_MAX_HEAP_BYTES);
	sqlite3_db_config(st->db, SQLITE_DBCONFIG_DEFENSIVE, 1, NULL);
	sqlite3_db_config(st->db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, NULL);
	sqlite3_db_config(st->db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, NULL);
	return 0;
}

struct store *store_open_query(const char *path, bool *older, struct strbuf *err)
{
	struct store *st = xcalloc(1, sizeof(*st));
	long long version = 0;

	assert(path && err && older);
	*older = false;
	st->path = xstrdup(path);
	if (open_locked_down(st, err) < 0 || store_check_schema(st, &version, err) < 0)
		goto fail;
	if (version == 0) {
		strbuf_addf(err, "%s: not a mmiocheck database (it is empty)", path);
		goto fail;
	}
	if (version < store_schema_version()) {
		strbuf_addf(err, "%s: database has the older schema version %lld (current: %d)",
			    path, version, store_schema_version());
		*older = true;
		goto fail;
	}
	sqlite3_set_authorizer(st->db, authorize_read, NULL);
	return st;
fail:
	store_close(st);
	return NULL;
}

/* The --group-by words, indexed by enum mc_query_group, and their columns. */
static const char *const group_names[MC_GROUP_COUNT] = { "rule", "file", "function", "lock", "model" };
static const char *const group_columns[MC_GROUP_COUNT] = { "rule", "path", "function", "lock_name", "model" };

int query_group_by_name(const char *name)
{
	for (int i = 0; i < MC_GROUP_COUNT; i++)
		if (!strcmp(name, group_names[i]))
			return i;
	return -1;
}

/* Step a prepared statement and hand the header and every row to fn. */
static int emit_rows(struct store *st, sqlite3_stmt *stmt, mc_row_fn fn, void *ud,
		     struct strbuf *err)
{
	int n = sqlite3_column_count(stmt), rc = SQLITE_DONE, stop = 0;
	const char **names = xcalloc(n ? n : 1, sizeof(*names));
	const char **values = xcalloc(n ? n : 1, sizeof(*values));
	enum mc_value_type *types = xcalloc(n ? n : 1, sizeof(*types));
	struct mc_row row = { n, names, NULL, NULL };

	for (int i = 0; i < n; i++)
		names[i] = sqlite3_column_name(stmt, i);
	stop = fn(ud, &row);
	row.values = values;
	row.types = types;
	while (!stop && (rc = sqlite3_step(stmt)) == SQLITE_ROW) {
		for (int i = 0; i < n; i++) {
			int t = sqlite3_column_type(stmt, i);
			types[i] = t == SQLITE_NULL ? MC_VALUE_NULL : t == SQLITE_INTEGER ? MC_VALUE_INT
				 : t == SQLITE_FLOAT ? MC_VALUE_REAL : MC_VALUE_TEXT;
			values[i] = (const char *)sqlite3_column_text(stmt, i);
		}
		stop = fn(ud, &row);
	}
	if (!stop && rc == SQLITE_INTERRUPT && st->query_ms)
		strbuf_addf(err, "%s: query stopped after %u.%03u s (--max-seconds)", st->path,
			    st->query_ms / 1000, st->query_ms % 1000);
	else if (!stop && rc != SQLITE_DONE)
		strbuf_addf(err, "%s: query failed: %s", st->path, sqlite3_errmsg(st->db));
	free(names);
	free(values);
	free(types);
	return !stop && rc != SQLITE_DONE ? -1 : 0;
}

/* The columns of one finding row. */
#define FINDING_COLUMNS "id, run_id, rule, severity, model, path, line, col, function," \
	" lock_name, lock_kind, accessor, fingerprint, message"

/* The filtered findings rows (chains), as a subquery; every filter is
 * "AND column op ?N" with its value bound by bind_filters(). */
static void add_filtered_rows(const struct mc_query_filter *qf, struct strbuf *sql)
{
	if (qf->run || qf->since)
		strbuf_adds(sql, "SELECT * FROM (SELECT f.*, fn.name AS function, r.started_at AS run_started"
			    " FROM findings f JOIN runs r ON r.id = f.run_id"
			    " LEFT JOIN functions fn ON fn.id = f.function_id) WHERE 1");
	else
		strbuf_adds(sql, "SELECT * FROM latest_findings WHERE 1");
	strbuf_adds(sql, " AND (?1 IS NULL OR rule = ?1)"
		    " AND (?2 IS NULL OR path GLOB ?2)"
		    " AND (?3 IS NULL OR function = ?3)"
		    " AND (?4 IS NULL OR lock_name = ?4 OR lock_type = ?4)"
		    " AND (?5 IS NULL OR model = ?5)");
	if (qf->run)
		strbuf_adds(sql, " AND run_id = ?6");
	if (qf->since)
		strbuf_adds(sql, " AND run_started >= ?7");
}

/* One row per defect: its representative chain (first in path, line,
 * column order), its models and how many paths reach it. */
#define DEFECT_SELECT \
	"SELECT n.id, n.run_id, n.rule, n.severity, d.models, n.path, n.line, n.col, n.function," \
	" n.lock_name, n.lock_kind, n.accessor, n.defect AS fingerprint, d.paths, n.message" \
	" FROM (SELECT r.*, ROW_NUMBER() OVER (PARTITION BY run_id, rule, defect" \
	"  ORDER BY path, line, col, id) AS rn FROM r) n" \
	" JOIN (SELECT run_id, rule, defect, GROUP_CONCAT(DISTINCT model) AS models," \
	"  COUNT(DISTINCT path || ':' || line || ':' || col || ':' || IFNULL(function, '')) AS paths" \
	"  FROM r GROUP BY run_id, rule, defect) d" \
	" ON d.run_id = n.run_id AND d.rule = n.rule AND d.defect IS n.defect WHERE n.rn = 1" \
	" ORDER BY n.run_id, n.path, n.line, n.col, n.rule, n.id"

/*
 * Assemble the SQL of a finding query.  Only fixed text goes in.  By
 * default a row is a defect and --group-by counts defects; --per-model
 * shows the rows as stored (one per path and model).
 */
static void build_sql(const struct mc_query_filter *qf, struct strbuf *sql)
{
	struct strbuf keys = STRBUF_INIT;

	for (int i = 0; i < qf->ngroup; i++)
		strbuf_addf(&keys, "%s%s", i ? ", " : "", group_columns[qf->group[i]]);
	strbuf_adds(sql, "WITH r AS (");
	add_filtered_rows(qf, sql);
	strbuf_adds(sql, ") ");
	if (qf->ngroup && qf->per_model)
		strbuf_addf(sql, "SELECT %s, COUNT(*) AS findings, COUNT(DISTINCT fingerprint) AS problems"
			    " FROM r GROUP BY %s ORDER BY findings DESC, %s", keys.buf, keys.buf, keys.buf);
	else if (qf->ngroup)
		strbuf_addf(sql, "SELECT %s, COUNT(DISTINCT rule || '/' || IFNULL(defect, fingerprint)) AS findings,"
			    " COUNT(*) AS chains FROM r GROUP BY %s ORDER BY findings DESC, %s",
			    keys.buf, keys.buf, keys.buf);
	else if (qf->per_model)
		strbuf_adds(sql, "SELECT " FINDING_COLUMNS " FROM r ORDER BY run_id, path, line, col, rule, model, id");
	else
		strbuf_adds(sql, DEFECT_SELECT);
	strbuf_release(&keys);
}

/* Bind a filter string, NULL when absent. */
static void bind_opt(sqlite3_stmt *stmt, int idx, const char *s)
{
	if (s)
		sqlite3_bind_text(stmt, idx, s, -1, SQLITE_TRANSIENT);
	else
		sqlite3_bind_null(stmt, idx);
}

/* Bind every filter value to the parameters build_sql() numbered. */
static void bind_filters(sqlite3_stmt *stmt, const struct mc_query_filter *qf)
{
	bind_opt(stmt, 1, qf->rule);
	bind_opt(stmt, 2, qf->file_glob);
	bind_opt(stmt, 3, qf->function);
	bind_opt(stmt, 4, qf->lock);
	bind_opt(stmt, 5, qf->model);
	if (qf->run)
		sqlite3_bind_int64(stmt, 6, qf->run);
	if (qf->since)
		sqlite3_bind_text(stmt, 7, qf->since, -1, SQLITE_TRANSIENT);
}

int store_query_findings(struct store *st, const struct mc_query_filter *qf, mc_row_fn fn,
			 void *ud, struct strbuf *err)
{
	struct strbuf sql = STRBUF_INIT;
	sqlite3_stmt *stmt = NULL;
	int rc;

	assert(qf->ngroup >= 0 && qf->ngroup <= MC_GROUP_COUNT);
	build_sql(qf, &sql);
	if (sqlite3_prepare_v2(st->db, sql.buf, -1, &stmt, NULL) != SQLITE_OK) {
		strbuf_addf(err, "%s: query failed: %s", st->path, sqlite3_errmsg(st->db));
		strbuf_release(&sql);
		return -1;
	}
	strbuf_release(&sql);
	bind_filters(stmt, qf);
	rc = emit_rows(st, stmt, fn, ud, err);
	sqlite3_finalize(stmt);
	return rc;
}

/* Does the rest of an SQL text hold another statement (not only
 * whitespace, comments and semicolons)?  -1 if it does not even parse. */
static int rest_is_empty(struct store *st, const char *more, bool *empty)
{
	*empty = true;
	while (more && *more) {
		sqlite3_stmt *next = NULL;
		const char *from = more;
		if (sqlite3_prepare_v2(st->db, from, -1, &next, &more) != SQLITE_OK)
			return -1;
		if (next) {
			*empty = false;
			sqlite3_finalize(next);
			return 0;
		}
		if (more == from)
			break;
	}
	return 0;
}

/* Has the time limit of a --sql query passed?  The progress handler. */
static int past_deadline(void *ud)
{
	const struct store *st = ud;
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return now.tv_sec > st->query_deadline.tv_sec ||
	       (now.tv_sec == st->query_deadline.tv_sec && now.tv_nsec >= st->query_deadline.tv_nsec);
}

/* Stop the statements from now on after ms milliseconds (0: never). */
static void start_deadline(struct store *st, unsigned ms)
{
	st->query_ms = ms;
	if (!ms)
		return;
	clock_gettime(CLOCK_MONOTONIC, &st->query_deadline);
	st->query_deadline.tv_sec += ms / 1000;
	st->query_deadline.tv_nsec += (long)(ms % 1000) * 1000000L;
	if (st->query_deadline.tv_nsec >= 1000000000L) {
		st->query_deadline.tv_sec++;
		st->query_deadline.tv_nsec -= 1000000000L;
	}
	sqlite3_progress_handler(st->db, QUERY_PROGRESS_STEPS, past_deadline, st);
}

int store_query_sql(struct store *st, const char *sql, unsigned max_ms, mc_row_fn fn, void *ud,
		    struct strbuf *err)
{
	sqlite3_stmt *stmt = NULL;
	const char *tail = NULL;
	bool empty = true;
	int rc;

	start_deadline(st, max_ms);
	if (sqlite3_prepare_v2(st->db, sql, -1, &stmt, &tail) != SQLITE_OK) {
		bool auth = (sqlite3_errcode(st->db) & 0xff) == SQLITE_AUTH;
		strbuf_addf(err, "%s: --sql refused: %s%s", st->path, sqlite3_errmsg(st->db),
			    auth ? " (a query can only read: SELECT, WITH, read-only PRAGMA)" : "");
		return -1;
	}
	if (!stmt) {
		strbuf_addf(err, "%s: --sql refused: no statement", st->path);
		return -1;
	}
	if (!sqlite3_stmt_readonly(stmt)) {
		strbuf_addf(err, "%s: --sql refused: only statements that read are allowed", st->path);
		sqlite3_finalize(stmt);
		return -1;
	}
	if (rest_is_empty(st, tail, &empty) < 0 || !empty) {
		strbuf_addf(err, "%s: --sql refused: give exactly one statement", st->path);
		sqlite3_finalize(stmt);
		return -1;
	}
	rc = emit_rows(st, stmt, fn, ud, err);
	sqlite3_finalize(stmt);
	return rc;
}
