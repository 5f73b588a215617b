/*
 * query.h - reading the findings database: filtered finding queries with
 * group-by counts, and raw SQL that can only read (mmiocheck query).
 *
 * Both run on a connection opened with store_open_query(): the file is
 * opened SQLITE_OPEN_READONLY and an authorizer allows only reads, so no
 * query can change, attach or create anything.  Every filter value is a
 * bound parameter; the only SQL text built here comes from fixed tables.
 */
#ifndef MMIOCHECK_STORE_QUERY_H
#define MMIOCHECK_STORE_QUERY_H

#include "store.h"

/*
 * Open an existing database for reading only.  NULL with "PATH: reason" in
 * err; *older is set when the database is ours but at an older schema
 * version (store_open() upgrades it; the caller may do that and retry).
 */
struct store *store_open_query(const char *path, bool *older, struct strbuf *err);

/* What a query may be grouped by (mmiocheck query --group-by). */
enum query_group { QG_RULE, QG_FILE, QG_FUNCTION, QG_LOCK, QG_MODEL, QG_COUNT };
/* The key for a --group-by word ("rule", "file", ...), or -1. */
int query_group_by_name(const char *name);

/* Filters of a finding query; NULL / 0 = no filter. */
struct query_filter {
	const char *rule;	/* exact check id: MMIO001 */
	const char *file_glob;	/* GLOB over the finding's path */
	const char *function;	/* exact function name */
	const char *lock;	/* exact lock_name or lock_type */
	const char *model;	/* exact model name */
	long long run;		/* a run id; 0 = the latest analysis of each file */
	const char *since;	/* runs started at or after this ISO time */
	enum query_group group[QG_COUNT];
	int ngroup;		/* 0: one row per finding */
	bool per_model;		/* rows are chains (path and model), not defects */
};

enum store_value_type { SV_NULL, SV_INT, SV_REAL, SV_TEXT };

/* One result row; values[i] is NULL for SQL NULL.  For the header call
 * (once, before any row) values and types are NULL. */
struct store_row {
	int ncols;
	const char *const *names;
	const char *const *values;
	const enum store_value_type *types;
};
/* Called for the header and each row; non-zero stops the query. */
typedef int (*store_row_fn)(void *ud, const struct store_row *row);

/* Run a finding query; 0, or -1 with err set. */
int store_query_findings(struct store *st, const struct query_filter *qf, store_row_fn fn,
			 void *ud, struct strbuf *err);
/*
 * Bounds of a --sql query: no value longer than QUERY_MAX_VALUE_BYTES, no
 * SQL text longer than QUERY_MAX_SQL_BYTES, SQLite's heap at most
 * QUERY_MAX_HEAP_BYTES, and (store_query_sql's max_ms) a time limit checked
 * every QUERY_PROGRESS_STEPS virtual-machine steps.
 */
#define QUERY_MAX_VALUE_BYTES (16 << 20)
#define QUERY_MAX_SQL_BYTES (1 << 20)
#define QUERY_MAX_HEAP_BYTES ((long long)1 << 30)
#define QUERY_PROGRESS_STEPS 10000
#define QUERY_DEFAULT_MS 5000

/*
 * Run one read-only SQL statement (SELECT, WITH, read-only PRAGMA); it is
 * stopped with "query stopped after N s (--max-seconds)" after max_ms
 * milliseconds (0: no limit).  0, or -1 with err set.
 */
int store_query_sql(struct store *st, const char *sql, unsigned max_ms, store_row_fn fn, void *ud,
		    struct strbuf *err);

#endif
