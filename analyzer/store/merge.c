/*
 * merge.c - copying the runs, files, functions, parse errors, findings and
 * trace steps of another database into this one (merge.h).
 *
 * The input is ATTACHed (its path a bound parameter) and copied with
 * set-based INSERT ... SELECT statements inside one BEGIN IMMEDIATE
 * transaction.  Row ids are remapped through temp tables merge_<table>
 * (src_id -> dst_id), the new ids allocated above the output's maximum.
 * Columns other than the ids and references are copied by name from the
 * output table's own column list, so a column added by a later migration is
 * carried along without a change here; so are other tables (summaries, ...)
 * whose rows reference a copied file or finding (merge_other_tables).
 */
#include "merge.h"
#include "store_int.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Append the quoted identifier name to sb ("a""b" for a"b). */
static void add_ident(struct strbuf *sb, const char *prefix, const char *name)
{
	strbuf_addf(sb, "%s\"", prefix);
	for (const char *p = name; *p; p++) {
		if (*p == '"')
			strbuf_addch(sb, '"');
		strbuf_addch(sb, *p);
	}
	strbuf_addch(sb, '"');
}

/* Is name one of the NULL-terminated list? */
static bool in_list(const char *name, const char *const *list)
{
	for (; *list; list++)
		if (!strcmp(*list, name))
			return true;
	return false;
}

/*
 * The columns of main.<table> except those in skip, as ", "c1", "c2"..."
 * into names and ", alias."c1", ..." into values (each with a leading comma
 * so they follow the mapped columns).  -1 with err set.
 */
static int plain_columns(struct store *st, const char *table, const char *const *skip,
			 const char *alias, struct strbuf *names, struct strbuf *values, struct strbuf *err)
{
	sqlite3_stmt *stmt = NULL;
	char *prefix = xasprintf("%s.", alias);
	int rc = sqlite3_prepare_v2(st->db, "SELECT name FROM main.pragma_table_info(?1) ORDER BY cid",
				    -1, &stmt, NULL);

	if (rc == SQLITE_OK) {
		sqlite3_bind_text(stmt, 1, table, -1, SQLITE_STATIC);
		while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
			const char *col = (const char *)sqlite3_column_text(stmt, 0);
			if (!col || in_list(col, skip))
				continue;
			add_ident(names, ", ", col);
			strbuf_adds(values, ", ");
			add_ident(values, prefix, col);
		}
		if (rc == SQLITE_DONE)
			rc = SQLITE_OK;
	}
	if (rc != SQLITE_OK)
		strbuf_addf(err, "%s", sqlite3_errmsg(st->db));
	sqlite3_finalize(stmt);
	free(prefix);
	return rc == SQLITE_OK ? 0 : -1;
}

/*
 * Run "INSERT INTO main.<table>(<fixed><plain>) SELECT <fixed_values>
 * <plain values> <from>" where plain are the table's other columns.
 */
static int copy_rows(struct store *st, const char *table, const char *const *skip,
		     const char *fixed, const char *fixed_values, const char *alias,
		     const char *from, long long *added, struct strbuf *err)
{
	struct strbuf names = STRBUF_INIT, values = STRBUF_INIT, sql = STRBUF_INIT;
	int rc = plain_columns(st, table, skip, alias, &names, &values, err);

	if (rc == 0) {
		strbuf_addf(&sql, "INSERT INTO main.%s(%s%s) SELECT %s%s %s", table, fixed, names.buf,
			    fixed_values, values.buf, from);
		rc = store_exec(st, sql.buf, err);
		if (rc == 0 && added)
			*added = sqlite3_changes64(st->db);
	}
	strbuf_release(&names);
	strbuf_release(&values);
	strbuf_release(&sql);
	return rc;
}

/* A single integer from fixed SQL (counts for the statistics). */
static long long count_of(struct store *st, const char *sql)
{
	sqlite3_stmt *stmt = NULL;
	long long n = 0;

	if (sqlite3_prepare_v2(st->db, sql, -1, &stmt, NULL) == SQLITE_OK && sqlite3_step(stmt) == SQLITE_ROW)
		n = sqlite3_column_int64(stmt, 0);
	sqlite3_finalize(stmt);
	return n;
}

