/*
 * run_inputs.c - named (shared) runs and the inputs of stored units, for
 * Kbuild mode and incremental runs (see run_inputs.h).
 *
 * Invariant: a file_inputs row exists only for a files row that was stored
 * completely (it is written after the unit's own transaction, and removed
 * with it by ON DELETE CASCADE).  A run killed between the two leaves a
 * unit without inputs, which is simply never reused.
 */
#include "run_inputs.h"
#include "util/defects.h"
#include "store_int.h"

#include <stdlib.h>
#include <string.h>

#define NOW_SQL "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"

/* Prepare sql, or -1 with the sqlite message in err. */
static int prepare(struct store *st, const char *sql, sqlite3_stmt **stmt, struct strbuf *err)
{
	if (sqlite3_prepare_v2(st->db, sql, -1, stmt, NULL) != SQLITE_OK) {
		strbuf_addf(err, "%s", sqlite3_errmsg(st->db));
		sqlite3_finalize(*stmt);
		*stmt = NULL;
		return -1;
	}
	return 0;
}

/* Prepare sql with ?1 bound to id: the run, file or finding the rows it
 * reads or writes belong to.  -1 with the sqlite message in err. */
static int prepare_for_id(struct store *st, const char *sql, long long id, sqlite3_stmt **stmt,
			  struct strbuf *err)
{
	if (prepare(st, sql, stmt, err) < 0)
		return -1;
	sqlite3_bind_int64(*stmt, 1, id);
	return 0;
}

/* Step until done; -1 with err set if a step failed. */
static int finish_rows(struct store *st, sqlite3_stmt *stmt, int rc, struct strbuf *err)
{
	if (rc != SQLITE_DONE)
		strbuf_addf(err, "%s", sqlite3_errmsg(st->db));
	sqlite3_finalize(stmt);
	return rc == SQLITE_DONE ? 0 : -1;
}

static void bind_str(sqlite3_stmt *stmt, int idx, const char *s)
{
	if (s)
		sqlite3_bind_text(stmt, idx, s, -1, SQLITE_TRANSIENT);
	else
		sqlite3_bind_null(stmt, idx);
}

/* Step a statement that returns nothing, finalize it; -1 with err set. */
static int run_stmt(struct store *st, sqlite3_stmt *stmt, struct strbuf *err)
{
	int rc = sqlite3_step(stmt);

	if (rc != SQLITE_DONE && rc != SQLITE_ROW)
		strbuf_addf(err, "%s", sqlite3_errmsg(st->db));
	sqlite3_finalize(stmt);
	return rc == SQLITE_DONE || rc == SQLITE_ROW ? 0 : -1;
}

/* The run id stored under name, 0 if none, -1 on error. */
static long long lookup_named(struct store *st, const char *name, struct strbuf *err)
{
	sqlite3_stmt *stmt = NULL;
	long long id = 0;
	int rc;

	if (prepare(st, "SELECT run_id FROM named_runs WHERE name = ?1", &stmt, err) < 0)
		return -1;
	bind_str(stmt, 1, name);
	rc = sqlite3_step(stmt);
	if (rc == SQLITE_ROW)
		id = sqlite3_column_int64(stmt, 0);
	else if (rc != SQLITE_DONE) {
		strbuf_addf(err, "%s", sqlite3_errmsg(st->db));
		id = -1;
	}
	sqlite3_finalize(stmt);
	return id;
}

/* Insert the runs row and its name; the new id or -1. */
static long long create_named(struct store *st, const char *name, const char *const cols[4],
			      struct strbuf *err)
{
	sqlite3_stmt *stmt = NULL;
	long long id;

	if (prepare(st, "INSERT INTO runs(started_at, tool_version, models, argv, cwd, status)"
		    " VALUES (" NOW_SQL ", ?1, ?2, ?3, ?4, 'running')", &stmt, err) < 0)
		return -1;
	for (int i = 0; i < 4; i++)
		bind_str(stmt, i + 1, cols[i]);
	if (run_stmt(st, stmt, err) < 0)
		return -1;
	id = sqlite3_last_insert_rowid(st->db);
	if (prepare(st, "INSERT INTO named_runs(name, run_id) VALUES (?1, ?2)", &stmt, err) < 0)
		return -1;
	bind_str(stmt, 1, name);
	sqlite3_bind_int64(stmt, 2, id);
	return run_stmt(st, stmt, err) < 0 ? -1 : id;
}

