#!/usr/bin/env python3
"""Baselines, diffs and suppressions: `mmiocheck diff`, `mmiocheck
--baseline DB`, ignore comments, --suppress files, --show-suppressed.

    test_baseline.py --mmiocheck PATH --tests DIR --work DIR [-k NAME]
"""

import argparse
import json
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rtlib import Ctx, db_rows, expect, load_json, run_tests, write  # noqa: E402

HEAD = "#include <linux/spinlock.h>\n#include <linux/io.h>\nspinlock_t l;\nvoid __iomem *base;\n\n"


def fn(name, accessor="writel_relaxed", comment=""):
    """A function whose write (with an optional trailing comment) is MMIO001 under
    contract when the accessor is relaxed."""
    return ("void %s(void)\n{\n\tspin_lock(&l);\n\t%s(1, base);%s\n\tspin_unlock(&l);\n}\n\n"
            % (name, accessor, comment))


def analyze(c, d, src, db, extra=()):
    return c.analyze(d, [src], db, ["--model", "contract", "--source-root", os.path.dirname(src)] + list(extra))


def t_diff_two_databases(c):
    """diff OLD.db NEW.db: one new, one fixed, one unchanged, matched by
    fingerprint although every line moved; exit 1 for the new warning."""
    d = c.fresh_dir("diff-dbs")
    old = write(os.path.join(d, "old", "drv.c"), HEAD + fn("keep") + fn("gone"))
    new = write(os.path.join(d, "new", "drv.c"), "/* moved */\n\n" + HEAD + fn("fresh_one") + fn("keep") +
                fn("gone", "writel"))
    status, out, err = analyze(c, d, old, os.path.join(d, "old.db"))
    expect(status == 1, "old: findings", status, out, err)
    status, out, err = analyze(c, d, new, os.path.join(d, "new.db"))
    expect(status == 1, "new: findings", status, out, err)
    status, out, err = c.run(["diff", "--baseline", "old.db", "--db", "new.db"], d)
    expect(status == 1, "a new warning: exit 1", status, out, err)
    lines = out.splitlines()
    kinds = sorted(l.split(" ", 1)[0] for l in lines[:-1])
    expect(kinds == ["fixed", "new", "unchanged"], "one new, one fixed, one unchanged: %s" % kinds, status, out)
    expect(any(l.startswith("new drv.c:") and "[MMIO001] (model: contract)" in l for l in lines),
           "the new finding is fresh_one's", status, out)
    expect(lines[-1] == "mmiocheck diff: 1 new (1 warning or error), 1 fixed, 1 unchanged "
           "(baseline run 1, current run 1)", "summary: %r" % lines[-1])
    status, out, err = c.run(["diff", "--baseline", "old.db", "--db", "new.db", "--format", "json"], d)
    doc = load_json(out, status, err)
    expect(doc["format"] == "mmiocheck-diff" and doc["summary"] == {"new": 1, "new_failures": 1, "fixed": 1,
                                                                  "unchanged": 1}, "JSON summary: %s" % doc)
    expect(doc["new"][0]["function"] == "fresh_one" and doc["fixed"][0]["function"] == "gone" and
           doc["unchanged"][0]["function"] == "keep", "JSON lists name the functions: %s" % doc)
    # The other way round gone() is new and fresh_one() fixed.
    status, out, err = c.run(["diff", "--baseline", "new.db", "--db", "old.db", "--format", "json"], d)
    doc = load_json(out, status, err)
    expect(status == 1 and [f["function"] for f in doc["new"]] == ["gone"] and
           [f["function"] for f in doc["fixed"]] == ["fresh_one"], "reversed: gone new, fresh_one fixed",
           status, out, err)


def t_diff_runs_of_one_database(c):
    """Two runs of one database: --baseline-run defaults to the run before."""
    d = c.fresh_dir("diff-runs")
    src = write(os.path.join(d, "drv.c"), HEAD + fn("a"))
    db = os.path.join(d, "one.db")
    analyze(c, d, src, db)
    write(src, HEAD + "\n\n\n" + fn("a"))        # only lines inserted above
    analyze(c, d, src, db)
    status, out, err = c.run(["diff", "--db", db, "--baseline-run", "1"], d)
    expect(status == 0 and out.splitlines()[-1].startswith("mmiocheck diff: 0 new (0 warning or error), 0 fixed, "
                                                           "1 unchanged (baseline run 1, current run 2)"),
           "lines inserted above: unchanged", status, out, err)
    status, out, err = c.run(["diff", "--db", db, "--baseline", "1", "--run", "2", "--format", "json"], d)
    doc = load_json(out, status, err)
    expect(doc["baseline_run"] == 1 and doc["run"] == 2 and doc["summary"]["unchanged"] == 1, "runs 1 -> 2: %s"
           % doc)