/* Runs: add those the output lacks (by uid), finish those it has unfinished. */
static int merge_runs(struct store *st, struct merge_stats *ms, struct strbuf *err)
{
	static const char *const skip[] = { "id", NULL };

	if (count_of(st, "SELECT COUNT(*) FROM src.runs WHERE uid IS NULL") != 0) {
		strbuf_adds(err, "it has runs without a uid");
		return -1;
	}
	if (copy_rows(st, "runs", skip, "id", "NULL", "s",
		      "FROM src.runs s WHERE NOT EXISTS (SELECT 1 FROM main.runs d WHERE d.uid = s.uid)"
		      " ORDER BY s.started_at, s.id", &ms->runs_added, err) < 0)
		return -1;
	if (store_exec(st, "UPDATE main.runs AS d SET finished_at = s.finished_at, status = s.status"
		       " FROM src.runs s WHERE s.uid = d.uid AND d.finished_at IS NULL"
		       " AND s.finished_at IS NOT NULL", err) < 0 ||
	    store_exec(st, "CREATE TEMP TABLE merge_runs(src_id INTEGER PRIMARY KEY, dst_id INTEGER NOT NULL);"
		       "INSERT INTO merge_runs SELECT s.id, d.id FROM src.runs s JOIN main.runs d ON d.uid = s.uid",
		       err) < 0)
		return -1;
	ms->runs_known = count_of(st, "SELECT COUNT(*) FROM merge_runs") - ms->runs_added;
	return 0;
}

/*
 * Files: pick the input rows whose (run, path) the output lacks or has
 * from an earlier analysis; delete the rows they replace (cascading to
 * their functions, findings, ...) and copy them with new ids.
 */
static int merge_files(struct store *st, struct merge_stats *ms, struct strbuf *err)
{
	static const char *const skip[] = { "id", "run_id", NULL };
	long long total;

	if (store_exec(st, "CREATE TEMP TABLE merge_files(src_id INTEGER PRIMARY KEY, dst_run INTEGER NOT NULL,"
		       " old_id INTEGER, dst_id INTEGER NOT NULL);"
		       "INSERT INTO merge_files SELECT sf.id, mr.dst_id, df.id,"
		       " (SELECT COALESCE(MAX(id), 0) FROM main.files) + ROW_NUMBER() OVER (ORDER BY sf.id)"
		       " FROM src.files sf JOIN merge_runs mr ON mr.src_id = sf.run_id"
		       " LEFT JOIN main.files df ON df.run_id = mr.dst_id AND df.path = sf.path"
		       " WHERE df.id IS NULL OR sf.analyzed_at > df.analyzed_at", err) < 0)
		return -1;
	total = count_of(st, "SELECT COUNT(*) FROM src.files");
	ms->files_replaced = count_of(st, "SELECT COUNT(*) FROM merge_files WHERE old_id IS NOT NULL");
	ms->files_added = count_of(st, "SELECT COUNT(*) FROM merge_files") - ms->files_replaced;
	ms->files_kept = total - ms->files_added - ms->files_replaced;
	if (store_exec(st, "DELETE FROM main.files WHERE id IN"
		       " (SELECT old_id FROM merge_files WHERE old_id IS NOT NULL)", err) < 0)
		return -1;
	return copy_rows(st, "files", skip, "id, run_id", "m.dst_id, m.dst_run", "sf",
			 "FROM merge_files m JOIN src.files sf ON sf.id = m.src_id ORDER BY m.src_id",
			 NULL, err);
}