long long store_named_run(struct store *st, const char *name, const char *tool_version,
			  const char *models, const char *argv_text, const char *cwd,
			  struct strbuf *err)
{
	const char *const cols[4] = { tool_version, models, argv_text, cwd };
	struct strbuf sqlerr = STRBUF_INIT, ignored = STRBUF_INIT;
	long long id = -1;

	strbuf_init(&sqlerr);
	/* IMMEDIATE: two processes of one build must not both create it. */
	if (store_exec(st, "BEGIN IMMEDIATE", &sqlerr) == 0) {
		id = lookup_named(st, name, &sqlerr);
		if (id == 0)
			id = create_named(st, name, cols, &sqlerr);
		if (id < 0 || store_exec(st, "COMMIT", &sqlerr) < 0) {
			store_exec(st, "ROLLBACK", &ignored);
			id = -1;
		}
	}
	if (id < 0)
		strbuf_addf(err, "%s: cannot record the run '%s': %s", st->path, name, sqlerr.buf);
	strbuf_release(&sqlerr);
	strbuf_release(&ignored);
	return id;
}

int store_touch_run(struct store *st, long long run_id, const char *status, struct strbuf *err)
{
	sqlite3_stmt *stmt = NULL;
	struct strbuf sqlerr = STRBUF_INIT;

	strbuf_init(&sqlerr);
	if (prepare(st, "UPDATE runs SET finished_at = " NOW_SQL ","
		    " status = CASE WHEN status = 'failed' THEN 'failed'"
		    " WHEN status = 'errors' AND ?2 <> 'failed' THEN 'errors' ELSE ?2 END WHERE id = ?1",
		    &stmt, &sqlerr) < 0 ||
	    (sqlite3_bind_int64(stmt, 1, run_id), bind_str(stmt, 2, status), run_stmt(st, stmt, &sqlerr)) < 0) {
		strbuf_addf(err, "%s: cannot update run %lld: %s", st->path, run_id, sqlerr.buf);
		strbuf_release(&sqlerr);
		return -1;
	}
	strbuf_release(&sqlerr);
	return 0;
}

/* The body of store_record_inputs, inside its transaction. */
static int write_inputs(struct store *st, long long run_id, const struct store_unit_key *key,
			const struct store_input *inputs, size_t ninputs, struct strbuf *err)
{
	sqlite3_stmt *stmt = NULL;
	long long file_id;

	if (prepare_for_id(st, "SELECT id FROM files WHERE run_id = ?1 AND path = ?2", run_id, &stmt, err) < 0)
		return -1;
	bind_str(stmt, 2, key->shown);
	file_id = sqlite3_step(stmt) == SQLITE_ROW ? sqlite3_column_int64(stmt, 0) : -1;
	sqlite3_finalize(stmt);
	if (file_id < 0) {
		strbuf_addf(err, "no stored unit %s in run %lld", key->shown, run_id);
		return -1;
	}
	if (prepare_for_id(st, "INSERT OR REPLACE INTO file_inputs(file_id, source, flags_hash, tool_key)"
			   " VALUES (?1, ?2, ?3, ?4)", file_id, &stmt, err) < 0)
		return -1;
	bind_str(stmt, 2, key->source);
	bind_str(stmt, 3, key->flags_hash);
	bind_str(stmt, 4, key->tool_key);
	if (run_stmt(st, stmt, err) < 0 ||
	    prepare_for_id(st, "DELETE FROM file_includes WHERE file_id = ?1", file_id, &stmt, err) < 0)
		return -1;
	if (run_stmt(st, stmt, err) < 0 ||
	    prepare(st, "INSERT INTO file_includes(file_id, path, content_hash) VALUES (?1, ?2, ?3)",
		    &stmt, err) < 0)
		return -1;
	for (size_t i = 0; i < ninputs; i++) {
		sqlite3_reset(stmt);
		sqlite3_bind_int64(stmt, 1, file_id);
		bind_str(stmt, 2, inputs[i].path);
		bind_str(stmt, 3, inputs[i].hash);
		if (sqlite3_step(stmt) != SQLITE_DONE) {
			strbuf_addf(err, "%s", sqlite3_errmsg(st->db));
			sqlite3_finalize(stmt);
			return -1;
		}
	}
	sqlite3_finalize(stmt);
	return 0;
}