def t_diff_moved_tree(c):
    """The same file in another directory, analyzed with --source-root: unchanged."""
    d = c.fresh_dir("diff-moved")
    a = write(os.path.join(d, "tree1", "sub", "drv.c"), HEAD + fn("a"))
    b = write(os.path.join(d, "tree2", "sub", "drv.c"), "\n" + HEAD + fn("a"))
    c.analyze(d, [a], os.path.join(d, "1.db"), ["--model", "contract", "--source-root", os.path.join(d, "tree1")])
    c.analyze(d, [b], os.path.join(d, "2.db"), ["--model", "contract", "--source-root", os.path.join(d, "tree2")])
    status, out, err = c.run(["diff", "--baseline", "1.db", "--db", "2.db"], d)
    expect(status == 0 and out.startswith("unchanged sub/drv.c:") and " 1 unchanged " in out,
           "moved tree: unchanged", status, out, err)


def t_diff_errors(c):
    d = c.fresh_dir("diff-errors")
    status, out, err = c.run(["diff"], d)
    expect(status == 2 and "--baseline" in err, "no baseline: exit 2", status, out, err)
    status, out, err = c.run(["diff", "--baseline", "missing.db", "--db", "missing2.db"], d)
    expect(status == 2 and "missing.db" in err, "a missing baseline: exit 2 naming it", status, out, err)
    expect(not os.path.exists(os.path.join(d, "missing.db")) and not os.path.exists(os.path.join(d, "mmiocheck.db")),
           "no database created: %s" % os.listdir(d))


def t_analyze_baseline(c):
    """mmiocheck --baseline DB: exit 1 only for findings not in DB."""
    d = c.fresh_dir("analyze-baseline")
    src = write(os.path.join(d, "drv.c"), HEAD + fn("old_bug"))
    base = os.path.join(d, "base.db")
    status, out, err = analyze(c, d, src, base)
    expect(status == 1, "the baseline run has a finding", status, out, err)
    write(src, HEAD + "/* edited */\n" + fn("old_bug") + fn("clean", "writel"))
    status, out, err = analyze(c, d, src, os.path.join(d, "cur.db"), ["--baseline", base])
    expect(status == 0, "only the known finding: exit 0", status, out, err)
    expect("[MMIO001]" in out, "the known finding is still printed", status, out, err)
    expect("against the baseline %s (run 1): 0 new (0 warning or error), 0 fixed, 1 unchanged" % base in err,
           "stderr summary", status, out, err)
    write(src, HEAD + fn("old_bug") + fn("new_bug"))
    status, out, err = analyze(c, d, src, os.path.join(d, "cur.db"), ["--baseline", base])
    expect(status == 1 and "1 new (1 warning or error)" in err, "a new finding: exit 1", status, out, err)
    status, out, err = analyze(c, d, src, os.path.join(d, "cur.db"), ["--baseline", os.path.join(d, "nope.db")])
    expect(status == 2 and "nope.db" in err and out == "", "a missing baseline: exit 2 before analysis",
           status, out, err)


def t_json_baseline(c):
    """A JSON findings document as the baseline (a reviewable file to keep
    in the repository): analyze --baseline and diff --baseline read it."""
    d = c.fresh_dir("json-baseline")
    src = write(os.path.join(d, "drv.c"), HEAD + fn("old_bug"))
    analyze(c, d, src, os.path.join(d, "b.db"))
    status, out, err = c.run(["report", "--db", "b.db", "--format", "json", "-o", "baseline.json"], d)
    expect(status == 0, "report json", status, out, err)
    write(src, HEAD + "\n" + fn("old_bug") + fn("new_bug"))
    status, out, err = analyze(c, d, src, os.path.join(d, "c.db"), ["--baseline", "baseline.json"])
    expect(status == 1 and "1 new (1 warning or error), 0 fixed, 1 unchanged" in err, "one new against the JSON",
           status, out, err)
    status, out, err = c.run(["diff", "--baseline", "baseline.json", "--db", "c.db", "--format", "json"], d)
    doc = load_json(out, status, err)
    expect(status == 1 and [f["function"] for f in doc["new"]] == ["new_bug"] and doc["summary"]["unchanged"] == 1,
           "diff against the JSON", status, out, err)
    write(os.path.join(d, "bad.json"), '{"format": "mmiocheck-findings",\n "findings": [}\n')
    status, out, err = analyze(c, d, src, os.path.join(d, "never.db"), ["--baseline", "bad.json"])
    expect(status == 2 and "bad.json:2: not a JSON findings document" in err and
           not os.path.exists(os.path.join(d, "never.db")), "broken JSON: exit 2 with FILE:LINE", status, out, err)
    write(os.path.join(d, "other.json"), '{"format": "something-else", "findings": []}\n')
    status, out, err = c.run(["diff", "--baseline", "other.json", "--db", "c.db"], d)
    expect(status == 2 and "not a mmiocheck findings document" in err, "a foreign JSON: exit 2", status, out, err)


