/*
 * migrations.c - the SQL of every schema version: the numbered migration
 * steps that schema.c applies (docs/database.md, "Schema versions and
 * migrations").
 *
 * Step N turns a version N-1 database into version N (version 0 = no
 * tables).  A shipped step is never edited: databases in the field were
 * made by it, and an upgraded database must end with exactly the schema
 * of a fresh one (tests/db/test_schema.py).
 *
 * Adding a step: write its statements as schema_vN[] here and append one
 * line STEP(N, schema_vN) to migrations[].  Nothing else: the version
 * number, meta row and PRAGMA user_version follow from the table.  A
 * table that every open created before it got its step (3, 4 and 6
 * below) keeps those CREATE statements with IF NOT EXISTS, so databases
 * made with and without the table upgrade alike.
 */
#include "store_int.h"

/* Schema version 1.  Statements run in order inside one transaction. */
static const char *const schema_v1[] = {
	"CREATE TABLE meta ("
	" key TEXT PRIMARY KEY,"
	" value TEXT)",

	"CREATE TABLE runs ("
	" id INTEGER PRIMARY KEY,"
	" started_at TEXT NOT NULL,"
	" finished_at TEXT,"
	" tool_version TEXT,"
	" models TEXT,"
	" argv TEXT,"
	" cwd TEXT,"
	" status TEXT NOT NULL DEFAULT 'running')",

	"CREATE TABLE files ("
	" id INTEGER PRIMARY KEY,"
	" run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
	" path TEXT NOT NULL,"
	" content_hash TEXT,"
	" parsed INTEGER,"
	" parse_errors INTEGER,"
	" n_functions INTEGER,"
	" status TEXT CHECK (status IN ('ok', 'parse-errors')),"
	" analyzed_at TEXT,"
	" UNIQUE (run_id, path))",

	"CREATE TABLE parse_errors ("
	" id INTEGER PRIMARY KEY,"
	" file_id INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,"
	" path TEXT,"
	" line INTEGER,"
	" col INTEGER,"
	" message TEXT NOT NULL)",

	"CREATE TABLE functions ("
	" id INTEGER PRIMARY KEY,"
	" file_id INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,"
	" name TEXT NOT NULL,"
	" line INTEGER,"
	" n_nodes INTEGER,"
	" n_states INTEGER,"
	" truncated INTEGER)",

	"CREATE TABLE findings ("
	" id INTEGER PRIMARY KEY,"
	" run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
	" file_id INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,"
	" function_id INTEGER REFERENCES functions(id) ON DELETE SET NULL,"
	" rule TEXT NOT NULL,"
	" rule_name TEXT,"
	" severity TEXT NOT NULL CHECK (severity IN ('error', 'warning', 'note')),"
	" model TEXT NOT NULL,"
	" path TEXT NOT NULL,"
	" line INTEGER NOT NULL,"
	" col INTEGER,"
	" end_line INTEGER,"
	" end_col INTEGER,"
	" lock_name TEXT,"
	" lock_type TEXT,"
	" lock_kind TEXT,"
	" accessor TEXT,"
	" message TEXT NOT NULL,"
	" fingerprint TEXT NOT NULL,"
	" fixit_first_line INTEGER,"
	" fixit_last_line INTEGER)",

	"CREATE TABLE trace_steps ("
	" finding_id INTEGER NOT NULL REFERENCES findings(id) ON DELETE CASCADE,"
	" seq INTEGER NOT NULL,"
	" kind TEXT,"
	" path TEXT,"
	" line INTEGER,"
	" col INTEGER,"
	" message TEXT,"
	" PRIMARY KEY (finding_id, seq))",

	"CREATE INDEX findings_run ON findings(run_id)",
	"CREATE INDEX findings_fingerprint ON findings(fingerprint)",
	"CREATE INDEX findings_rule ON findings(rule)",
	"CREATE INDEX files_path ON files(path)",
	/* Child sides of the cascades, so deleting a file row is not a scan. */
	"CREATE INDEX findings_file ON findings(file_id)",
	"CREATE INDEX functions_file ON functions(file_id)",
	"CREATE INDEX parse_errors_file ON parse_errors(file_id)",

	"CREATE VIEW latest_findings AS"
	" SELECT f.*, fn.name AS function"
	" FROM findings f"
	" JOIN files fl ON fl.id = f.file_id"
	" LEFT JOIN functions fn ON fn.id = f.function_id"
	" WHERE fl.run_id = (SELECT MAX(f2.run_id) FROM files f2 WHERE f2.path = fl.path)",

	"INSERT INTO meta(key, value) VALUES ('schema_version', '1')",
	"INSERT INTO meta(key, value) VALUES ('created_by', 'mmiocheck')",
	"PRAGMA user_version = 1",
};

