#!/usr/bin/env python3
"""mmiocheck query: filters, group-by, formats, views, and read-only SQL.

  * every filter gives exactly the rows an independent SQL query over the
    same database gives;
  * filter values are bound, never spliced: injection strings in every
    filter match only a row planted with that exact text, and change
    nothing;
  * --sql runs one statement that reads; writes, ATTACH, VACUUM INTO,
    setting pragmas and multiple statements are refused (exit 2) and the
    database and its directory are left byte-for-byte as they were;
  * json output is valid UTF-8 JSON even for invalid UTF-8 in the database,
    csv round-trips commas, quotes and newlines;
  * the views answer the common questions (trend: new / fixed per run).
"""

import csv
import io
import json
import os
import shutil
import sqlite3

from dblib import expect, rows, one, file_digest, run_tests

INJECTIONS = [
    "x' OR '1'='1",
    "'; DROP TABLE findings; --",
    "\" OR 1=1 --",
    "MMIO001' UNION SELECT sql FROM sqlite_schema --",
    "%",
    "?1",
    ") OR (1=1",
]

PLANTED_MESSAGE = 'a, "quoted" message\nwith a newline'

DRV_V1 = """\
#include <linux/spinlock.h>
#include <linux/io.h>

struct dev { spinlock_t lock; void __iomem *regs; };

void ring_a(struct dev *d)
{
	spin_lock(&d->lock);
	writel_relaxed(1, d->regs);
	spin_unlock(&d->lock);
}

void ring_b(struct dev *d)
{
	spin_lock(&d->lock);
	writel_relaxed(2, d->regs + 4);
	spin_unlock(&d->lock);
}
"""
# ring_a fixed, ring_c new.
DRV_V2 = DRV_V1.replace("writel_relaxed(1, d->regs)", "writel(1, d->regs)") + """
void ring_c(struct dev *d)
{
	spin_lock(&d->lock);
	writel_relaxed(3, d->regs + 8);
	spin_unlock(&d->lock);
}
"""


def plant(db, text):
    """A run, file and finding whose every filtered column is `text`."""
    con = sqlite3.connect(db)
    cur = con.cursor()
    cur.execute("INSERT INTO runs(started_at, status) VALUES ('2030-01-01T00:00:00.000Z', 'ok')")
    run = cur.lastrowid
    cur.execute("INSERT INTO files(run_id, path, status) VALUES (?, ?, 'ok')", (run, text))
    fid = cur.lastrowid
    cur.execute("INSERT INTO functions(file_id, name) VALUES (?, ?)", (fid, text))
    fn = cur.lastrowid
    cur.execute("INSERT INTO findings(run_id, file_id, function_id, rule, severity, model, path, line,"
                " lock_name, message, fingerprint) VALUES (?, ?, ?, ?, 'warning', ?, ?, 1, ?, ?, ?)",
                (run, fid, fn, text, text, text, text, PLANTED_MESSAGE, "f" * 16))
    con.commit()
    con.close()


def setup(ctx, name):
    d = ctx.fresh_dir(name)
    db = os.path.join(d, "q.db")
    files = ctx.case_files("mmio00[126]_*.c")
    status, out, err = ctx.analyze(db, files, cwd=d)
    expect(status == 1, "setup analyze: exit 1", status, err)
    return d, db


def query_json(ctx, db, args):
    status, out, err = ctx.run(["query", "--db", db, "--format", "json"] + args)
    expect(status == 0, "query %s: exit 0" % args, status, err)
    try:
        return json.loads(out)
    except ValueError as e:
        expect(False, "query %s: output is not JSON: %s" % (args, e), out[:400])
        return []


def keyset(objs):
    return sorted(o["id"] for o in objs)


LATEST = ("SELECT id FROM latest_findings WHERE %s ORDER BY id")


