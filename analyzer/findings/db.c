/*
 * db.c - the findings database for clients (mc_db_*): pruning old runs,
 * merging the databases of sharded runs, and read-only queries.  The SQL
 * is store/'s (gc.c, merge.c, query.c); here the public calls, the checks
 * before them and the upgrade of an older schema.
 */
#include "findings.h"
#include "store/gc.h"
#include "store/merge.h"
#include "store/query.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* An open database: a store connection. */
struct mc_db {
	struct store *st;
};

/* The handle of st, or NULL (err already set) when st is NULL. */
static struct mc_db *db_of(struct store *st)
{
	struct mc_db *db;

	if (!st)
		return NULL;
	db = xmalloc(sizeof(*db));
	db->st = st;
	return db;
}

struct mc_db *mc_db_open(const char *path, char **err)
{
	struct strbuf why = STRBUF_INIT;
	struct store *st;

	strbuf_init(&why);
	st = store_open(path, &why);
	if (!st)
		findings_set_error(err, &why);
	strbuf_release(&why);
	return db_of(st);
}

void mc_db_close(struct mc_db *db)
{
	if (db)
		store_close(db->st);
	free(db);
}

int mc_db_schema_version(void)
{
	return store_schema_version();
}

struct mc_db *mc_db_open_query(const char *path, bool *upgraded, char **err)
{
	struct strbuf why = STRBUF_INIT;
	bool older = false;
	struct store *st = store_open_query(path, &older, &why);

	*upgraded = false;
	if (!st && older) {
		struct store *rw;
		strbuf_reset(&why);
		rw = store_open(path, &why);	/* upgrades in one transaction */
		if (rw) {
			store_close(rw);
			*upgraded = true;
			st = store_open_query(path, &older, &why);
		}
	}
	if (!st)
		findings_set_error(err, &why);
	strbuf_release(&why);
	return db_of(st);
}

int mc_db_gc(const char *path, long long keep, bool vacuum, struct mc_gc_stats *out, char **err)
{
	struct strbuf why = STRBUF_INIT;
	struct gc_stats gs;
	struct stat sb;
	struct store *st;
	int rc = -1;

	memset(out, 0, sizeof(*out));
	if (stat(path, &sb) < 0) {	/* gc never creates a database */
		if (err)
			*err = xasprintf("%s: cannot open database: %s", path, strerror(errno));
		return -1;
	}
	strbuf_init(&why);
	st = store_open(path, &why);
	if (st)
		rc = store_gc(st, keep, vacuum, &gs, &why);
	store_close(st);
	if (rc < 0)
		findings_set_error(err, &why);
	else
		*out = (struct mc_gc_stats){ gs.runs_deleted, gs.files_deleted, gs.findings_deleted,
					     gs.bytes_before, gs.bytes_after };
	strbuf_release(&why);
	return rc;
}

/* Check that in_path is a current mmiocheck database (upgrading an older one). */
static int check_merge_input(const char *in_path, struct strbuf *err)
{
	bool older = false;
	struct store *st = store_open_query(in_path, &older, err);

	if (!st && older) {
		strbuf_reset(err);
		st = store_open(in_path, err);
	}
	store_close(st);
	return st ? 0 : -1;
}

int mc_db_merge(struct mc_db *out, const char *in_path, struct mc_merge_stats *ms, char **err)
{
	struct strbuf why = STRBUF_INIT;
	struct merge_stats st;
	int rc;

	memset(ms, 0, sizeof(*ms));
	strbuf_init(&why);
	rc = check_merge_input(in_path, &why);
	if (rc == 0)
		rc = store_merge(out->st, in_path, &st, &why);
	if (rc < 0) {
		findings_set_error(err, &why);
		strbuf_release(&why);
		return -1;
	}
	strbuf_release(&why);
	ms->runs_added = st.runs_added;
	ms->runs_known = st.runs_known;
	ms->files_added = st.files_added;
	ms->files_replaced = st.files_replaced;
	ms->files_kept = st.files_kept;
	ms->findings_added = st.findings_added;
	ms->skipped_tables = st.skipped_tables.len ? strbuf_detach(&st.skipped_tables) : NULL;
	strbuf_release(&st.skipped_tables);
	return 0;
}

int mc_query_group_by_name(const char *name)
{
	return query_group_by_name(name);
}

int mc_db_query_findings(struct mc_db *db, const struct mc_query_filter *qf, mc_row_fn fn, void *arg,
			 char **err)
{
	struct strbuf why = STRBUF_INIT;
	int rc;

	strbuf_init(&why);
	rc = store_query_findings(db->st, qf, fn, arg, &why);
	if (rc < 0)
		findings_set_error(err, &why);
	strbuf_release(&why);
	return rc;
}

int mc_db_query_sql(struct mc_db *db, const char *sql, unsigned max_ms, mc_row_fn fn, void *arg, char **err)
{
	struct strbuf why = STRBUF_INIT;
	int rc;

	strbuf_init(&why);
	rc = store_query_sql(db->st, sql, max_ms, fn, arg, &why);
	if (rc < 0)
		findings_set_error(err, &why);
	strbuf_release(&why);
	return rc;
}
