#!/usr/bin/env python3
"""Schema versions and migrations of the findings database.

  * a version 1 database (tests/db/fixtures/v1.sql, written by mmiocheck
    0.1.0) is upgraded to the current version in one step, keeps its rows,
    and ends with exactly the schema of a freshly created database;
  * so is a version 2 database written by main before migrations 3-5
    (tests/db/fixtures/v2.sql: its summaries and suppressions tables were
    made at every open), and one without those tables; the upgraded
    database answers suppressed_findings;
  * a failure in a later step (5) rolls back the earlier ones (3, 4) too;
  * the version 1 statements are unchanged (a fresh database's v1 objects
    are byte-for-byte those of the fixture);
  * a failing upgrade step leaves the database at version 1, without any
    object of the later steps;
  * several processes opening a version 1 database at once upgrade it once;
  * a database that is not ours, or is newer, is refused by every verb with
    exit 2 and a message naming it, and left byte-for-byte untouched.
"""

import json
import os
import sqlite3
import subprocess

from dblib import expect, rows, one, file_digest, schema_of, run_tests

CURRENT = 9
V1_OBJECTS_CHANGED_LATER = {"runs", "findings"}     # v2 adds runs.uid, v8 the defect columns (ALTER TABLE)


def load_fixture(ctx, path, name="v1.sql"):
    with open(os.path.join(ctx.tests, "db", "fixtures", name)) as f:
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


# Every table of a version 2 database written by main, for "rows intact".
V2_TABLES = ("meta", "runs", "files", "parse_errors", "functions", "findings", "trace_steps",
             "summaries", "summary_uses", "suppressions")
V2_SUPPRESSED = [(1, 1, "MMIO001", "contract", "drv.c", 19, "foo_kick", "writel_relaxed", "inSource",
                  "the device reads the ring head back first", "drv.c:18")]
SUPPRESSED_COLUMNS = ("run_id, finding_id, rule, model, path, line, function, accessor, kind, "
                      "reason, origin")


def v2_upgrade_checks(ctx, d, old, what):
    """Upgrade `old` (a version 2 database) by a query; common checks."""
    status, out, err = ctx.run(["query", "--db", old, "--format", "csv"])
    expect(status == 0, "%s: query on a v2 database: exit 0" % what, status, err)
    expect("upgraded to schema version %d" % CURRENT in err, "%s: the upgrade must be reported" % what, err)
    expect(one(old, "SELECT value FROM meta WHERE key = 'schema_version'") == str(CURRENT),
           "%s: meta.schema_version after upgrade" % what)
    expect(one(old, "PRAGMA user_version") == CURRENT, "%s: user_version after upgrade" % what)
    so, sf = schema_of(old), schema_of(fresh_db(ctx, d))
    expect(so == sf, "%s: an upgraded database must have exactly the schema of a fresh one" % what,
           "upgraded only: %s" % [o for o in so[0] if o not in sf[0]],
           "fresh only: %s" % [o for o in sf[0] if o not in so[0]])
    expect(rows(old, "PRAGMA integrity_check") == [("ok",)], "%s: integrity after upgrade" % what)
    expect(rows(old, "PRAGMA foreign_key_check") == [], "%s: foreign keys after upgrade" % what)


def t_upgrade_v2_main(ctx):
    d = ctx.fresh_dir("schema-upgrade-v2")
    old = os.path.join(d, "v2.db")
    load_fixture(ctx, old, "v2.sql")
    expect(one(old, "PRAGMA user_version") == 2, "fixture must be version 2")
    before = {t: rows(old, "SELECT * FROM %s ORDER BY rowid" % t) for t in V2_TABLES}
    expect(len(before["suppressions"]) == 2 and len(before["summaries"]) == 5
           and len(before["summary_uses"]) == 1, "the fixture has rows in the tables made at open", before["suppressions"])
    v2_upgrade_checks(ctx, d, old, "v2 of main")
    for t in V2_TABLES:
        # (columns later migrations added come last: compare the old ones)
        after = [r[:len(before[t][0])] if before[t] else r for r in rows(old, "SELECT * FROM %s ORDER BY rowid" % t)]
        if t == "meta":
            after = [r if r[0] != "schema_version" else ("schema_version", "2") for r in after]
        expect(after == before[t], "v2 of main: %s rows must survive the upgrade unchanged" % t,
               before[t], after)
    got = rows(old, "SELECT %s FROM suppressed_findings ORDER BY run_id, finding_id" % SUPPRESSED_COLUMNS)
    expect(got == V2_SUPPRESSED, "suppressed_findings of the upgraded fixture", got)
    # The upgraded database takes new runs, their suppressions and summaries.
    src = os.path.join(d, "drv.c")
    with open(os.path.join(ctx.tests, "db", "fixtures", "v2-drv.c")) as f, open(src, "w") as g:
        g.write(f.read())
    status, out, err = ctx.run(["--db", old, "drv.c", "--", "-I", ctx.include], cwd=d)
    expect(status == 1, "analyze into the upgraded database: exit 1", status, err)
    got = rows(old, "SELECT %s FROM suppressed_findings WHERE run_id = 3" % SUPPRESSED_COLUMNS)
    expect(len(got) == 1 and got[0][0] == 3 and got[0][2:] == V2_SUPPRESSED[0][2:],
           "the new run's suppressed finding is in the view", got)
    expect(one(old, "SELECT COUNT(*) FROM summaries WHERE run_id = 3") == 4, "and its summaries")


