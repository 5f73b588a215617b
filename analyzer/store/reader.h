/*
 * reader.h - reading a stored run back (read-only) into the public structs
 * of include/mmiocheck/mmiocheck.h, so every report format, the diff and
 * the fix-its work on a database exactly as on a fresh analysis.
 *
 * The reader never writes: the database is opened with
 * SQLITE_OPEN_READONLY, and a missing file is an error rather than created.
 */
#ifndef MMIOCHECK_STORE_READER_H
#define MMIOCHECK_STORE_READER_H

#include "store.h"

/* A run read back is a struct mc_run (include/mmiocheck/mmiocheck.h):
 * results sorted by path, suppressed[i][k] the suppression of
 * results[i]->findings[k] or NULL. */

/* Open an existing mmiocheck database read-only; NULL with
 * "PATH: reason" in err (missing file, not SQLite, foreign, other version). */
struct store *store_open_readonly(const char *path, struct strbuf *err);

/* The run to read: `wanted` if it exists, the newest run when wanted < 0.
 * -1 with err set when there is no such run (or no run at all). */
long long store_pick_run(struct store *st, long long wanted, struct strbuf *err);

/* Load run_id into *out; 0, or -1 with err set (out left empty). */
int store_read_run(struct store *st, long long run_id, struct mc_run *out, struct strbuf *err);
void store_run_release(struct mc_run *r);

/* Total findings of a run (over all results). */
size_t store_run_nfindings(const struct mc_run *r);

#endif