/* The rows that hang off the copied files, with their ids remapped. */
static int merge_children(struct store *st, struct merge_stats *ms, struct strbuf *err)
{
	static const char *const fn_skip[] = { "id", "file_id", NULL };
	static const char *const pe_skip[] = { "id", "file_id", NULL };
	static const char *const fd_skip[] = { "id", "run_id", "file_id", "function_id", NULL };
	static const char *const ts_skip[] = { "finding_id", NULL };

	if (store_exec(st, "CREATE TEMP TABLE merge_functions(src_id INTEGER PRIMARY KEY, dst_id INTEGER NOT NULL);"
		       "INSERT INTO merge_functions SELECT f.id,"
		       " (SELECT COALESCE(MAX(id), 0) FROM main.functions) + ROW_NUMBER() OVER (ORDER BY f.id)"
		       " FROM src.functions f JOIN merge_files m ON m.src_id = f.file_id", err) < 0 ||
	    copy_rows(st, "functions", fn_skip, "id, file_id", "mf.dst_id, m.dst_id", "f",
		      "FROM src.functions f JOIN merge_functions mf ON mf.src_id = f.id"
		      " JOIN merge_files m ON m.src_id = f.file_id ORDER BY f.id", NULL, err) < 0 ||
	    copy_rows(st, "parse_errors", pe_skip, "file_id", "m.dst_id", "e",
		      "FROM src.parse_errors e JOIN merge_files m ON m.src_id = e.file_id ORDER BY e.id",
		      NULL, err) < 0)
		return -1;
	if (store_exec(st, "CREATE TEMP TABLE merge_findings(src_id INTEGER PRIMARY KEY, dst_id INTEGER NOT NULL);"
		       "INSERT INTO merge_findings SELECT f.id,"
		       " (SELECT COALESCE(MAX(id), 0) FROM main.findings) + ROW_NUMBER() OVER (ORDER BY f.id)"
		       " FROM src.findings f JOIN merge_files m ON m.src_id = f.file_id", err) < 0 ||
	    copy_rows(st, "findings", fd_skip, "id, run_id, file_id, function_id",
		      "mfd.dst_id, m.dst_run, m.dst_id, mfn.dst_id", "f",
		      "FROM src.findings f JOIN merge_findings mfd ON mfd.src_id = f.id"
		      " JOIN merge_files m ON m.src_id = f.file_id"
		      " LEFT JOIN merge_functions mfn ON mfn.src_id = f.function_id ORDER BY f.id",
		      &ms->findings_added, err) < 0)
		return -1;
	return copy_rows(st, "trace_steps", ts_skip, "finding_id", "mfd.dst_id", "t",
			 "FROM src.trace_steps t JOIN merge_findings mfd ON mfd.src_id = t.finding_id",
			 NULL, err);
}

/* The id-mapping temp table for rows of a referenced table, or NULL. */
static const char *mapping_of(const char *table)
{
	static const char *const map[][2] = {
		{ "runs", "merge_runs" }, { "files", "merge_files" },
		{ "functions", "merge_functions" }, { "findings", "merge_findings" },
	};

	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (!strcmp(table, map[i][0]))
			return map[i][1];
	return NULL;
}

/*
 * Build the copy of another table (summaries, or one a later migration
 * adds) from its foreign keys: every column referencing runs, files,
 * functions or findings is remapped through the merge_* tables; rows go
 * with the file or finding they reference (INNER JOIN), so they are copied
 * exactly when it is.  0 with the SQL in sql, 1 when the table has no such
 * anchor (it is not merged), -1 on error.
 */
