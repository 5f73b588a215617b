/*
 * reader.c - loading a stored run back into mc_result / mc_finding
 * (reader.h).  Read-only: the handle is opened with SQLITE_OPEN_READONLY.
 *
 * Every string is copied out of SQLite with xstrdup, so a loaded result is
 * freed with mc_result_free like one fresh from the analyzer.
 */
#include "reader.h"
#include "store_int.h"
#include "util/defects.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

char *store_col_str(sqlite3_stmt *stmt, int i)
{
	const unsigned char *s = sqlite3_column_text(stmt, i);

	return s ? xstrdup((const char *)s) : NULL;
}

unsigned store_col_uint(sqlite3_stmt *stmt, int i)
{
	sqlite3_int64 v = sqlite3_column_int64(stmt, i);

	return v > 0 && v <= 0xffffffffLL ? (unsigned)v : 0;
}

static int prepare(struct store *st, const char *sql, sqlite3_stmt **stmt, struct strbuf *err)
{
	if (sqlite3_prepare_v2(st->db, sql, -1, stmt, NULL) != SQLITE_OK) {
		strbuf_addf(err, "%s: cannot read the database: %s", st->path, sqlite3_errmsg(st->db));
		sqlite3_finalize(*stmt);
		*stmt = NULL;
		return -1;
	}
	return 0;
}

/* Does the database have a table of this name?  (Older files may lack the
 * tables later versions add.) */
static bool has_table(struct store *st, const char *name)
{
	sqlite3_stmt *stmt = NULL;
	bool found = false;

	if (sqlite3_prepare_v2(st->db, "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?1",
			       -1, &stmt, NULL) == SQLITE_OK) {
		sqlite3_bind_text(stmt, 1, name, -1, SQLITE_STATIC);
		found = sqlite3_step(stmt) == SQLITE_ROW;
	}
	sqlite3_finalize(stmt);
	return found;
}

/* Is this one of our databases, of the schema version we read? */
static int check_ours(struct store *st, struct strbuf *err)
{
	sqlite3_stmt *stmt = NULL;
	const char *v;
	int rc;

	if (!has_table(st, "meta")) {
		strbuf_addf(err, "%s: not a mmiocheck database (no meta table)", st->path);
		return -1;
	}
	if (prepare(st, "SELECT value FROM meta WHERE key = 'schema_version'", &stmt, err) < 0)
		return -1;
	rc = sqlite3_step(stmt);
	v = rc == SQLITE_ROW ? (const char *)sqlite3_column_text(stmt, 0) : NULL;
	/* Every version up to ours has the tables read here (store/schema.c). */
	char *end = NULL;
	long version = v ? strtol(v, &end, 10) : 0;
	if (!v || end == v || *end || version < 1 || version > store_schema_version()) {
		strbuf_addf(err, "%s: database has schema version %s, this mmiocheck (%s) reads versions 1..%d",
			    st->path, v ? v : "(none)", MMIOCHECK_VERSION, store_schema_version());
		sqlite3_finalize(stmt);
		return -1;
	}
	sqlite3_finalize(stmt);
	return 0;
}

struct store *store_open_readonly(const char *path, struct strbuf *err)
{
	struct store *st = xcalloc(1, sizeof(*st));

	st->path = xstrdup(path);
	if (store_check_path(path, false, err) < 0)
		goto fail;
	if (store_open_readonly_handle(st, err) < 0)
		goto fail;
	sqlite3_busy_timeout(st->db, STORE_BUSY_TIMEOUT_MS);
	if (check_ours(st, err) < 0)
		goto fail;
	return st;
fail:
	store_close(st);
	return NULL;
}

long long store_pick_run(struct store *st, long long wanted, struct strbuf *err)
{
	sqlite3_stmt *stmt = NULL;
	long long id = -1;

	if (prepare(st, wanted < 0 ? "SELECT MAX(id) FROM runs" : "SELECT id FROM runs WHERE id = ?1",
		    &stmt, err) < 0)
		return -1;
	if (wanted >= 0)
		sqlite3_bind_int64(stmt, 1, wanted);
	if (sqlite3_step(stmt) == SQLITE_ROW && sqlite3_column_type(stmt, 0) != SQLITE_NULL)
		id = sqlite3_column_int64(stmt, 0);
	sqlite3_finalize(stmt);
	if (id < 0) {
		if (wanted < 0)
			strbuf_addf(err, "%s: the database has no runs", st->path);
		else
			strbuf_addf(err, "%s: no run %lld in the database", st->path, wanted);
	}
	return id;
}

