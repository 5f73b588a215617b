#!/usr/bin/env python3
"""mmiocheck merge: combining the databases of sharded runs.

  * merging shards gives every run, file, function, parse error, finding
    and trace step of every shard exactly once, with the same content;
  * merging the same shards again (or the merged database into another)
    changes nothing;
  * a later analysis of the same (run, path) replaces the earlier one, an
    earlier one does not; an unfinished run is completed by a finished copy;
  * an input that is missing, not ours, newer, or the output itself is
    refused (exit 2) and the output left as it was; a merge that fails half
    way leaves no trace of the input.
"""

import os
import shutil
import sqlite3

from dblib import expect, rows, one, file_digest, run_tests

TABLES = ("runs", "files", "functions", "parse_errors", "findings", "trace_steps", "summaries", "summary_uses",
          "notes")

# Function summaries, as the analyzer stores them, by file.
SUMMARY_KEY = ("SELECT r.uid, fl.path, s.key, s.name, s.hash, s.capped, s.body FROM summaries s"
               " JOIN files fl ON fl.id = s.file_id JOIN runs r ON r.id = s.run_id")
USES_KEY = "SELECT fl.path, u.key, u.hash FROM summary_uses u JOIN files fl ON fl.id = u.file_id"
# A table someone added (as a later migration would): rows hang off files.
NOTES = ("CREATE TABLE IF NOT EXISTS notes (id INTEGER PRIMARY KEY,"
         " file_id INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE, note TEXT);"
         "CREATE TABLE IF NOT EXISTS loose (x TEXT)")

FINDING_KEY = ("SELECT r.uid, fl.path, f.rule, f.model, f.severity, f.path, f.line, f.col, f.lock_name,"
               " f.accessor, f.message, f.fingerprint, fn.name, fn.line,"
               " (SELECT GROUP_CONCAT(t.seq || ':' || t.kind || ':' || t.line || ':' || t.message, '|')"
               "  FROM trace_steps t WHERE t.finding_id = f.id)"
               " FROM findings f JOIN files fl ON fl.id = f.file_id JOIN runs r ON r.id = f.run_id"
               " LEFT JOIN functions fn ON fn.id = f.function_id")


def dump(db):
    con = sqlite3.connect(db)
    try:
        return list(con.iterdump())
    finally:
        con.close()


def counts(db):
    return {t: one(db, "SELECT COUNT(*) FROM %s" % t) for t in TABLES}


def shards(ctx, d):
    """Three shard databases, each analyzed in its own directory."""
    out = []
    for name, pattern in (("a", "mmio001_*.c"), ("b", "ip_*.c"), ("c", "mmio00[2346]_*.c")):
        sd = os.path.join(d, "shard-" + name)
        os.makedirs(sd)
        for f in ctx.case_files(pattern):
            shutil.copy(f, sd)
        db = os.path.join(d, name + ".db")
        status, out_, err = ctx.analyze(db, sorted(os.listdir(sd)), cwd=sd)
        expect(status == 1, "shard %s: exit 1" % name, status, err)
        out.append(db)
    # Shard b also analyzed a cross-file wrapper in two runs (summary uses).
    xtu = os.path.join(ctx.tests, "cases", "ip_xtu_wrapper")
    for f in ("foo_hw.c", "foo_main.c"):
        ctx.analyze(out[1], [f], cwd=xtu)
    # Shard c also had a file with parse errors.
    status, o, err = ctx.analyze(out[2], [os.path.join(ctx.tests, "cases", "err_partial_parse.c")])
    expect(one(out[2], "SELECT COUNT(*) FROM parse_errors") > 0, "shard c has parse errors")
    for db in out:
        con = sqlite3.connect(db)
        con.executescript(NOTES)
        con.execute("INSERT INTO notes(file_id, note) SELECT id, 'note on ' || path FROM files")
        con.execute("INSERT INTO loose VALUES ('cannot be merged')")
        con.commit()
        con.close()
    expect(all(one(db, "SELECT COUNT(*) FROM summaries") > 0 for db in out), "every shard has summaries")
    expect(one(out[1], "SELECT COUNT(*) FROM summary_uses") > 0, "shard b uses summaries")
    return out


