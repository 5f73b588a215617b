#!/usr/bin/env python3
"""Schema versions and migrations of the findings database.

  * a version 1 database (tests/db/fixtures/v1.sql, written by mmiocheck
    0.1.0) is upgraded to the current version in one step, keeps its rows,
    and ends with exactly the schema of a freshly created database;
  * the version 1 statements are unchanged (a fresh database's v1 objects
    are byte-for-byte those of the fixture);
  * a failing upgrade step leaves the database at version 1, without any
    object of the later steps;
  * several processes opening a version 1 database at once upgrade it once;
  * a database that is not ours, or is newer, is refused by every verb with
    exit 2 and a message naming it, and left byte-for-byte untouched.
"""

import os
import sqlite3
import subprocess

from dblib import expect, rows, one, file_digest, schema_of, run_tests

CURRENT = 2
V1_OBJECTS_CHANGED_LATER = {"runs"}     # v2 adds runs.uid with ALTER TABLE


def load_fixture(ctx, path):
    with open(os.path.join(ctx.tests, "db", "fixtures", "v1.sql")) as f:
        sql = f.read()
    con = sqlite3.connect(path)
    con.executescript(sql)
    con.close()


def fresh_db(ctx, d):
    db = os.path.join(d, "fresh.db")
    status, out, err = ctx.analyze(db, [os.path.join(ctx.tests, "cases", "mmio001_mlx4_doorbell.c")])
    expect(status == 1, "fresh analyze: exit 1", status, err)
    return db


def t_upgrade_v1(ctx):
    d = ctx.fresh_dir("schema-upgrade")
    old = os.path.join(d, "v1.db")
    load_fixture(ctx, old)
    before = rows(old, "SELECT * FROM findings ORDER BY id")
    trace_before = rows(old, "SELECT * FROM trace_steps ORDER BY finding_id, seq")
    started = one(old, "SELECT started_at FROM runs WHERE id = 1")
    expect(one(old, "PRAGMA user_version") == 1, "fixture must be version 1")
    status, out, err = ctx.run(["query", "--db", old, "--format", "csv"])
    expect(status == 0, "query on a v1 database: exit 0", status, err)
    expect("upgraded to schema version %d" % CURRENT in err, "the upgrade must be reported", err)
    expect(one(old, "SELECT value FROM meta WHERE key = 'schema_version'") == str(CURRENT),
           "meta.schema_version after upgrade")
    expect(one(old, "PRAGMA user_version") == CURRENT, "user_version after upgrade")
    after = [r[:len(before[0])] for r in rows(old, "SELECT * FROM findings ORDER BY id")]
    expect(after == before, "findings rows must survive the upgrade unchanged")
    expect(rows(old, "SELECT * FROM trace_steps ORDER BY finding_id, seq") == trace_before,
           "trace steps must survive the upgrade unchanged")
    expect(rows(old, "SELECT uid FROM runs") == [("v1-1-" + started,)],
           "a v1 run gets the uid 'v1-<id>-<started_at>'", rows(old, "SELECT uid FROM runs"))
    fresh = fresh_db(ctx, d)
    so, sf = schema_of(old), schema_of(fresh)
    expect(so == sf, "an upgraded database must have exactly the schema of a fresh one",
           "upgraded only: %s" % [o for o in so[0] if o not in sf[0]],
           "fresh only: %s" % [o for o in sf[0] if o not in so[0]])
    expect(rows(old, "PRAGMA integrity_check") == [("ok",)], "integrity after upgrade")
    expect(rows(old, "PRAGMA foreign_key_check") == [], "foreign keys after upgrade")
    # The upgraded database answers the v2 views.
    trend = rows(old, "SELECT run_id, files, findings, new, fixed FROM run_trend")
    expect(trend == [(1, 2, 2, 2, 0)], "run_trend of the fixture", trend)


def t_v1_unchanged(ctx):
    d = ctx.fresh_dir("schema-v1")
    old = os.path.join(d, "v1.db")
    load_fixture(ctx, old)
    fixture = {r[1]: r[3] for r in schema_of(old)[0]}
    fresh = {r[1]: r[3] for r in schema_of(fresh_db(ctx, d))[0]}
    for name, sql in fixture.items():
        if name in V1_OBJECTS_CHANGED_LATER:
            continue
        expect(fresh.get(name) == sql, "v1 object %s must be created byte-for-byte as in 0.1.0" % name,
               "fixture: %s" % sql, "fresh:   %s" % fresh.get(name))
    expect(fresh["runs"] == fixture["runs"][:-1] + ", uid TEXT)",
           "runs = the v1 table plus uid", fresh["runs"])