def t_filters(ctx):
    d, db = setup(ctx, "query-filters")
    lock = one(db, "SELECT lock_name FROM findings WHERE lock_name IS NOT NULL LIMIT 1")
    ltype = one(db, "SELECT lock_type FROM findings WHERE lock_type IS NOT NULL LIMIT 1")
    func = one(db, "SELECT fn.name FROM findings f JOIN functions fn ON fn.id = f.function_id LIMIT 1")
    cases = [
        (["--rule", "MMIO002"], "rule = 'MMIO002'", ()),
        (["--model", "ppc64-legacy"], "model = ?", ("ppc64-legacy",)),
        (["--file", "*mmio006_*"], "path GLOB ?", ("*mmio006_*",)),
        (["--function", func], "function = ?", (func,)),
        (["--lock", lock], "lock_name = ? OR lock_type = ?", (lock, lock)),
        (["--lock", ltype], "lock_name = ? OR lock_type = ?", (ltype, ltype)),
        (["--rule", "MMIO001", "--model", "contract", "--file", "*mlx4*"],
         "rule = 'MMIO001' AND model = 'contract' AND path GLOB '*mlx4*'", ()),
        ([], "1", ()),
    ]
    for args, where, params in cases:
        want = [r[0] for r in rows(db, LATEST % where, params)]
        got = keyset(query_json(ctx, db, args + ["--per-model"]))
        expect(got == want, "query %s: rows" % args, "got %s" % got, "want %s" % want)
        expect(want or args == [], "query %s: the case must select something" % args)
    # --run and --since read history, not only the latest analysis.
    ctx.analyze(db, ctx.case_files("mmio001_*.c"), cwd=d)
    want = [r[0] for r in rows(db, "SELECT id FROM findings WHERE run_id = 1 ORDER BY id")]
    expect(keyset(query_json(ctx, db, ["--run", "1", "--per-model"])) == want, "--run 1")
    want = [r[0] for r in rows(db, "SELECT id FROM findings ORDER BY id")]
    expect(keyset(query_json(ctx, db, ["--since", "2000-01-01", "--per-model"])) == want,
           "--since 2000-01-01: all runs")
    expect(query_json(ctx, db, ["--since", "2999-01-01T00:00"]) == [], "--since the future: nothing")


def t_group_by(ctx):
    d, db = setup(ctx, "query-group")
    cols = {"rule": "rule", "file": "path", "function": "function", "lock": "lock_name", "model": "model"}
    for key, col in cols.items():
        want = rows(db, "SELECT %s, COUNT(*) FROM latest_findings GROUP BY %s" % (col, col))
        got = [(o[col], o["findings"]) for o in query_json(ctx, db, ["--group-by", key, "--per-model"])]
        expect(sorted(got, key=repr) == sorted(want, key=repr), "--group-by %s --per-model" % key, got, want)
        want = rows(db, "SELECT %s, COUNT(DISTINCT rule || '/' || defect) FROM latest_findings GROUP BY %s"
                    % (col, col))
        got = [(o[col], o["findings"]) for o in query_json(ctx, db, ["--group-by", key])]
        expect(sorted(got, key=repr) == sorted(want, key=repr), "--group-by %s counts defects" % key, got, want)
    want = rows(db, "SELECT COUNT(DISTINCT rule || '/' || defect) FROM latest_findings")[0][0]
    expect(len(query_json(ctx, db, [])) == want, "one row per defect by default")
    got = query_json(ctx, db, ["--group-by", "rule,model", "--rule", "MMIO001", "--per-model"])
    want = rows(db, "SELECT rule, model, COUNT(*), COUNT(DISTINCT fingerprint) FROM latest_findings"
                    " WHERE rule = 'MMIO001' GROUP BY rule, model")
    expect(sorted((o["rule"], o["model"], o["findings"], o["problems"]) for o in got) == sorted(want),
           "--group-by rule,model with a filter", got, want)


def t_injection(ctx):
    d, db = setup(ctx, "query-injection")
    planted = INJECTIONS[0]
    plant(db, planted)
    n = one(db, "SELECT COUNT(*) FROM findings")
    digest = file_digest(db)
    for s in INJECTIONS:
        for opt in ("--rule", "--file", "--function", "--lock", "--model"):
            if opt == "--rule" and s != planted:    # neither a check nor in the database: refused
                status, out, err = ctx.run(["query", "--db", db, "--format", "json", opt, s])
                expect(status == 2 and out == "" and "unknown --rule" in err, "--rule %r is refused" % s, status, err)
                continue
            got = query_json(ctx, db, [opt, s])
            if s == planted or (opt == "--file" and s == "%"):
                want = [r[0] for r in rows(db, LATEST % ("path GLOB ?" if opt == "--file" else "rule = ?"),
                                           (s,))]
            else:
                want = []
            expect(keyset(got) == want, "%s %r must match only the literal text" % (opt, s), got, want)
            got = query_json(ctx, db, [opt, s, "--group-by", "rule"])
            expect(sum(o["findings"] for o in got) == len(want), "%s %r --group-by rule" % (opt, s), got)
    expect(file_digest(db) == digest, "queries must not change the database")
    expect(one(db, "SELECT COUNT(*) FROM findings") == n, "findings intact")
    got = query_json(ctx, db, ["--file", planted])
    expect(len(got) == 1 and got[0]["message"] == PLANTED_MESSAGE and got[0]["function"] == planted,
           "the planted row comes back exactly", got)