def t_ignore_comments(c):
    """Comments on the line or the line before suppress; the finding is
    stored with its reason; no-reason, unused and malformed comments are
    notes; --show-suppressed prints them."""
    d = c.fresh_dir("ignore")
    src = write(os.path.join(d, "drv.c"), HEAD +
                "void a(void)\n{\n\tspin_lock(&l);\n\t/* mmiocheck: ignore MMIO001 ordered by the read below */\n"
                "\twritel_relaxed(1, base);\n\tspin_unlock(&l);\n}\n\n" +
                fn("b", comment=" // mmiocheck: ignore MMIO001") + fn("c") +
                "// mmiocheck: ignore MMIO002 stale\n/* mmiocheck: ignor MMIO001 */\n")
    db = os.path.join(d, "s.db")
    status, out, err = analyze(c, d, src, db)
    expect(status == 1, "c() is not suppressed: exit 1", status, out, err)
    expect(out.count("warning:") == 1 and "drv.c:24:2: warning" in out, "only c()'s finding printed", status, out)
    expect("drv.c:17:30: note: mmiocheck ignore comment without a reason" in err, "no reason: a note", status, out, err)
    expect("drv.c:28:4: note: this mmiocheck ignore comment matches no finding" in err, "unused: a note",
           status, out, err)
    expect("drv.c:29:4: note: malformed mmiocheck comment" in err, "malformed: a note", status, out, err)
    rows = db_rows(db, "SELECT f.line, s.status, s.kind, s.reason, s.origin FROM suppressions s"
                       " LEFT JOIN findings f ON f.id = s.finding_id ORDER BY s.id")
    expect(rows == [(10, "applied", "inSource", "ordered by the read below", "drv.c:9"),
                    (17, "applied", "inSource", "", "drv.c:17"),
                    (None, "no-reason", "inSource", "", "drv.c:17"),
                    (None, "unused", "inSource", "stale", "drv.c:28"),
                    (None, "malformed", "inSource", "", "drv.c:29")], "suppressions rows: %s" % rows)
    n = db_rows(db, "SELECT COUNT(*) FROM findings")[0][0]
    expect(n == 3, "suppressed findings are stored too: %d" % n)
    status, out, err = c.run(["report", "--db", db], d)
    expect(out.count("warning:") == 1, "report hides the suppressed", status, out, err)
    status, out, err = c.run(["report", "--db", db, "--show-suppressed"], d)
    expect(out.count("warning:") == 3, "report --show-suppressed shows them", status, out, err)
    status, out, err = c.run(["report", "--db", db, "--format", "sarif"], d)
    sup = [r.get("suppressions") for r in json.loads(out)["runs"][0]["results"]]
    expect(sup[0] == [{"kind": "inSource", "status": "accepted", "justification": "ordered by the read below",
                       "properties": {"origin": "drv.c:9"}}] and sup[2] is None,
           "SARIF keeps suppressed results with result.suppressions: %s" % sup)
    status, out, err = analyze(c, d, src, db, ["--show-suppressed"])
    expect("drv.c:10:2: note: suppressed by drv.c:9 (ordered by the read below):" in out and
           "drv.c:17:2: note: suppressed by drv.c:17 (no reason):" in out, "--show-suppressed", status, out, err)