def t_failed_upgrade(ctx):
    d = ctx.fresh_dir("schema-failed")
    old = os.path.join(d, "v1.db")
    load_fixture(ctx, old)
    con = sqlite3.connect(old)
    con.execute("CREATE VIEW findings_per_lock AS SELECT 1 AS x")   # step 2 will collide
    con.commit()
    con.close()
    objs = schema_of(old)
    data = rows(old, "SELECT * FROM findings ORDER BY id")
    status, out, err = ctx.analyze(old, [os.path.join(ctx.tests, "cases", "mmio004_no_lock.c")])
    expect(status == 2, "a failed upgrade exits 2", status, err)
    expect("%s: cannot upgrade the database from schema version 1 to %d (left unchanged): step 2: "
           "view findings_per_lock already exists" % (old, CURRENT) in err,
           "the message names the database, versions, step and reason", err)
    expect(schema_of(old) == objs, "the failed upgrade must leave the schema as it was")
    expect(rows(old, "SELECT * FROM findings ORDER BY id") == data, "and the rows")
    expect(one(old, "SELECT COUNT(*) FROM runs") == 1, "no run was recorded")


def t_concurrent_upgrade(ctx):
    d = ctx.fresh_dir("schema-concurrent")
    old = os.path.join(d, "v1.db")
    load_fixture(ctx, old)
    files = ctx.case_files("mmio00*.c")[:8]
    procs = [subprocess.Popen([ctx.mmiocheck, "--db", old, f, "--", "-I", ctx.include],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE) for f in files]
    for p, f in zip(procs, files):
        err = p.communicate(timeout=120)[1].decode()
        expect(p.returncode in (0, 1), "%s: exit 0/1 while others upgrade" % f, p.returncode, err)
    expect(one(old, "PRAGMA user_version") == CURRENT, "upgraded")
    expect(one(old, "SELECT COUNT(*) FROM meta") == 2, "meta rows once", rows(old, "SELECT * FROM meta"))
    expect(one(old, "SELECT COUNT(*) FROM runs") == 1 + len(files), "every process recorded its run")
    expect(one(old, "SELECT COUNT(*) FROM runs WHERE status = 'ok'") == 1 + len(files), "all finished ok")


def bad_databases(ctx, d):
    """(path, what the message must say) for every kind of refused file."""
    out = []
    foreign = os.path.join(d, "foreign.db")
    con = sqlite3.connect(foreign)
    con.executescript("CREATE TABLE t(x); INSERT INTO t VALUES (42);")
    con.close()
    out.append((foreign, "not a mmiocheck database (it has 1 table but no meta table)"))
    nover = os.path.join(d, "noversion.db")
    con = sqlite3.connect(nover)
    con.executescript("CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT);"
                      "INSERT INTO meta VALUES ('schema_version', 'banana');")
    con.close()
    out.append((nover, "not a mmiocheck database (meta has no valid schema_version)"))
    newer = os.path.join(d, "newer.db")
    load_fixture(ctx, newer)
    con = sqlite3.connect(newer)
    con.executescript("UPDATE meta SET value = '9' WHERE key = 'schema_version'; PRAGMA user_version = 9;")
    con.close()
    out.append((newer, "database has schema version 9, newer than this mmiocheck"))
    text = os.path.join(d, "notes.txt")
    with open(text, "w") as f:
        f.write("registers, not rows\n" * 50)
    out.append((text, "file is not a database"))
    return out


def t_refusals(ctx):
    d = ctx.fresh_dir("schema-refusals")
    src = os.path.join(ctx.tests, "cases", "mmio004_no_lock.c")
    good = os.path.join(d, "good.db")
    ctx.analyze(good, [src])
    for path, reason in bad_databases(ctx, d):
        verbs = {
            "analyze": ["--db", path, src, "--", "-I", ctx.include],
            "query": ["query", "--db", path],
            "query --sql": ["query", "--db", path, "--sql", "SELECT 1"],
            "gc": ["gc", "--db", path, "--keep", "0"],
            "merge (output)": ["merge", path, good],
            "merge (input)": ["merge", os.path.join(d, "out-%s.db" % os.path.basename(path)), path],
        }
        for verb, args in verbs.items():
            digest = file_digest(path)
            status, out, err = ctx.run(args, cwd=d)
            expect(status == 2, "%s %s: exit 2" % (verb, os.path.basename(path)), status, err)
            expect(path in err and reason in err,
                   "%s %s: message names the file and says '%s'" % (verb, os.path.basename(path), reason), err)
            expect(file_digest(path) == digest, "%s %s: file untouched" % (verb, os.path.basename(path)))
            expect(not os.path.exists(path + "-wal"), "%s %s: no WAL created" % (verb, os.path.basename(path)))


if __name__ == "__main__":
    run_tests(globals(), __doc__)