static int other_table_sql(struct store *st, const char *table, struct strbuf *sql, struct strbuf *err)
{
	struct strbuf cols = STRBUF_INIT, vals = STRBUF_INIT, joins = STRBUF_INIT;
	VEC(char *) skip = VEC_INIT;
	sqlite3_stmt *stmt = NULL;
	bool anchored = false;
	int n = 0, rc = sqlite3_prepare_v2(st->db, "SELECT \"from\", \"table\" FROM main.pragma_foreign_key_list(?1)"
					 " UNION ALL SELECT name, NULL FROM main.pragma_table_info(?1)"
					 " WHERE pk = 1 AND type = 'INTEGER'", -1, &stmt, NULL);

	if (rc == SQLITE_OK) {
		sqlite3_bind_text(stmt, 1, table, -1, SQLITE_STATIC);
		while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
			const char *col = (const char *)sqlite3_column_text(stmt, 0);
			const char *ref = (const char *)sqlite3_column_text(stmt, 1);
			const char *map = ref ? mapping_of(ref) : NULL;
			if (!col || (ref && !map))
				continue;
			VEC_PUSH(skip, xstrdup(col));
			add_ident(&cols, n++ ? ", " : "", col);
			if (!map) {	/* the table's own INTEGER PRIMARY KEY: a new id */
				strbuf_adds(&vals, n > 1 ? ", NULL" : "NULL");
				continue;
			}
			bool anchor = !strcmp(ref, "files") || !strcmp(ref, "findings");
			anchored |= anchor;
			strbuf_addf(&joins, " %s %s AS m%d ON m%d.src_id = ", anchor ? "JOIN" : "LEFT JOIN", map, n, n);
			add_ident(&joins, "t.", col);
			strbuf_addf(&vals, "%sm%d.dst_id", n > 1 ? ", " : "", n);
		}
		rc = rc == SQLITE_DONE ? SQLITE_OK : rc;
	}
	sqlite3_finalize(stmt);
	VEC_PUSH(skip, NULL);
	if (rc != SQLITE_OK)
		strbuf_addf(err, "%s", sqlite3_errmsg(st->db));
	else if (anchored) {
		struct strbuf names = STRBUF_INIT, values = STRBUF_INIT;
		rc = plain_columns(st, table, (const char *const *)skip.v, "t", &names, &values, err) < 0;
		strbuf_addf(sql, "INSERT INTO main.\"%s\"(%s%s) SELECT %s%s FROM src.\"%s\" AS t%s", table,
			    cols.buf, names.buf, vals.buf, values.buf, table, joins.buf);
		strbuf_release(&names);
		strbuf_release(&values);
	}
	for (size_t i = 0; i < skip.n; i++)
		free(skip.v[i]);
	VEC_FREE(skip);
	strbuf_release(&cols);
	strbuf_release(&vals);
	strbuf_release(&joins);
	return rc != SQLITE_OK ? -1 : anchored ? 0 : 1;
}

/*
 * Copy the rows of every other table both databases have (function
 * summaries, tables of later migrations) that hang off a copied file or
 * finding.  A table with no such reference cannot be merged without
 * duplicates; its name is added to ms->skipped_tables.  The incremental
 * and Kbuild tables are never merged (see `done`).
 */
static int merge_other_tables(struct store *st, struct merge_stats *ms, struct strbuf *err)
{
	/* Copied above, or state local to the machine that wrote the input:
	 * the incremental-reuse keys (real paths, header hashes there) and the
	 * Kbuild run names (a later build there must not join a merged run). */
	static const char *const done[] = { "meta", "runs", "files", "functions", "parse_errors", "findings",
					    "trace_steps", "named_runs", "file_inputs", "file_includes", NULL };
	VEC(char *) tables = VEC_INIT;
	sqlite3_stmt *stmt = NULL;
	int rc = 0;

	if (sqlite3_prepare_v2(st->db, "SELECT name FROM main.sqlite_schema WHERE type = 'table'"
			       " AND name NOT LIKE 'sqlite_%' AND name IN (SELECT name FROM src.sqlite_schema"
			       " WHERE type = 'table') ORDER BY name", -1, &stmt, NULL) != SQLITE_OK) {
		strbuf_addf(err, "%s", sqlite3_errmsg(st->db));
		return -1;
	}
	while (sqlite3_step(stmt) == SQLITE_ROW)
		if (!in_list((const char *)sqlite3_column_text(stmt, 0), done))
			VEC_PUSH(tables, xstrdup((const char *)sqlite3_column_text(stmt, 0)));
	sqlite3_finalize(stmt);
	for (size_t i = 0; i < tables.n; i++) {
		struct strbuf sql = STRBUF_INIT;
		int kind = rc < 0 ? -1 : other_table_sql(st, tables.v[i], &sql, err);
		if (kind == 0)
			kind = store_exec(st, sql.buf, err);
		else if (kind == 1)
			strbuf_addf(&ms->skipped_tables, "%s%s", ms->skipped_tables.len ? ", " : "", tables.v[i]);
		if (kind < 0)
			rc = -1;
		strbuf_release(&sql);
		free(tables.v[i]);
	}
	VEC_FREE(tables);
	return rc;
}