def t_upgrade_v2_without_open_time_tables(ctx):
    d = ctx.fresh_dir("schema-upgrade-v2-bare")
    old = os.path.join(d, "v2.db")
    load_fixture(ctx, old, "v2.sql")
    con = sqlite3.connect(old)
    con.executescript("DROP TABLE summaries; DROP TABLE summary_uses; DROP TABLE suppressions;")
    con.close()
    findings = rows(old, "SELECT * FROM findings ORDER BY id")
    v2_upgrade_checks(ctx, d, old, "v2 without open-time tables")
    expect([r[:len(findings[0])] for r in rows(old, "SELECT * FROM findings ORDER BY id")] == findings,
           "findings survive")
    expect(rows(old, "SELECT COUNT(*) FROM suppressed_findings") == [(0,)], "an empty view")


def t_failed_later_step(ctx):
    d = ctx.fresh_dir("schema-failed-v5")
    old = os.path.join(d, "v2.db")
    load_fixture(ctx, old, "v2.sql")
    con = sqlite3.connect(old)
    con.executescript("DROP TABLE summaries; DROP TABLE summary_uses; DROP TABLE suppressions;"
                      "CREATE VIEW suppressed_findings AS SELECT 1 AS x;")   # step 5 will collide
    con.close()
    objs = schema_of(old)
    status, out, err = ctx.analyze(old, [os.path.join(ctx.tests, "cases", "mmio004_no_lock.c")])
    expect(status == 2, "a failed upgrade exits 2", status, err)
    expect("%s: cannot upgrade the database from schema version 2 to %d (left unchanged): step 5: "
           "view suppressed_findings already exists" % (old, CURRENT) in err,
           "the message names the database, versions, step and reason", err)
    expect(schema_of(old) == objs, "steps 3 and 4 must be rolled back with 5: the schema is as it was",
           [o[1] for o in schema_of(old)[0] if o not in objs[0]])
    expect(one(old, "SELECT COUNT(*) FROM runs") == 2, "no run was recorded")


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


def t_migrate_v7_defects(ctx):
    """A database written by the last version before defects (one row per
    caller and model) reads back as one finding, matches a fresh analysis
    as a baseline (no new, no fixed), and migrates to schema 8 with its six
    rows grouped into one defect at the write in the helper."""
    d = ctx.fresh_dir("schema-v7-defects")
    old = os.path.join(d, "v7.db")
    load_fixture(ctx, old, "v7-defects.sql")
    with open(os.path.join(ctx.tests, "db", "fixtures", "v7-drv.c")) as f, \
            open(os.path.join(d, "v7-drv.c"), "w") as g:
        g.write(f.read())
    status, out, err = ctx.run(["report", "--db", old, "--format", "json"], cwd=d)
    doc = json.loads(out)
    expect(status == 0 and len(doc["findings"]) == 1 and doc["findings"][0]["paths"] == 3 and
           doc["findings"][0]["models"] == ["contract", "generic"],
           "the v7 rows read back as one finding (3 paths, 2 models)", status, out[:600], err)
    new = os.path.join(d, "new.db")
    status, out, err = ctx.run(["--db", new, "--model", "contract,generic", "--source-root", d, "v7-drv.c",
                                "--", "-I", ctx.include], cwd=d)
    expect(status == 1, "analyze the same file now: exit 1", status, err)
    status, out, err = ctx.run(["diff", "--baseline", old, "--db", new], cwd=d)
    expect(status == 0 and "0 new (0 warning or error), 0 fixed, 1 unchanged" in out,
           "the v7 database as a baseline: the defect is unchanged", status, out, err)
    status, out, err = ctx.run(["--db", old, "--model", "contract,generic", "--source-root", d, "v7-drv.c",
                                "--", "-I", ctx.include], cwd=d)
    expect(status == 1 and one(old, "PRAGMA user_version") == CURRENT, "analyze migrates it", status, err)
    expect(rows(old, "SELECT COUNT(*), COUNT(DISTINCT defect), MIN(site_line), MAX(site_line)"
                     " FROM findings WHERE run_id = 1") == [(6, 1, 37, 37)],
           "the six old rows: one defect, its site the write in the helper (line 37)",
           rows(old, "SELECT id, defect, site_path, site_line FROM findings"))
    status, out, err = ctx.run(["diff", "--db", old, "--baseline-run", "1"], cwd=d)
    expect(status == 0 and "0 new (0 warning or error), 0 fixed, 1 unchanged" in out,
           "the migrated run against the new one: unchanged", status, out, err)
    status, out, err = ctx.run(["query", "--db", old, "--run", "1", "--format", "json"], cwd=d)
    got = json.loads(out)
    expect(len(got) == 1 and got[0]["paths"] == 3, "query: one defect of the migrated run", out)