/* The runs row: models, cwd, status. */
static int read_run_row(struct store *st, struct mc_run *out, struct strbuf *err)
{
	sqlite3_stmt *stmt = NULL;

	if (prepare(st, "SELECT models, cwd, status FROM runs WHERE id = ?1", &stmt, err) < 0)
		return -1;
	sqlite3_bind_int64(stmt, 1, out->run_id);
	if (sqlite3_step(stmt) != SQLITE_ROW) {
		strbuf_addf(err, "%s: no run %lld in the database", st->path, out->run_id);
		sqlite3_finalize(stmt);
		return -1;
	}
	out->models = store_col_str(stmt, 0);
	out->cwd = store_col_str(stmt, 1);
	out->status = store_col_str(stmt, 2);
	sqlite3_finalize(stmt);
	return 0;
}

/* Parse errors and functions of one files row. */
static int read_file_details(struct store *st, long long file_id, struct mc_result *r,
			     struct strbuf *err)
{
	VEC(struct mc_file_diag) diags = VEC_INIT;
	VEC(struct mc_function_info) fns = VEC_INIT;
	sqlite3_stmt *stmt = NULL;

	if (prepare(st, "SELECT path, line, col, message FROM parse_errors WHERE file_id = ?1 ORDER BY id",
		    &stmt, err) < 0)
		return -1;
	sqlite3_bind_int64(stmt, 1, file_id);
	while (sqlite3_step(stmt) == SQLITE_ROW) {
		struct mc_file_diag d = { store_col_str(stmt, 0), store_col_uint(stmt, 1), store_col_uint(stmt, 2),
					  store_col_str(stmt, 3) };
		VEC_PUSH(diags, d);
	}
	sqlite3_finalize(stmt);
	r->errors = diags.v;
	r->nerrors = diags.n;
	if (prepare(st, "SELECT name, line, n_nodes, n_states, truncated FROM functions"
		    " WHERE file_id = ?1 ORDER BY id", &stmt, err) < 0)
		return -1;
	sqlite3_bind_int64(stmt, 1, file_id);
	while (sqlite3_step(stmt) == SQLITE_ROW) {
		struct mc_function_info fn = { store_col_str(stmt, 0), store_col_uint(stmt, 1),
					       (size_t)sqlite3_column_int64(stmt, 2),
					       (size_t)sqlite3_column_int64(stmt, 3),
					       sqlite3_column_int(stmt, 4) != 0, false, false };
		VEC_PUSH(fns, fn);
		r->truncated |= fn.truncated;
	}
	sqlite3_finalize(stmt);
	r->functions = fns.v;
	r->nfunctions = fns.n;
	return 0;
}

/* The trace steps of one finding, in order. */
static int read_trace(struct store *st, long long finding_id, struct mc_chain *f, struct strbuf *err)
{
	VEC(struct mc_trace_step) steps = VEC_INIT;
	sqlite3_stmt *stmt = NULL;

	if (prepare(st, "SELECT kind, path, line, col, message FROM trace_steps WHERE finding_id = ?1"
		    " ORDER BY seq", &stmt, err) < 0)
		return -1;
	sqlite3_bind_int64(stmt, 1, finding_id);
	while (sqlite3_step(stmt) == SQLITE_ROW) {
		struct mc_trace_step t = { store_col_str(stmt, 0), store_col_str(stmt, 1), store_col_uint(stmt, 2),
					   store_col_uint(stmt, 3), store_col_str(stmt, 4) };
		VEC_PUSH(steps, t);
	}
	sqlite3_finalize(stmt);
	f->trace = steps.v;
	f->ntrace = steps.n;
	return 0;
}

/* The suppression recorded for a finding, or NULL. */
static struct mc_suppression *read_suppression(struct store *st, long long finding_id)
{
	sqlite3_stmt *stmt = NULL;
	struct mc_suppression *s = NULL;

	if (sqlite3_prepare_v2(st->db, "SELECT kind, reason, origin FROM suppressions"
			       " WHERE finding_id = ?1 ORDER BY id LIMIT 1", -1, &stmt, NULL) != SQLITE_OK) {
		sqlite3_finalize(stmt);
		return NULL;
	}
	sqlite3_bind_int64(stmt, 1, finding_id);
	if (sqlite3_step(stmt) == SQLITE_ROW) {
		s = xcalloc(1, sizeof(*s));
		s->kind = store_col_str(stmt, 0);
		s->reason = store_col_str(stmt, 1);
		s->origin = store_col_str(stmt, 2);
		if (!s->reason)
			s->reason = xstrdup("");
	}
	sqlite3_finalize(stmt);
	return s;
}

