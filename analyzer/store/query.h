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

/* The filter, group keys and rows of a query are the public API's
 * (struct mc_query_filter, struct mc_row, mc_row_fn). */

/* The key for a --group-by word ("rule", "file", ...), or -1. */
int query_group_by_name(const char *name);

/* Run a finding query; 0, or -1 with err set. */
int store_query_findings(struct store *st, const struct mc_query_filter *qf, mc_row_fn fn,
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

/*
 * Run one read-only SQL statement (SELECT, WITH, read-only PRAGMA); it is
 * stopped with "query stopped after N s (--max-seconds)" after max_ms
 * milliseconds (0: no limit).  0, or -1 with err set.
 */
int store_query_sql(struct store *st, const char *sql, unsigned max_ms, mc_row_fn fn, void *ud,
		    struct strbuf *err);

#endif