def t_migrate_v8_header_summaries(ctx):
    """A database written before header summaries said what they depend on
    migrates to schema 9 with its summaries kept and their deps NULL; they
    are never reused (a header function is solved), the new rows carry
    deps, and the findings are a fresh database's."""
    d = ctx.fresh_dir("schema-v8-headers")
    old = os.path.join(d, "v8.db")
    load_fixture(ctx, old, "v8-header-summaries.sql")
    before = rows(old, "SELECT id, key, hash, body FROM summaries ORDER BY id")
    expect(len(before) == 3 and one(old, "SELECT value FROM meta WHERE key = 'schema_version'") == "8",
           "the fixture: schema 8, three summaries", before)
    for name in ("foo_hw.h", "foo_rx.c"):
        with open(os.path.join(ctx.tests, "header_reuse", name)) as f, open(os.path.join(d, name), "w") as g:
            g.write(f.read())
    args = ["--stats", "--format", "json", "--source-root", d, "foo_rx.c", "--", "-I", ctx.include,
            "-DFOO_RELAXED_DOORBELL"]
    status, out, err = ctx.run(["--db", old] + args, cwd=d)
    expect(status == 1 and one(old, "PRAGMA user_version") == CURRENT, "analyze migrates it", status, err)
    expect(rows(old, "SELECT id, key, hash, body FROM summaries WHERE run_id = 1 ORDER BY id") == before and
           one(old, "SELECT COUNT(*) FROM summaries WHERE run_id = 1 AND deps IS NOT NULL") == 0,
           "the old summaries survive, with deps NULL")
    expect("(header functions: 2 solved, 0 reused)" in err, "old header summaries are not reused", err)
    expect(one(old, "SELECT COUNT(*) FROM summaries WHERE run_id = 2 AND deps IS NOT NULL") == 2,
           "the new header summaries carry their deps")
    new = os.path.join(d, "new.db")
    _, fresh_out, _ = ctx.run(["--db", new] + args, cwd=d)
    expect(json.loads(out)["findings"] == json.loads(fresh_out)["findings"], "the findings of a fresh database",
           out[:400], fresh_out[:400])


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
    # Another program's database that happens to keep a key/value meta table
    # (in rollback-journal mode: it must stay so, not be switched to WAL).
    kv = os.path.join(d, "foreign-meta.db")
    con = sqlite3.connect(kv)
    con.executescript("CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT);"
                      "INSERT INTO meta VALUES ('app', 'photos'), ('version', '3');"
                      "CREATE TABLE photos(id INTEGER PRIMARY KEY, name TEXT);")
    con.close()
    out.append((kv, "not a mmiocheck database (meta has no valid schema_version)"))
    newer = os.path.join(d, "newer.db")
    load_fixture(ctx, newer)
    con = sqlite3.connect(newer)
    con.executescript("UPDATE meta SET value = '10' WHERE key = 'schema_version'; PRAGMA user_version = 10;")
    con.close()
    out.append((newer, "database has schema version 10, newer than this mmiocheck"))
    # One step ahead of this build (a v2 database of main, relabelled).
    ahead = os.path.join(d, "ahead.db")
    load_fixture(ctx, ahead, "v2.sql")
    con = sqlite3.connect(ahead)
    con.executescript("UPDATE meta SET value = '%d' WHERE key = 'schema_version'; PRAGMA user_version = %d;"
                      % (CURRENT + 1, CURRENT + 1))
    con.close()
    out.append((ahead, "database has schema version %d, newer than this mmiocheck" % (CURRENT + 1)))
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
            expect(not os.path.exists(path + "-shm"), "%s %s: no -shm created" % (verb, os.path.basename(path)))
            if path.endswith("foreign-meta.db"):
                con = sqlite3.connect(path)
                mode = con.execute("PRAGMA journal_mode").fetchone()[0]
                con.close()
                expect(mode == "delete", "%s %s: journal mode untouched" % (verb, os.path.basename(path)), mode)


if __name__ == "__main__":
    run_tests(globals(), __doc__)