REFUSED = [
    ("DELETE FROM findings", "not authorized"),
    ("UPDATE runs SET status = 'x'", "not authorized"),
    ("INSERT INTO meta VALUES ('a', 'b')", "not authorized"),
    ("DROP TABLE findings", "not authorized"),
    ("CREATE TABLE t(x)", "not authorized"),
    ("CREATE TEMP VIEW v AS SELECT 1", "not authorized"),
    ("ATTACH 'attached.db' AS a", "not authorized"),
    ("VACUUM INTO 'copy.db'", "only statements that read"),
    ("PRAGMA user_version = 7", "not authorized"),
    ("PRAGMA journal_mode = DELETE", "not authorized"),
    ("PRAGMA writable_schema = 1", "not authorized"),
    ("BEGIN IMMEDIATE", "not authorized"),
    ("SELECT 1; DELETE FROM findings", "give exactly one statement"),
    ("SELECT 1; SELECT 2", "give exactly one statement"),
    ("WITH x AS (SELECT 1) DELETE FROM findings", "not authorized"),
    ("SELECT load_extension('/tmp/evil.so')", "not authorized"),
    ("", "no statement"),
    ("SELEKT 1", "syntax error"),
]

ALLOWED = [
    ("SELECT COUNT(*) AS n FROM findings", None),
    ("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 5) SELECT SUM(x) AS s FROM c",
     [{"s": 15}]),
    ("PRAGMA table_info(runs)", None),
    ("SELECT name FROM sqlite_schema WHERE type = 'view' ORDER BY name",
     [{"name": n} for n in ("defects_per_check", "file_history", "finding_changes",
                            "findings_per_check_model", "findings_per_function", "findings_per_lock",
                            "latest_defects", "latest_files", "latest_findings", "run_trend",
                            "suppressed_findings")]),
    ("SELECT 1 AS one; -- a trailing comment", [{"one": 1}]),
]


def t_sql_readonly(ctx):
    d, db = setup(ctx, "query-sql")
    listing = sorted(os.listdir(d))
    digest = file_digest(db)
    for sql, why in REFUSED:
        status, out, err = ctx.run(["query", "--db", db, "--sql", sql], cwd=d)
        expect(status == 2, "--sql %r: exit 2" % sql, status, out, err)
        expect("%s: --sql refused: " % db in err and why in err, "--sql %r: says '%s'" % (sql, why), err)
        expect(out == "", "--sql %r: no output" % sql, out)
    expect(file_digest(db) == digest, "refused statements must leave the database unchanged")
    # Only SQLite's own WAL index files may appear next to the database.
    created = set(os.listdir(d)) - set(listing) - {"q.db-wal", "q.db-shm"}
    expect(not created, "and create no file", sorted(created))
    for sql, want in ALLOWED:
        got = query_json(ctx, db, ["--sql", sql])
        expect(got and (want is None or got == want), "--sql %r" % sql, got)
    status, out, err = ctx.run(["query", "--db", db, "--sql", "SELECT 1", "--rule", "MMIO001"])
    expect(status == 2 and "cannot be combined" in err, "--sql with a filter is a usage error", err)