/* Is the attached input at this build's schema version? */
static int check_src_version(struct store *st, struct strbuf *err)
{
	long long n = count_of(st, "SELECT COUNT(*) FROM src.sqlite_schema WHERE type = 'table' AND name = 'meta'");
	long long v = n ? count_of(st, "SELECT CAST(value AS INTEGER) FROM src.meta WHERE key = 'schema_version'") : 0;

	if (!n) {
		strbuf_adds(err, "not a mmiocheck database");
		return -1;
	}
	if (v != store_schema_version()) {
		strbuf_addf(err, "it has schema version %lld, not %d", v, store_schema_version());
		return -1;
	}
	return 0;
}

/* The same file (device and inode) as the output? */
static bool same_file(const char *a, const char *b)
{
	struct stat sa, sb;

	return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* ATTACH the input under the name src (path bound, never spliced). */
static int attach_src(struct store *st, const char *in_path, struct strbuf *err)
{
	sqlite3_stmt *stmt = NULL;
	int rc = sqlite3_prepare_v2(st->db, "ATTACH DATABASE ?1 AS src", -1, &stmt, NULL);

	if (rc == SQLITE_OK) {
		sqlite3_bind_text(stmt, 1, in_path, -1, SQLITE_STATIC);
		rc = sqlite3_step(stmt) == SQLITE_DONE ? SQLITE_OK : SQLITE_ERROR;
	}
	if (rc != SQLITE_OK)
		strbuf_addf(err, "cannot attach it: %s", sqlite3_errmsg(st->db));
	sqlite3_finalize(stmt);
	return rc == SQLITE_OK ? 0 : -1;
}

int store_merge(struct store *out, const char *in_path, struct merge_stats *ms, struct strbuf *err)
{
	struct strbuf why = STRBUF_INIT, ignored = STRBUF_INIT;
	int rc = -1;

	assert(out && in_path && ms && err);
	memset(ms, 0, sizeof(*ms));
	struct stat sb;
	if (stat(in_path, &sb) < 0 || !S_ISREG(sb.st_mode)) {	/* ATTACH would create it */
		strbuf_addf(err, "%s: cannot merge: no such database file", in_path);
		return -1;
	}
	if (same_file(out->path, in_path)) {
		strbuf_addf(err, "%s: is the output database itself", in_path);
		return -1;
	}
	strbuf_init(&ms->skipped_tables);
	if (attach_src(out, in_path, &why) < 0)
		goto done;
	if (check_src_version(out, &why) == 0 && store_exec(out, "BEGIN IMMEDIATE", &why) == 0) {
		if (merge_runs(out, ms, &why) == 0 && merge_files(out, ms, &why) == 0 &&
		    merge_children(out, ms, &why) == 0 && merge_other_tables(out, ms, &why) == 0 &&
		    store_exec(out, "DROP TABLE temp.merge_runs; DROP TABLE temp.merge_files;"
			       " DROP TABLE temp.merge_functions; DROP TABLE temp.merge_findings", &why) == 0 &&
		    store_exec(out, "COMMIT", &why) == 0)
			rc = 0;
		else
			store_exec(out, "ROLLBACK", &ignored);
	}
	store_exec(out, "DETACH DATABASE src", &ignored);
done:
	if (rc < 0) {
		strbuf_release(&ms->skipped_tables);
		memset(ms, 0, sizeof(*ms));	/* nothing left to release */
		strbuf_addf(err, "%s: cannot merge into %s: %s", in_path, out->path, why.buf);
	}
	strbuf_release(&why);
	strbuf_release(&ignored);
	return rc;
}