def merge(ctx, out, inputs, want_status=0):
    status, o, err = ctx.run(["merge", out] + inputs)
    expect(status == want_status, "merge %s: exit %d" % ([os.path.basename(i) for i in inputs], want_status),
           status, o, err)
    return o, err


def t_merge_shards(ctx):
    d = ctx.fresh_dir("merge-shards")
    ins = shards(ctx, d)
    out = os.path.join(d, "out.db")
    ctx.analyze(out, [os.path.join(ctx.tests, "cases", "mmio004_no_lock.c")])
    ctx.run(["gc", "--db", out, "--keep", "0"])     # an empty mmiocheck database
    con = sqlite3.connect(out)
    con.executescript(NOTES)      # the output has the extra tables too
    con.close()
    o, err = merge(ctx, out, ins)
    expect(err.count("not merged (no reference to a file or finding): loose") == 3,
           "a table that cannot be merged is reported", err)
    for key in (SUMMARY_KEY, USES_KEY, "SELECT fl.path, n.note FROM notes n JOIN files fl ON fl.id = n.file_id"):
        expect(sorted(rows(out, key)) == sorted(x for i in ins for x in rows(i, key)),
               "copied unchanged: %s" % key[:40])
    want = {t: sum(counts(i)[t] for i in ins) for t in TABLES}
    expect(counts(out) == want, "every row of every shard exactly once", counts(out), want)
    merged = sorted(rows(out, FINDING_KEY), key=repr)
    expected = sorted((r for i in ins for r in rows(i, FINDING_KEY)), key=repr)
    expect(merged == expected, "findings, functions and traces copied unchanged")
    files = lambda db: sorted(rows(db, "SELECT r.uid, fl.path, fl.content_hash, fl.parse_errors, fl.n_functions,"
                                       " fl.status, fl.analyzed_at FROM files fl JOIN runs r ON r.id = fl.run_id"))
    expect(files(out) == sorted(x for i in ins for x in files(i)), "files copied unchanged")
    errs = lambda db: sorted(rows(db, "SELECT fl.path, e.line, e.message FROM parse_errors e"
                                      " JOIN files fl ON fl.id = e.file_id"))
    expect(errs(out) == sorted(x for i in ins for x in errs(i)), "parse errors copied")
    expect(rows(out, "PRAGMA integrity_check") == [("ok",)], "integrity")
    expect(rows(out, "PRAGMA foreign_key_check") == [], "foreign keys")
    expect("a.db: 1 run added, 0 already present; %d files added, 0 replaced, 0 unchanged; %d findings added"
           % (counts(ins[0])["files"], counts(ins[0])["findings"]) in o, "the report line", o)
    before = dump(out)
    o, err = merge(ctx, out, ins)
    expect(dump(out) == before, "merging the same shards again changes nothing")
    for i in ins:
        expect("%s: 0 runs added, %d already present; 0 files added, 0 replaced, %d unchanged; 0 findings added"
               % (i, counts(i)["runs"], counts(i)["files"]) in o, "the second merge adds nothing", o)
    out2 = os.path.join(d, "out2.db")
    merge(ctx, out2, [out])
    merge(ctx, out2, [out, ins[1]])
    expect(sorted(rows(out2, FINDING_KEY), key=repr) == merged, "merging a merged database is the same")