def t_formats(ctx):
    d, db = setup(ctx, "query-formats")
    plant(db, "weird,\"path\"")
    con = sqlite3.connect(db)
    con.execute("UPDATE files SET path = CAST(X'6472762FFF2E63' AS TEXT) WHERE path = 'weird,\"path\"'")
    con.execute("UPDATE findings SET path = CAST(X'6472762FFF2E63' AS TEXT) WHERE path = 'weird,\"path\"'")
    con.commit()
    con.close()
    status, raw, err = 0, None, None
    import subprocess
    p = subprocess.run([ctx.mmiocheck, "query", "--db", db, "--format", "json"], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE)
    try:
        doc = json.loads(p.stdout.decode("utf-8"))     # strict: must be valid UTF-8
        bad = [o for o in doc if o["message"] == PLANTED_MESSAGE]
        expect(len(bad) == 1 and bad[0]["path"] == "drv/\ufffd.c",
               "invalid UTF-8 becomes U+FFFD in JSON", bad)
        expect(isinstance(doc[0]["line"], int) and isinstance(doc[0]["id"], int), "numbers are numbers")
    except (UnicodeDecodeError, ValueError) as e:
        expect(False, "json output must be valid UTF-8 JSON: %s" % e, p.stdout[:300])
        doc = []
    status, out, err = ctx.run(["query", "--db", db, "--format", "csv"])
    expect(status == 0, "csv: exit 0", status, err)
    recs = list(csv.reader(io.StringIO(out, newline="")))
    expect(recs and recs[0][:3] == ["id", "run_id", "rule"], "csv header", recs[:1])
    msgs = [r[recs[0].index("message")] for r in recs[1:]]
    expect(PLANTED_MESSAGE.replace("\n", "?") in msgs,
           "csv round-trips commas and quotes; control bytes (the newline) shown as '?'", msgs[-1:])
    expect(out.count("\n") == len(recs), "csv: one line per record (no raw control byte)", out[-200:])
    expect(len(recs) - 1 == len(doc), "csv and json give the same rows", len(recs) - 1, len(doc))
    status, out, err = ctx.run(["query", "--db", db, "--group-by", "rule"])
    lines = out.splitlines()
    expect(status == 0 and lines[0].split() == ["rule", "findings", "chains"], "table header", out)
    expect(lines[-1] == "(%d rows)" % (len(lines) - 2), "table row count line", out)
    expect(all("\n" not in l for l in lines), "table cells on one line")


def t_views(ctx):
    d = ctx.fresh_dir("query-views")
    db = os.path.join(d, "v.db")
    src = os.path.join(d, "drv.c")
    for text in (DRV_V1, DRV_V2):
        with open(src, "w") as f:
            f.write(text)
        status, out, err = ctx.analyze(db, ["drv.c"], cwd=d)
        expect(status == 1, "analyze: exit 1", status, err)
    trend = query_json(ctx, db, ["--sql", "SELECT run_id, files, findings, new, fixed FROM run_trend ORDER BY run_id"])
    expect(trend == [{"run_id": 1, "files": 1, "findings": 2, "new": 2, "fixed": 0},
                     {"run_id": 2, "files": 1, "findings": 2, "new": 1, "fixed": 1}], "run_trend", trend)
    ch = query_json(ctx, db, ["--sql", "SELECT change, line FROM finding_changes WHERE run_id = 2"
                                       " ORDER BY change"])
    expect(ch == [{"change": "fixed", "line": 9}, {"change": "new", "line": 23}], "finding_changes", ch)
    fn = query_json(ctx, db, ["--sql", "SELECT function, findings FROM findings_per_function ORDER BY function"])
    expect(fn == [{"function": "ring_b", "findings": 1}, {"function": "ring_c", "findings": 1}],
           "findings_per_function (latest only)", fn)
    lk = query_json(ctx, db, ["--sql", "SELECT lock_name, lock_type, findings, rules FROM findings_per_lock"])
    expect(lk == [{"lock_name": "d->lock", "lock_type": "struct dev::lock", "findings": 2, "rules": "MMIO001"}],
           "findings_per_lock", lk)
    cm = query_json(ctx, db, ["--sql", "SELECT rule, model, findings, files FROM findings_per_check_model"])
    expect(cm == [{"rule": "MMIO001", "model": "contract", "findings": 2, "files": 1}],
           "findings_per_check_model", cm)
    lf = query_json(ctx, db, ["--sql", "SELECT run_id, path FROM latest_files"])
    expect(lf == [{"run_id": 2, "path": "drv.c"}], "latest_files", lf)


def t_usage(ctx):
    d, db = setup(ctx, "query-usage")
    for args, want in ((["--group-by", "colour"], "unknown --group-by key 'colour'"),
                       (["--group-by", "rule,rule"], "given twice"),
                       (["--run", "0"], "bad --run '0'"),
                       (["--run", "1x"], "bad --run '1x'"),
                       (["--since", "yesterday"], "bad --since 'yesterday'"),
                       (["--format", "xml"], "unknown --format 'xml'"),
                       (["--colour"], "unknown option '--colour'"),
                       (["--rule"], "needs an argument")):
        status, out, err = ctx.run(["query", "--db", db] + args)
        expect(status == 2 and want in err and out == "", "query %s: exit 2, '%s'" % (args, want), status, err)
    missing = os.path.join(d, "missing.db")
    status, out, err = ctx.run(["query", "--db", missing])
    expect(status == 2 and missing in err and "No such file" in err, "missing database", err)
    expect(not os.path.exists(missing), "query never creates a database")


if __name__ == "__main__":
    run_tests(globals(), __doc__)