int store_record_inputs(struct store *st, long long run_id, const struct store_unit_key *key,
			const struct store_input *inputs, size_t ninputs, struct strbuf *err)
{
	struct strbuf sqlerr = STRBUF_INIT, ignored = STRBUF_INIT;
	int rc = -1;

	strbuf_init(&sqlerr);
	if (store_exec(st, "BEGIN IMMEDIATE", &sqlerr) == 0) {
		rc = write_inputs(st, run_id, key, inputs, ninputs, &sqlerr);
		if (rc < 0 || store_exec(st, "COMMIT", &sqlerr) < 0) {
			store_exec(st, "ROLLBACK", &ignored);
			rc = -1;
		}
	}
	if (rc < 0)
		strbuf_addf(err, "%s: cannot record the inputs of %s: %s", st->path, key->shown, sqlerr.buf);
	strbuf_release(&sqlerr);
	strbuf_release(&ignored);
	return rc;
}

/* Read the includes of file_id into r; -1 with err set. */
static int load_includes(struct store *st, struct store_reusable *r, struct strbuf *err)
{
	VEC(struct store_input) v = VEC_INIT;
	sqlite3_stmt *stmt = NULL;
	int rc;

	if (prepare_for_id(st, "SELECT path, content_hash FROM file_includes WHERE file_id = ?1", r->file_id,
			   &stmt, err) < 0)
		return -1;
	while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
		struct store_input in;
		const char *h = (const char *)sqlite3_column_text(stmt, 1);
		in.path = xstrdup((const char *)sqlite3_column_text(stmt, 0));
		snprintf(in.hash, sizeof(in.hash), "%s", h ? h : "");
		VEC_PUSH(v, in);
	}
	r->inputs = v.v;
	r->ninputs = v.n;
	return finish_rows(st, stmt, rc, err);
}

int store_find_reusable(struct store *st, const struct store_unit_key *key,
			struct store_reusable *out, struct strbuf *err)
{
	sqlite3_stmt *stmt = NULL;
	int rc, found = 0;

	memset(out, 0, sizeof(*out));
	if (prepare(st, "SELECT fi.file_id, f.run_id FROM file_inputs fi JOIN files f ON f.id = fi.file_id"
		    " WHERE fi.source = ?1 AND fi.flags_hash = ?2 AND fi.tool_key = ?3"
		    " AND f.path = ?4 AND f.content_hash = ?5 ORDER BY fi.file_id DESC LIMIT 1",
		    &stmt, err) < 0)
		return -1;
	bind_str(stmt, 1, key->source);
	bind_str(stmt, 2, key->flags_hash);
	bind_str(stmt, 3, key->tool_key);
	bind_str(stmt, 4, key->shown);
	bind_str(stmt, 5, key->main_hash);
	rc = sqlite3_step(stmt);
	if (rc == SQLITE_ROW) {
		out->file_id = sqlite3_column_int64(stmt, 0);
		out->run_id = sqlite3_column_int64(stmt, 1);
		found = 1;
	} else if (rc != SQLITE_DONE) {
		strbuf_addf(err, "%s", sqlite3_errmsg(st->db));
		found = -1;
	}
	sqlite3_finalize(stmt);
	if (found == 1 && load_includes(st, out, err) < 0) {
		store_reusable_release(out);
		return -1;
	}
	return found;
}

void store_reusable_release(struct store_reusable *r)
{
	for (size_t i = 0; i < r->ninputs; i++)
		free(r->inputs[i].path);
	free(r->inputs);
	memset(r, 0, sizeof(*r));
}

/* The files row and its parse errors. */
static int load_file(struct store *st, long long file_id, struct mc_result *res, struct strbuf *err)
{
	VEC(struct mc_file_diag) errs = VEC_INIT;
	sqlite3_stmt *stmt = NULL;
	int rc;

	if (prepare_for_id(st, "SELECT path, content_hash, parsed FROM files WHERE id = ?1", file_id, &stmt,
			   err) < 0)
		return -1;
	if (sqlite3_step(stmt) != SQLITE_ROW) {
		strbuf_addf(err, "no file row %lld", file_id);
		sqlite3_finalize(stmt);
		return -1;
	}
	res->path = store_col_str(stmt, 0);
	snprintf(res->content_hash, sizeof(res->content_hash), "%s",
		 sqlite3_column_text(stmt, 1) ? (const char *)sqlite3_column_text(stmt, 1) : "");
	res->parsed = sqlite3_column_int(stmt, 2) != 0;
	sqlite3_finalize(stmt);
	if (prepare_for_id(st, "SELECT path, line, col, message FROM parse_errors WHERE file_id = ?1 ORDER BY id",
			   file_id, &stmt, err) < 0)
		return -1;
	while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
		struct mc_file_diag d = { store_col_str(stmt, 0), store_col_uint(stmt, 1), store_col_uint(stmt, 2),
					  store_col_str(stmt, 3) };
		VEC_PUSH(errs, d);
	}
	res->errors = errs.v;
	res->nerrors = errs.n;
	return finish_rows(st, stmt, rc, err);
}