def t_replace_and_finish(ctx):
    d = ctx.fresh_dir("merge-replace")
    a = shards(ctx, d)[0]
    out = os.path.join(d, "out.db")
    # a2: the same run, still unfinished, one file analyzed again later with one finding fewer.
    a2 = os.path.join(d, "a2.db")
    shutil.copy(a, a2)
    con = sqlite3.connect(a2)
    fid, path = con.execute("SELECT file_id, fl.path FROM findings f JOIN files fl ON fl.id = f.file_id"
                            " ORDER BY f.id LIMIT 1").fetchone()
    con.execute("PRAGMA foreign_keys = ON")
    con.execute("DELETE FROM findings WHERE id = (SELECT MIN(id) FROM findings WHERE file_id = ?)", (fid,))
    con.execute("UPDATE files SET analyzed_at = '2999-01-01T00:00:00.000Z' WHERE id = ?", (fid,))
    con.execute("UPDATE runs SET finished_at = NULL, status = 'running'")
    con.commit()
    con.close()
    merge(ctx, out, [a2])
    expect(rows(out, "SELECT status FROM runs") == [("running",)], "unfinished run merged as running")
    o, err = merge(ctx, out, [a])
    expect(rows(out, "SELECT status FROM runs") == [("ok",)], "a finished copy completes the run")
    expect("0 files added, 0 replaced, %d unchanged" % counts(a)["files"] in o,
           "an earlier analysis does not replace a later one", o)
    n_a2 = one(a2, "SELECT COUNT(*) FROM findings f JOIN files fl ON fl.id = f.file_id WHERE fl.path = ?", (path,))
    n_out = one(out, "SELECT COUNT(*) FROM findings f JOIN files fl ON fl.id = f.file_id WHERE fl.path = ?", (path,))
    expect(n_out == n_a2, "the later analysis stays", n_out, n_a2)
    # Now the other way round: out has the earlier one, a2 the later.
    out3 = os.path.join(d, "out3.db")
    merge(ctx, out3, [a])
    o, err = merge(ctx, out3, [a2])
    expect("0 files added, 1 replaced, %d unchanged" % (counts(a)["files"] - 1) in o, "later replaces", o)
    expect(sorted(rows(out3, FINDING_KEY)) == sorted(rows(out, FINDING_KEY)), "same result in either order")
    expect(rows(out3, "PRAGMA foreign_key_check") == [], "foreign keys after replacing")


def t_refusals(ctx):
    d = ctx.fresh_dir("merge-refusals")
    a, b, c = shards(ctx, d)
    out = os.path.join(d, "out.db")
    merge(ctx, out, [a])
    newer = os.path.join(d, "newer.db")
    shutil.copy(b, newer)
    con = sqlite3.connect(newer)
    con.execute("UPDATE meta SET value = '10' WHERE key = 'schema_version'")
    con.commit()
    con.close()
    text = os.path.join(d, "notes.txt")
    with open(text, "w") as f:
        f.write("not a database\n" * 100)
    missing = os.path.join(d, "missing.db")
    for bad, why in ((out, "is the output database itself"), (newer, "schema version 10, newer"),
                     (text, "file is not a database"), (missing, "No such file")):
        before = dump(out)
        o, err = merge(ctx, out, [bad, c], want_status=2)
        expect(bad in err and why in err, "merge %s: says '%s'" % (os.path.basename(bad), why), err)
        expect(not os.path.exists(missing), "a missing input is not created")
        merged_c = one(out, "SELECT COUNT(*) FROM runs")
        expect(merged_c == 1 + counts(c)["runs"], "the good input after it is still merged", merged_c)
        con = sqlite3.connect(out)
        con.execute("PRAGMA foreign_keys = ON")
        con.execute("DELETE FROM runs WHERE id > 1")
        con.commit()
        con.close()
    # A merge that fails half way (a trigger of the output's owner rejects
    # trace steps, copied last) leaves nothing of the input.
    con = sqlite3.connect(out)
    con.execute("CREATE TRIGGER no_traces BEFORE INSERT ON trace_steps BEGIN SELECT RAISE(ABORT, 'boom'); END")
    con.commit()
    con.close()
    before = dump(out)
    o, err = merge(ctx, out, [b], want_status=2)
    expect("%s: cannot merge into %s: boom" % (b, out) in err, "the failure is reported", err)
    expect(dump(out) == before, "a failed merge leaves the output unchanged")
    status, o, err = ctx.run(["merge", out])
    expect(status == 2 and "needs OUT.db and at least one IN.db" in err, "usage", err)


if __name__ == "__main__":
    run_tests(globals(), __doc__)