/* Does the database have the columns of schema 8 (defects)? */
static bool has_defects(struct store *st)
{
	sqlite3_stmt *stmt = NULL;
	bool found = false;

	if (sqlite3_prepare_v2(st->db, "SELECT 1 FROM pragma_table_info('findings') WHERE name = 'defect'",
			       -1, &stmt, NULL) == SQLITE_OK)
		found = sqlite3_step(stmt) == SQLITE_ROW;
	sqlite3_finalize(stmt);
	return found;
}

long long store_finding_from_row(sqlite3_stmt *stmt, struct mc_chain *f)
{
	const unsigned char *fp;

	memset(f, 0, sizeof(*f));
	f->rule = store_col_str(stmt, 1);
	f->rule_name = store_col_str(stmt, 2);
	f->severity = store_col_str(stmt, 3);
	f->model = store_col_str(stmt, 4);
	f->file = store_col_str(stmt, 5);
	f->line = store_col_uint(stmt, 6);
	f->col = store_col_uint(stmt, 7);
	f->end_line = store_col_uint(stmt, 8);
	f->end_col = store_col_uint(stmt, 9);
	f->function = store_col_str(stmt, 10);
	f->lock_name = store_col_str(stmt, 11);
	f->lock_type = store_col_str(stmt, 12);
	f->lock_kind = store_col_str(stmt, 13);
	f->accessor = store_col_str(stmt, 14);
	f->message = store_col_str(stmt, 15);
	fp = sqlite3_column_text(stmt, 16);
	if (fp)
		snprintf(f->fingerprint, sizeof(f->fingerprint), "%s", (const char *)fp);
	f->fixit_first_line = store_col_uint(stmt, 17);
	f->fixit_last_line = store_col_uint(stmt, 18);
	if (sqlite3_column_count(stmt) > 19) {
		fp = sqlite3_column_text(stmt, 19);
		if (fp)
			snprintf(f->defect, sizeof(f->defect), "%s", (const char *)fp);
		f->site_file = store_col_str(stmt, 20);
		f->site_line = store_col_uint(stmt, 21);
		f->site_col = store_col_uint(stmt, 22);
		f->site_function = store_col_str(stmt, 23);
	}
	return sqlite3_column_int64(stmt, 0);
}

static void suppression_free(struct mc_suppression *s)
{
	if (!s)
		return;
	free(s->kind);
	free(s->reason);
	free(s->origin);
	free(s);
}

/* The key a row is grouped by (defects_group): rule and defect, or its
 * own fingerprint. */
static char *group_key(const struct mc_chain *c)
{
	return xasprintf("%s/%s", c->rule ? c->rule : "", c->defect[0] ? c->defect : c->fingerprint);
}

/* The findings of one files row (its chains grouped into defects), each
 * with its trace and the suppression of its first suppressed chain. */
static int read_findings(struct store *st, long long file_id, struct mc_result *r,
			 struct mc_suppression ***supp_out, struct strbuf *err)
{
	VEC(struct mc_chain) fs = VEC_INIT;
	VEC(long long) ids = VEC_INIT;
	sqlite3_stmt *stmt = NULL;
	bool defects = has_defects(st), with_supp = has_table(st, "suppressions");
	int rc = 0;

