#!/usr/bin/env python3
"""mmiocheck gc: pruning old runs and vacuuming.

  * --keep N leaves exactly the N newest runs and every row of theirs, and
    no row of any other run (no orphans), with integrity and foreign keys
    intact; what it reports deleting is what disappeared;
  * a run still 'running' that started recently is kept, an old one is not;
  * without --keep nothing is deleted; the file never grows;
  * bad options and a missing database exit 2, and gc creates no database.
"""

import os
import sqlite3

from dblib import expect, rows, one, run_tests

CHILDREN = {
    "files": "SELECT COUNT(*) FROM files WHERE run_id NOT IN (SELECT id FROM runs)",
    "functions": "SELECT COUNT(*) FROM functions WHERE file_id NOT IN (SELECT id FROM files)",
    "parse_errors": "SELECT COUNT(*) FROM parse_errors WHERE file_id NOT IN (SELECT id FROM files)",
    "findings": "SELECT COUNT(*) FROM findings WHERE file_id NOT IN (SELECT id FROM files)"
                " OR run_id NOT IN (SELECT id FROM runs)",
    "trace_steps": "SELECT COUNT(*) FROM trace_steps WHERE finding_id NOT IN (SELECT id FROM findings)",
    "summaries": "SELECT COUNT(*) FROM summaries WHERE file_id NOT IN (SELECT id FROM files)"
                 " OR run_id NOT IN (SELECT id FROM runs)",
    "summary_uses": "SELECT COUNT(*) FROM summary_uses WHERE file_id NOT IN (SELECT id FROM files)",
}


def five_runs(ctx, name):
    d = ctx.fresh_dir(name)
    db = os.path.join(d, "gc.db")
    groups = ["mmio001_*.c", "mmio002_*.c", "ip_*.c", "mmio006_*.c", "cf_*.c"]
    for g in groups:
        status, out, err = ctx.analyze(db, ctx.case_files(g), cwd=d)
        expect(status in (0, 1), "analyze %s" % g, status, err)
    ctx.analyze(db, [os.path.join(ctx.tests, "cases", "err_partial_parse.c")], cwd=d)
    return d, db


def per_run(db, table, join=""):
    return dict(rows(db, "SELECT r.id, COUNT(x.rowid) FROM runs r LEFT JOIN %s x ON %s GROUP BY r.id"
                     % (table, join)))


def snapshot(db):
    return {
        "files": per_run(db, "files", "x.run_id = r.id"),
        "findings": per_run(db, "findings", "x.run_id = r.id"),
        "trace": dict(rows(db, "SELECT f.run_id, COUNT(*) FROM trace_steps t JOIN findings f"
                               " ON f.id = t.finding_id GROUP BY f.run_id")),
    }


def t_keep(ctx):
    d, db = five_runs(ctx, "gc-keep")
    before = snapshot(db)
    ids = [r[0] for r in rows(db, "SELECT id FROM runs ORDER BY id")]
    expect(len(ids) == 6, "six runs to start with", ids)
    expect(one(db, "SELECT COUNT(*) FROM summaries") > 0, "with function summaries")
    size = os.path.getsize(db)
    status, out, err = ctx.run(["gc", "--db", db, "--keep", "2"])
    expect(status == 0, "gc --keep 2: exit 0", status, err)
    kept = [r[0] for r in rows(db, "SELECT id FROM runs ORDER BY id")]
    expect(kept == ids[-2:], "the two newest runs are kept", kept)
    gone = [i for i in ids if i not in kept]
    nfiles = sum(before["files"][i] for i in gone)
    nfind = sum(before["findings"][i] for i in gone)
    expect("%s: 4 runs deleted (%d files, %d findings);" % (db, nfiles, nfind) in out, "the report", out)
    after = snapshot(db)
    for k in before:
        expect(after[k] == {i: n for i, n in before[k].items() if i in kept}, "%s of kept runs intact" % k,
               after[k], before[k])
    for table, sql in CHILDREN.items():
        expect(one(db, sql) == 0, "no orphan rows in %s" % table)
    expect(rows(db, "PRAGMA integrity_check") == [("ok",)], "integrity")
    expect(rows(db, "PRAGMA foreign_key_check") == [], "foreign keys")
    expect(os.path.getsize(db) <= size, "vacuum does not grow the file", os.path.getsize(db), size)
    expect(not os.path.exists(db + "-wal") or os.path.getsize(db + "-wal") == 0, "WAL truncated")
    latest = {r[0] for r in rows(db, "SELECT DISTINCT run_id FROM latest_findings")}
    expect(latest <= set(kept), "latest_findings only from kept runs", latest)


def t_unfinished(ctx):
    d, db = five_runs(ctx, "gc-unfinished")
    con = sqlite3.connect(db)
    con.execute("UPDATE runs SET finished_at = NULL, status = 'running',"
                " started_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 hours') WHERE id = 1")
    con.execute("UPDATE runs SET finished_at = NULL, status = 'running',"
                " started_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-3 days') WHERE id = 2")
    con.commit()
    con.close()
    status, out, err = ctx.run(["gc", "--db", db, "--keep", "1"])
    expect(status == 0, "exit 0", status, err)
    kept = [r[0] for r in rows(db, "SELECT id FROM runs ORDER BY id")]
    expect(kept == [1, 6], "a recent unfinished run is spared, an old one pruned", kept)


def t_vacuum_only(ctx):
    d, db = five_runs(ctx, "gc-vacuum")
    n = one(db, "SELECT COUNT(*) FROM findings")
    status, out, err = ctx.run(["gc", "--db", db])
    expect(status == 0 and "0 runs deleted (0 files, 0 findings)" in out, "gc alone deletes nothing", out, err)
    expect(one(db, "SELECT COUNT(*) FROM findings") == n, "findings intact")
    status, out, err = ctx.run(["gc", "--db", db, "--keep", "0", "--no-vacuum"])
    expect(status == 0 and one(db, "SELECT COUNT(*) FROM runs") == 0, "--keep 0 prunes everything", out, err)
    expect(one(db, "SELECT COUNT(*) FROM trace_steps") == 0, "with every child row")


def t_usage(ctx):
    d, db = five_runs(ctx, "gc-usage")
    for args, want in ((["--keep", "-1"], "bad --keep '-1'"), (["--keep", "x"], "bad --keep 'x'"),
                       (["--keep"], "needs an argument"), (["--colour"], "unknown option '--colour'"),
                       (["extra"], "unexpected argument 'extra'")):
        status, out, err = ctx.run(["gc", "--db", db] + args)
        expect(status == 2 and want in err, "gc %s: exit 2, '%s'" % (args, want), status, err)
    missing = os.path.join(d, "missing.db")
    status, out, err = ctx.run(["gc", "--db", missing, "--keep", "1"])
    expect(status == 2 and missing in err and "No such file" in err, "missing database", err)
    expect(not os.path.exists(missing), "gc creates no database")


if __name__ == "__main__":
    run_tests(globals(), __doc__)
