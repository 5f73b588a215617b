/*
 * store_int.h - what the files of analyzer/store/ share: the store handle
 * and its cache of prepared statements.  Not part of the layer's interface
 * (that is store.h).
 */
#ifndef MMIOCHECK_STORE_INT_H
#define MMIOCHECK_STORE_INT_H

#include <sqlite3.h>
#include <time.h>
#include "store.h"

/* How long a connection waits for another process's write lock before it
 * fails with "database is locked"; MMIOCHECK_BUSY_TIMEOUT_MS overrides it
 * (0..600000), e.g. for tests of the timeout. */
#define STORE_BUSY_TIMEOUT_MS 10000

/* Prepared statements, compiled on first use and kept for the handle's life. */
enum store_stmt {
	STMT_BEGIN_RUN,
	STMT_FINISH_RUN,
	STMT_DELETE_FILE,
	STMT_INSERT_FILE,
	STMT_INSERT_PARSE_ERROR,
	STMT_INSERT_FUNCTION,
	STMT_INSERT_FINDING,
	STMT_INSERT_TRACE,
	STMT_FIND_SUMMARY_BY_KEY,
	STMT_FIND_SUMMARY_BY_NAME,
	STMT_COUNT
};

struct store {
	sqlite3 *db;
	char *path;
	sqlite3_stmt *stmts[STMT_COUNT];
	int busy_ms;		/* the bounded busy wait of this connection */
	unsigned query_ms;	/* store_query_sql's time limit; 0: none */
	struct timespec query_deadline;
};

/* A module key ("DIR|name") is one with a '|' that is not a static
 * function's key ("path:name" of its own file); the SQL form of it, for
 * summaries s joined with their files f. */
#define MODULE_KEY_SQL "instr(s.key, '|') > 0 AND s.key <> f.path || ':' || s.name"

/* The cached statement `which` (writer.c), reset and unbound; NULL with
 * the sqlite message in err.  Reset it again after its last step, so no
 * read stays open. */
sqlite3_stmt *store_stmt(struct store *st, enum store_stmt which, struct strbuf *err);
int store_exec(struct store *st, const char *sql, struct strbuf *err);
/* The busy timeout to use: STORE_BUSY_TIMEOUT_MS or the environment's. */
int store_busy_timeout_ms(void);
/*
 * May path be opened as a database?  Only a regular file (or, when
 * may_create, a missing one): a device, FIFO or directory is refused before
 * SQLite opens it, so nothing is created beside it (no "/dev/null-journal").
 * 0, or -1 with "PATH: cannot open database: reason" in err.
 */
int store_check_path(const char *path, bool may_create, struct strbuf *err);
/* Open st->path read-only into st->db, also in a read-only directory
 * (open_readonly.c); 0, or -1 with "PATH: cannot open database: reason". */
int store_open_readonly_handle(struct store *st, struct strbuf *err);
/* Is the open database ours?  0 with *version (0 = empty), or -1 with
 * "PATH: reason" in err when it is someone else's or too new (schema.c). */
int store_check_schema(struct store *st, long long *version, struct strbuf *err);
/* The rows of one unit, inside a transaction the caller holds (writer.c,
 * for store_add_unit in summaries.c). */
int store_insert_unit_rows(struct store *st, long long run_id, const struct mc_result *res,
			   struct strbuf *err);

/* Reading rows back (reader.c, and run_inputs.c for a reused unit): a
 * copy of column i or NULL for SQL NULL; column i as a line or column
 * number (NULL, unknown, reads as 0). */
char *store_col_str(sqlite3_stmt *stmt, int i);
unsigned store_col_uint(sqlite3_stmt *stmt, int i);
/* The columns of a findings row as store_finding_from_row reads them
 * (f: findings, fn: functions); schema 8 and later add the defect and its
 * site (columns 19..23). */
#define STORE_FINDING_COLUMNS \
	"f.id, f.rule, f.rule_name, f.severity, f.model, f.path, f.line, f.col, f.end_line," \
	" f.end_col, fn.name, f.lock_name, f.lock_type, f.lock_kind, f.accessor, f.message," \
	" f.fingerprint, f.fixit_first_line, f.fixit_last_line"
#define STORE_DEFECT_COLUMNS ", f.defect, f.site_path, f.site_line, f.site_col, f.site_function"
/* Fill f from a row of those columns; returns the finding's id. */
long long store_finding_from_row(sqlite3_stmt *stmt, struct mc_chain *f);

/* One migration step: the statements that turn version to-1 into `to`. */
struct migration {
	int to;
	const char *const *sql;
	size_t nsql;
};
/* The steps, oldest first (migrations.c); *n of them. */
const struct migration *store_migrations(size_t *n);

#endif