/*
 * Schema version 2: a stable identity for runs (merge), indexes for history
 * questions, and the views of docs/database.md.  Views read only
 * latest_findings / files / findings, so they stay valid as tables grow.
 */
static const char *const schema_v2[] = {
	/* runs.uid identifies a run across databases (mmiocheck merge).  Runs
	 * of a version 1 database get one derived from their own row, so two
	 * copies of the same shard upgrade to the same uids. */
	"ALTER TABLE runs ADD COLUMN uid TEXT",
	"UPDATE runs SET uid = 'v1-' || id || '-' || started_at WHERE uid IS NULL",
	"CREATE UNIQUE INDEX runs_uid ON runs(uid)",
	"CREATE TRIGGER runs_uid_default AFTER INSERT ON runs WHEN NEW.uid IS NULL"
	" BEGIN UPDATE runs SET uid = lower(hex(randomblob(16))) WHERE id = NEW.id; END",

	"CREATE INDEX files_path_run ON files(path, run_id)",
	"CREATE INDEX findings_file_key ON findings(file_id, fingerprint, model)",
	/* ON DELETE SET NULL from functions: without it every deleted function
	 * row scans findings. */
	"CREATE INDEX findings_function ON findings(function_id)",

	"CREATE VIEW latest_files AS"
	" SELECT fl.* FROM files fl"
	" WHERE fl.run_id = (SELECT MAX(f2.run_id) FROM files f2 WHERE f2.path = fl.path)",

	"CREATE VIEW findings_per_check_model AS"
	" SELECT rule, rule_name, model, severity, COUNT(*) AS findings,"
	" COUNT(DISTINCT fingerprint) AS problems, COUNT(DISTINCT path) AS files"
	" FROM latest_findings GROUP BY rule, rule_name, model, severity",

	"CREATE VIEW findings_per_lock AS"
	" SELECT lock_kind, lock_name, lock_type, COUNT(*) AS findings,"
	" COUNT(DISTINCT fingerprint) AS problems, COUNT(DISTINCT path) AS files,"
	" GROUP_CONCAT(DISTINCT rule) AS rules"
	" FROM latest_findings WHERE lock_name IS NOT NULL"
	" GROUP BY lock_kind, lock_name, lock_type",

	"CREATE VIEW findings_per_function AS"
	" SELECT path, function, COUNT(*) AS findings,"
	" COUNT(DISTINCT fingerprint) AS problems, GROUP_CONCAT(DISTINCT rule) AS rules"
	" FROM latest_findings GROUP BY path, function",

	/* Each analysis of a file and the one before it (same path, the
	 * highest earlier run); prev_file_id is NULL the first time. */
	"CREATE VIEW file_history AS"
	" SELECT fl.id AS file_id, fl.run_id, fl.path,"
	" (SELECT p.id FROM files p WHERE p.path = fl.path AND p.run_id < fl.run_id"
	"  ORDER BY p.run_id DESC LIMIT 1) AS prev_file_id"
	" FROM files fl",

	/* new: in this analysis of the file, not in the previous one (by
	 * fingerprint and model); fixed: the other way round. */
	"CREATE VIEW finding_changes AS"
	" SELECT h.run_id, 'new' AS change, f.id AS finding_id, f.rule, f.model, f.severity,"
	" f.path, f.line, f.fingerprint, f.message"
	" FROM file_history h JOIN findings f ON f.file_id = h.file_id"
	" WHERE NOT EXISTS (SELECT 1 FROM findings o WHERE o.file_id = h.prev_file_id"
	"  AND o.fingerprint = f.fingerprint AND o.model = f.model)"
	" UNION ALL"
	" SELECT h.run_id, 'fixed', o.id, o.rule, o.model, o.severity,"
	" o.path, o.line, o.fingerprint, o.message"
	" FROM file_history h JOIN findings o ON o.file_id = h.prev_file_id"
	" WHERE NOT EXISTS (SELECT 1 FROM findings f WHERE f.file_id = h.file_id"
	"  AND f.fingerprint = o.fingerprint AND f.model = o.model)",

	"CREATE VIEW run_trend AS"
	" SELECT r.id AS run_id, r.started_at, r.status,"
	" (SELECT COUNT(*) FROM files fl WHERE fl.run_id = r.id) AS files,"
	" (SELECT COUNT(*) FROM findings f WHERE f.run_id = r.id) AS findings,"
	" (SELECT COUNT(*) FROM finding_changes c WHERE c.run_id = r.id AND c.change = 'new') AS new,"
	" (SELECT COUNT(*) FROM finding_changes c WHERE c.run_id = r.id AND c.change = 'fixed') AS fixed"
	" FROM runs r",
};

/*
 * Schema version 3: function summaries of the interprocedural analysis
 * (summaries.c, docs/analysis.md).  Before version 3 these were created at
 * every open, so a version 2 database written then may have them
 * already: IF NOT EXISTS, and the same statements as that open, so both
 * kinds of version 2 database end with the same schema.
 */