def t_suppress_file(c):
    """--suppress FILE by fingerprint and by rule:file:function; unused
    entries are notes; a bad line is exit 2 naming FILE:LINE."""
    d = c.fresh_dir("suppress-file")
    src = write(os.path.join(d, "drv.c"), HEAD + fn("a") + fn("b") + fn("c"))
    db = os.path.join(d, "f.db")
    status, out, err = c.run(["--no-db", "--format", "json", "--model", "contract", "--source-root", d, src,
                              "--", "-I", c.include], d)
    fps = {f["function"]: f["fingerprint"] for f in load_json(out, status, err)["findings"]}
    sfile = write(os.path.join(d, "supp.txt"), "# accepted findings\n\n%s  a: polled, see commit 1234\n"
                  "MMIO001:drv.c:b  b: doorbell shared with firmware\nMMIO006:drv.c:zz  never matches\n" % fps["a"])
    status, out, err = analyze(c, d, src, db, ["--suppress", sfile])
    expect(status == 1 and out.count("warning:") == 1 and "drv.c:23:2: warning" in out, "only c() left",
           status, out, err)
    expect("%s:5: note: this suppression matches no finding" % sfile in err, "the unused entry is a note",
           status, out, err)
    rows = db_rows(db, "SELECT s.status, s.kind, s.reason, s.origin FROM suppressions s ORDER BY s.id")
    expect(rows == [("applied", "external", "a: polled, see commit 1234", sfile + ":3"),
                    ("applied", "external", "b: doorbell shared with firmware", sfile + ":4"),
                    ("unused", "external", "never matches", sfile + ":5")], "rows: %s" % rows)
    bad = write(os.path.join(d, "bad.txt"), "# ok\nnot-a-fingerprint reason\n")
    status, out, err = analyze(c, d, src, os.path.join(d, "never.db"), ["--suppress", bad])
    expect(status == 2 and "%s:2: expected a 16-hex-digit fingerprint or RULE:FILE:FUNCTION" % bad in err,
           "a bad entry: exit 2 with FILE:LINE", status, out, err)
    expect(not os.path.exists(os.path.join(d, "never.db")), "nothing written on a bad suppression file")
    status, out, err = analyze(c, d, src, os.path.join(d, "never.db"), ["--suppress", os.path.join(d, "none.txt")])
    expect(status == 2 and "none.txt: No such file" in err, "a missing suppression file: exit 2", status, out, err)
    # Found by fuzz/suppress: a NUL byte is refused (it would cut the entry
    # short), and CR / form feed are blanks, never part of a key or reason.
    nul = write(os.path.join(d, "nul.txt"), "# ok\nMMIO001:drv.c:b\0 reason\n")
    status, out, err = analyze(c, d, src, os.path.join(d, "never.db"), ["--suppress", nul])
    expect(status == 2 and "%s:2: NUL byte in a suppression file" % nul in err, "a NUL byte: exit 2 with FILE:LINE",
           status, out, err)
    expect(not os.path.exists(os.path.join(d, "never.db")), "nothing written on a NUL byte")
    crlf = write(os.path.join(d, "crlf.txt"), "MMIO001:drv.c:b\r\f\rwhy, \r\r\nMMIO001:drv.c:a\r\n")
    db2 = os.path.join(d, "crlf.db")
    status, out, err = analyze(c, d, src, db2, ["--suppress", crlf])
    rows = db_rows(db2, "SELECT s.status, s.reason, s.origin FROM suppressions s ORDER BY s.origin")
    expect(rows == [("applied", "why,", crlf + ":1"), ("applied", "", crlf + ":2")],
           "CR and form feed are trimmed blanks: %s" % rows)


def t_database_without_suppressions_table(c):
    """A database written before the suppressions table existed (schema
    version 3): report and diff read it, and the next analysis adds the
    table (migration 4)."""
    import sqlite3
    d = c.fresh_dir("old-db")
    src = write(os.path.join(d, "drv.c"), HEAD + fn("a"))
    db = os.path.join(d, "old.db")
    analyze(c, d, src, db)
    con = sqlite3.connect(db)
    con.executescript("DROP VIEW suppressed_findings; DROP TABLE suppressions;"
                      "DROP INDEX summaries_name; DROP INDEX summary_uses_name;"
                      "ALTER TABLE summary_uses DROP COLUMN name;"	# migration 7
                      "DROP VIEW latest_defects; DROP VIEW defects_per_check; DROP INDEX findings_defect;"
                      "ALTER TABLE findings DROP COLUMN defect; ALTER TABLE findings DROP COLUMN site_path;"
                      "ALTER TABLE findings DROP COLUMN site_line; ALTER TABLE findings DROP COLUMN site_col;"
                      "ALTER TABLE findings DROP COLUMN site_function;"	# migration 8
                      "ALTER TABLE summaries DROP COLUMN deps;"	# migration 9
                      "UPDATE meta SET value = '3' WHERE key = 'schema_version'; PRAGMA user_version = 3;")
    con.close()
    status, out, err = c.run(["report", "--db", db, "--format", "sarif"], d)
    expect(status == 0 and '"ruleId": "MMIO001"' in out, "report reads the old database", status, out, err)
    names = db_rows(db, "SELECT name FROM sqlite_schema WHERE name = 'suppressions'")
    expect(names == [], "report (read-only) does not add the table: %s" % names)
    analyze(c, d, src, db)
    names = db_rows(db, "SELECT name FROM sqlite_schema WHERE type = 'table' AND name = 'suppressions'")
    expect(names == [("suppressions",)], "the next analysis adds the table")
    status, out, err = c.run(["diff", "--db", db, "--baseline", "1"], d)
    expect(status == 0 and " 1 unchanged " in out, "diff across the two", status, out, err)


TESTS = [t_database_without_suppressions_table, t_diff_two_databases, t_diff_runs_of_one_database, t_diff_moved_tree, t_diff_errors, t_analyze_baseline,
         t_json_baseline, t_ignore_comments, t_suppress_file]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mmiocheck", required=True)
    ap.add_argument("--tests", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("-k", dest="only", default=None)
    args = ap.parse_args()
    return run_tests(TESTS, Ctx(args), args.only)


if __name__ == "__main__":
    sys.exit(main())