static int load_functions(struct store *st, long long file_id, struct mc_result *res, struct strbuf *err)
{
	VEC(struct mc_function_info) fns = VEC_INIT;
	sqlite3_stmt *stmt = NULL;
	int rc;

	if (prepare_for_id(st, "SELECT name, line, n_nodes, n_states, truncated FROM functions"
			   " WHERE file_id = ?1 ORDER BY id", file_id, &stmt, err) < 0)
		return -1;
	while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
		struct mc_function_info fn = { store_col_str(stmt, 0), store_col_uint(stmt, 1),
					       (size_t)sqlite3_column_int64(stmt, 2),
					       (size_t)sqlite3_column_int64(stmt, 3),
					       sqlite3_column_int(stmt, 4) != 0, false, false };
		res->truncated |= fn.truncated;
		VEC_PUSH(fns, fn);
	}
	res->functions = fns.v;
	res->nfunctions = fns.n;
	return finish_rows(st, stmt, rc, err);
}

/* The trace steps of one finding row. */
static int load_trace(struct store *st, long long finding_id, struct mc_chain *f, struct strbuf *err)
{
	VEC(struct mc_trace_step) steps = VEC_INIT;
	sqlite3_stmt *stmt = NULL;
	int rc;

	if (prepare_for_id(st, "SELECT kind, path, line, col, message FROM trace_steps WHERE finding_id = ?1"
			   " ORDER BY seq", finding_id, &stmt, err) < 0)
		return -1;
	while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
		struct mc_trace_step s = { store_col_str(stmt, 0), store_col_str(stmt, 1), store_col_uint(stmt, 2),
					   store_col_uint(stmt, 3), store_col_str(stmt, 4) };
		VEC_PUSH(steps, s);
	}
	f->trace = steps.v;
	f->ntrace = steps.n;
	return finish_rows(st, stmt, rc, err);
}

static int load_findings(struct store *st, long long file_id, struct mc_result *res, struct strbuf *err)
{
	VEC(struct mc_chain) fs = VEC_INIT;
	VEC(long long) ids = VEC_INIT;
	sqlite3_stmt *stmt = NULL;
	int rc;

	if (prepare_for_id(st, "SELECT " STORE_FINDING_COLUMNS STORE_DEFECT_COLUMNS
			   " FROM findings f LEFT JOIN functions fn ON fn.id = f.function_id"
			   " WHERE f.file_id = ?1 ORDER BY f.id", file_id, &stmt, err) < 0)
		return -1;
	while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
		struct mc_chain f;
		long long id = store_finding_from_row(stmt, &f);
		VEC_PUSH(fs, f);
		VEC_PUSH(ids, id);
	}
	rc = finish_rows(st, stmt, rc, err);
	for (size_t i = 0; rc == 0 && i < ids.n; i++)
		rc = load_trace(st, ids.v[i], &fs.v[i], err);
	res->findings = defects_group(fs.v, fs.n, &res->nfindings);
	VEC_FREE(ids);
	return rc;
}

int store_load_result(struct store *st, long long file_id, struct mc_result *res, struct strbuf *err)
{
	struct strbuf sqlerr = STRBUF_INIT;

	strbuf_init(&sqlerr);
	/* One read transaction: the unit is seen whole even while others write. */
	if (store_exec(st, "BEGIN", &sqlerr) < 0 || load_file(st, file_id, res, &sqlerr) < 0 ||
	    load_functions(st, file_id, res, &sqlerr) < 0 || load_findings(st, file_id, res, &sqlerr) < 0) {
		struct strbuf ignored = STRBUF_INIT;
		store_exec(st, "ROLLBACK", &ignored);
		strbuf_release(&ignored);
		strbuf_addf(err, "%s: cannot read stored unit %lld: %s", st->path, file_id, sqlerr.buf);
		strbuf_release(&sqlerr);
		return -1;
	}
	store_exec(st, "COMMIT", &sqlerr);
	strbuf_release(&sqlerr);
	return 0;
}
