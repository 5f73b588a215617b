/*
 * store.h - the findings database (SQLite).  The only place sqlite3.h is
 * included.  Schema: docs/database.md.
 *
 * Every translation unit is written in one transaction (a killed run leaves
 * whole units or nothing); the database is in WAL mode with a busy timeout,
 * so several processes of one build can append to it.
 */
#ifndef MMIOCHECK_STORE_H
#define MMIOCHECK_STORE_H

#include "../util/util.h"
#include "mmiocheck/mmiocheck.h"

/* The schema version this build writes (the last migration step). */
int store_schema_version(void);

struct store;

/* Open or create the database; NULL with "PATH: reason" in err. */
struct store *store_open(const char *path, struct strbuf *err);
void store_close(struct store *st);

/* Start a run; returns its id, or -1 with err set. */
long long store_begin_run(struct store *st, const char *tool_version, const char *models,
			  const char *argv_text, const char *cwd, struct strbuf *err);
/* Store one analyzed unit (file row, functions, findings, trace steps) in one
 * transaction.  Returns 0, or -1 with err set and nothing written. */
int store_add_result(struct store *st, long long run_id, const struct mc_result *res, struct strbuf *err);
/* Mark the run finished with a status ("ok", "errors", "interrupted"). */
int store_finish_run(struct store *st, long long run_id, const char *status, struct strbuf *err);

/* For tests and reports: number of rows in a table, or -1. */
long long store_count(struct store *st, const char *table);

#endif