	if (prepare(st, defects ? "SELECT " STORE_FINDING_COLUMNS STORE_DEFECT_COLUMNS " FROM findings f"
			" LEFT JOIN functions fn ON fn.id = f.function_id WHERE f.file_id = ?1 ORDER BY f.id"
			: "SELECT " STORE_FINDING_COLUMNS " FROM findings f"
			" LEFT JOIN functions fn ON fn.id = f.function_id WHERE f.file_id = ?1 ORDER BY f.id",
		    &stmt, err) < 0)
		return -1;
	sqlite3_bind_int64(stmt, 1, file_id);
	while (sqlite3_step(stmt) == SQLITE_ROW) {
		struct mc_chain f;
		long long id = store_finding_from_row(stmt, &f);
		VEC_PUSH(fs, f);
		VEC_PUSH(ids, id);
	}
	sqlite3_finalize(stmt);
	for (size_t i = 0; i < fs.n && rc == 0; i++)
		rc = read_trace(st, ids.v[i], &fs.v[i], err);
	if (!defects)
		defects_from_traces(fs.v, fs.n);
	size_t nrows = fs.n;
	char **keys = xcalloc(nrows ? nrows : 1, sizeof(*keys));
	struct mc_suppression **row_supp = xcalloc(nrows ? nrows : 1, sizeof(*row_supp));
	for (size_t i = 0; i < nrows; i++) {
		keys[i] = group_key(&fs.v[i]);
		row_supp[i] = with_supp ? read_suppression(st, ids.v[i]) : NULL;
	}
	r->findings = defects_group(fs.v, fs.n, &r->nfindings);
	*supp_out = xcalloc(r->nfindings ? r->nfindings : 1, sizeof(**supp_out));
	for (size_t j = 0; j < r->nfindings; j++) {
		char *key = group_key(&r->findings[j].chains[0]);
		for (size_t i = 0; i < nrows && !(*supp_out)[j]; i++)
			if (row_supp[i] && !strcmp(keys[i], key)) {
				(*supp_out)[j] = row_supp[i];
				row_supp[i] = NULL;
			}
		free(key);
	}
	for (size_t i = 0; i < nrows; i++) {
		suppression_free(row_supp[i]);
		free(keys[i]);
	}
	free(row_supp);
	free(keys);
	VEC_FREE(ids);
	return rc;
}

/* Every files row of the run, each loaded into an mc_result. */
static int read_files(struct store *st, struct mc_run *out, struct strbuf *err)
{
	VEC(struct mc_result *) results = VEC_INIT;
	VEC(struct mc_suppression **) supp = VEC_INIT;
	VEC(long long) ids = VEC_INIT;
	sqlite3_stmt *stmt = NULL;
	int rc = 0;

	if (prepare(st, "SELECT id, path, content_hash, parsed FROM files WHERE run_id = ?1 ORDER BY path",
		    &stmt, err) < 0)
		return -1;
	sqlite3_bind_int64(stmt, 1, out->run_id);
	while (sqlite3_step(stmt) == SQLITE_ROW) {
		struct mc_result *r = xcalloc(1, sizeof(*r));
		const unsigned char *hash = sqlite3_column_text(stmt, 2);
		r->path = store_col_str(stmt, 1);
		if (hash)
			snprintf(r->content_hash, sizeof(r->content_hash), "%s", (const char *)hash);
		r->parsed = sqlite3_column_int(stmt, 3) != 0;
		VEC_PUSH(results, r);
		VEC_PUSH(ids, sqlite3_column_int64(stmt, 0));
		VEC_PUSH(supp, NULL);
	}
	sqlite3_finalize(stmt);
	out->results = results.v;
	out->suppressed = supp.v;
	out->nresults = results.n;
	for (size_t i = 0; i < results.n && rc == 0; i++)
		if (read_file_details(st, ids.v[i], results.v[i], err) < 0 ||
		    read_findings(st, ids.v[i], results.v[i], &out->suppressed[i], err) < 0)
			rc = -1;
	VEC_FREE(ids);
	return rc;
}

int store_read_run(struct store *st, long long run_id, struct mc_run *out, struct strbuf *err)
{
	assert(st && out && err);
	memset(out, 0, sizeof(*out));
	out->run_id = run_id;
	if (read_run_row(st, out, err) < 0 || read_files(st, out, err) < 0) {
		store_run_release(out);
		return -1;
	}
	return 0;
}

size_t store_run_nfindings(const struct mc_run *r)
{
	size_t n = 0;

	for (size_t i = 0; i < r->nresults; i++)
		n += r->results[i]->nfindings;
	return n;
}

void store_run_release(struct mc_run *r)
{
	for (size_t i = 0; i < r->nresults; i++) {
		for (size_t k = 0; r->suppressed && r->suppressed[i] && k < r->results[i]->nfindings; k++) {
			struct mc_suppression *s = r->suppressed[i][k];
			if (!s)
				continue;
			free(s->kind);
			free(s->reason);
			free(s->origin);
			free(s);
		}
		if (r->suppressed)
			free(r->suppressed[i]);
		mc_result_free(r->results[i]);
	}
	free(r->results);
	free(r->suppressed);
	free(r->models);
	free(r->cwd);
	free(r->status);
	memset(r, 0, sizeof(*r));
}