static const char *const schema_v3[] = {
	"CREATE TABLE IF NOT EXISTS summaries ("
	" id INTEGER PRIMARY KEY,"
	" run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
	" file_id INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,"
	" key TEXT NOT NULL,"
	" name TEXT NOT NULL,"
	" hash TEXT NOT NULL,"
	" capped INTEGER NOT NULL DEFAULT 0,"
	" body TEXT NOT NULL)",
	"CREATE INDEX IF NOT EXISTS summaries_key ON summaries(key, id)",
	"CREATE TABLE IF NOT EXISTS summary_uses ("
	" file_id INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,"
	" key TEXT NOT NULL,"
	" hash TEXT NOT NULL)",
	"CREATE INDEX IF NOT EXISTS summary_uses_key ON summary_uses(key)",
};

/*
 * Schema version 4: the suppressions table (suppress_store.c).  Like
 * version 3, formerly created at every open: IF NOT EXISTS, the
 * statements of that open exactly.
 */
static const char *const schema_v4[] = {
	"CREATE TABLE IF NOT EXISTS suppressions ("
	" id INTEGER PRIMARY KEY,"
	" run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
	" finding_id INTEGER REFERENCES findings(id) ON DELETE CASCADE,"
	" status TEXT NOT NULL CHECK (status IN ('applied', 'unused', 'no-reason', 'malformed')),"
	" kind TEXT NOT NULL CHECK (kind IN ('inSource', 'external')),"
	" rule TEXT,"
	" path TEXT,"
	" line INTEGER,"
	" reason TEXT NOT NULL DEFAULT '',"
	" origin TEXT)",
	"CREATE INDEX IF NOT EXISTS suppressions_finding ON suppressions(finding_id)",
	"CREATE INDEX IF NOT EXISTS suppressions_run ON suppressions(run_id)",
};

/*
 * Schema version 5: suppressed findings with why and by what.  Only
 * `applied` rows name a finding; the finding's own columns come from
 * findings, so the view follows a re-stored unit (cascades).
 */
static const char *const schema_v5[] = {
	"CREATE VIEW suppressed_findings AS"
	" SELECT s.run_id, s.finding_id, f.file_id, f.rule, f.rule_name, f.model, f.severity,"
	" f.path, f.line, f.col, fn.name AS function, f.lock_name, f.accessor, f.message,"
	" f.fingerprint, s.kind, s.reason, s.origin"
	" FROM suppressions s"
	" JOIN findings f ON f.id = s.finding_id"
	" LEFT JOIN functions fn ON fn.id = f.function_id"
	" WHERE s.status = 'applied'",
};

/*
 * Schema version 6: Kbuild's shared runs and incremental reuse
 * (store/run_inputs.c, docs/kernel.md).  IF NOT EXISTS: the tables came
 * from every open before this step.
 */
static const char *const schema_v6[] = {
	"CREATE TABLE IF NOT EXISTS named_runs ("
	" name TEXT PRIMARY KEY,"
	" run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE)",
	"CREATE TABLE IF NOT EXISTS file_inputs ("
	" file_id INTEGER PRIMARY KEY REFERENCES files(id) ON DELETE CASCADE,"
	" source TEXT NOT NULL,"
	" flags_hash TEXT NOT NULL,"
	" tool_key TEXT NOT NULL)",
	"CREATE TABLE IF NOT EXISTS file_includes ("
	" file_id INTEGER NOT NULL REFERENCES file_inputs(file_id) ON DELETE CASCADE,"
	" path TEXT NOT NULL,"
	" content_hash TEXT NOT NULL)",
	"CREATE INDEX IF NOT EXISTS file_inputs_key ON file_inputs(source, flags_hash, tool_key)",
	"CREATE INDEX IF NOT EXISTS file_includes_file ON file_includes(file_id)",
	"CREATE INDEX IF NOT EXISTS named_runs_run ON named_runs(run_id)",
};

/*
 * Schema version 7: non-static functions' summaries are keyed by module
 * ("DIR|name", interproc/callgraph.c), so a call that found no summary is
 * looked up again by name: summary_uses gets the callee's name, and both
 * tables an index on it (store_find_summary, store_stale_callers).
 */
static const char *const schema_v7[] = {
	"ALTER TABLE summary_uses ADD COLUMN name TEXT NOT NULL DEFAULT ''",
	"CREATE INDEX summaries_name ON summaries(name, id)",
	"CREATE INDEX summary_uses_name ON summary_uses(name)",
};

/*
 * Schema version 8: one finding per defect (docs/database.md, "Defects").
 * A findings row is one chain: one path under one model.  `defect` names
 * the defect it is evidence of, site_* the place the fix goes.  Rows of
 * older versions get their site from their trace (the last write or
 * barrier step; MMIO007: the function) and, as defect, the smallest
 * fingerprint of the rows of the same unit, rule and site, so they group
 * as a fresh analysis would; `diff` and `--baseline` also match a defect
 * by the per-model fingerprints of its rows, which are unchanged.
 */
static const char *const schema_v8[] = {
	"ALTER TABLE findings ADD COLUMN defect TEXT",
	"ALTER TABLE findings ADD COLUMN site_path TEXT",
	"ALTER TABLE findings ADD COLUMN site_line INTEGER",
	"ALTER TABLE findings ADD COLUMN site_col INTEGER",
	"ALTER TABLE findings ADD COLUMN site_function TEXT",
	"UPDATE findings SET site_path = path, site_line = (SELECT fn.line FROM functions fn"
	" WHERE fn.id = findings.function_id), site_function = (SELECT fn.name FROM functions fn"
	" WHERE fn.id = findings.function_id) WHERE rule = 'MMIO007'",
	"UPDATE findings SET"
	" site_path = COALESCE((SELECT t.path FROM trace_steps t WHERE t.finding_id = findings.id"
	"  AND t.kind IN ('write', 'barrier') ORDER BY t.seq DESC LIMIT 1), path),"
	" site_line = COALESCE((SELECT t.line FROM trace_steps t WHERE t.finding_id = findings.id"
	"  AND t.kind IN ('write', 'barrier') ORDER BY t.seq DESC LIMIT 1), line),"
	" site_col = COALESCE((SELECT t.col FROM trace_steps t WHERE t.finding_id = findings.id"
	"  AND t.kind IN ('write', 'barrier') ORDER BY t.seq DESC LIMIT 1), col)"
	" WHERE rule <> 'MMIO007'",
	"UPDATE findings SET defect = (SELECT MIN(o.fingerprint) FROM findings o"
	" WHERE o.file_id = findings.file_id AND o.rule = findings.rule"
	" AND o.site_path IS findings.site_path AND o.site_line IS findings.site_line"
	" AND o.site_col IS findings.site_col AND o.site_function IS findings.site_function)",
	"CREATE INDEX findings_defect ON findings(defect)",
	/* one row per defect of the latest analysis of each file */
	"CREATE VIEW latest_defects AS"
	" WITH n AS (SELECT f.*, ROW_NUMBER() OVER (PARTITION BY f.rule, f.defect"
	"  ORDER BY f.path, f.line, f.col, f.id) AS rn FROM latest_findings f),"
	" d AS (SELECT rule, defect, GROUP_CONCAT(DISTINCT model) AS models,"
	"  COUNT(DISTINCT path || ':' || line || ':' || col || ':' || IFNULL(function, '')) AS paths,"
	"  COUNT(*) AS chains FROM latest_findings GROUP BY rule, defect)"
	" SELECT n.id, n.run_id, n.file_id, n.rule, n.rule_name, n.severity, d.models, n.path, n.line,"
	" n.col, n.function, n.lock_name, n.lock_type, n.lock_kind, n.accessor, n.message,"
	" n.defect AS fingerprint, n.site_path, n.site_line, n.site_col, n.site_function,"
	" d.paths, d.chains"
	" FROM n JOIN d ON d.rule = n.rule AND d.defect IS n.defect WHERE n.rn = 1",
	"CREATE VIEW defects_per_check AS"
	" SELECT rule, rule_name, COUNT(DISTINCT defect) AS defects, COUNT(*) AS chains,"
	" COUNT(DISTINCT path) AS files"
	" FROM latest_findings GROUP BY rule, rule_name",
};

/*
 * Schema version 9: a driver header's function summary says what it was
 * solved from (interproc/reuse.c: the function's fingerprint, the
 * summaries its calls resolved to, the tool key), so that another process
 * including the header takes it instead of solving it again.  NULL for
 * every other summary and for the rows of older versions: never reused.
 */
static const char *const schema_v9[] = {
	"ALTER TABLE summaries ADD COLUMN deps TEXT",
};

#define STEP(version, statements) \
	{ version, statements, sizeof(statements) / sizeof(statements[0]) }

/*
 * The schema, oldest step first.  Invariant: migrations[i].to == i + 1
 * (asserted by schema.c).  Append new steps at the end, one line each
 * (the next is 10).
 */
static const struct migration migrations[] = {
	STEP(1, schema_v1),
	STEP(2, schema_v2),
	STEP(3, schema_v3),
	STEP(4, schema_v4),
	STEP(5, schema_v5),
	STEP(6, schema_v6),
	STEP(7, schema_v7),
	STEP(8, schema_v8),
	STEP(9, schema_v9),
};

const struct migration *store_migrations(size_t *n)
{
	*n = sizeof(migrations) / sizeof(migrations[0]);
	return migrations;
}
