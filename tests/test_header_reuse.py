#!/usr/bin/env python3
"""A driver header's function summarized once for every process (Kbuild).

Files analyzed one process per file on one database (as Kbuild runs the
checker) take the summary of a header function an earlier process stored
instead of solving it again, when it depends on the same things
(interproc/reuse.c, docs/analysis.md "Functions defined in driver headers").

1. Same flags: the second file reuses both header functions; with a warm
   database (its units parsed again) every file reuses them; the findings
   are byte-for-byte those of each file analyzed on a fresh database.
2. A -D flag changes a macro in foo_ring()'s body: its text is the same,
   not what it says after preprocessing, so it gets another key; foo_kick()
   says the same but calls the other foo_ring(), so its stored summary is
   not reused either; the findings are those of a fresh analysis, and
   differ from those under the first flag (so a wrong reuse would show).
3. Other models (another tool key): not reused.
"""

import argparse
import json
import os
import shutil
import sqlite3
import subprocess
import sys

FAILED = []
RELAXED = "-DFOO_RELAXED_DOORBELL"


def check(cond, what, *detail):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        FAILED.append(what)
        for d in detail:
            print("     %s" % (d,))


def run(opts, db, path, flags, extra=()):
    """One process for one file: (findings as JSON text, header counts)."""
    cmd = [opts.mmiocheck, "--format", "json", "--stats", "--db", db] + list(extra) + [path, "--",
                                                                                     "-I", opts.include] + flags
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=opts.work, timeout=120)
    err = p.stderr.decode()
    if p.returncode not in (0, 1):
        check(False, "%s: exit %d" % (path, p.returncode), err)
        return "", (0, 0)
    doc = json.loads(p.stdout.decode())
    line = [l for l in err.splitlines() if l.startswith("mmiocheck: stats: ")][0]
    counts = line.split("(header functions: ")[1].split(")")[0]
    solved, reused = (int(w) for w in counts.replace(" solved,", "").replace(" reused", "").split())
    return json.dumps(doc["findings"], sort_keys=True, indent=1), (solved, reused)


def fresh(opts, name, path, flags, extra=()):
    """The file alone on a new database: every header function solved."""
    db = os.path.join(opts.work, "fresh-%s.db" % name)
    if os.path.exists(db):
        os.unlink(db)
    found, counts = run(opts, db, path, flags, extra)
    check(counts[1] == 0, "%s alone reuses nothing" % name, counts)
    return found


def forget_units(db):
    """Make every stored unit unreusable (its file is parsed again) while
    its summaries stay: the warm database of a re-run after a change."""
    con = sqlite3.connect(db)
    con.execute("DELETE FROM file_inputs")
    con.commit()
    con.close()


def same_flags(opts, tx, rx):
    ref = {f: fresh(opts, os.path.basename(f), f, [RELAXED]) for f in (tx, rx)}
    check('"MMIO001"' in ref[tx] and '"MMIO001"' in ref[rx], "the reference findings are MMIO001s", ref[tx])
    db = os.path.join(opts.work, "kbuild.db")
    got_tx, c_tx = run(opts, db, tx, [RELAXED])
    got_rx, c_rx = run(opts, db, rx, [RELAXED])
    check(c_tx == (2, 0), "the first file solves foo_kick() and foo_ring()", c_tx)
    check(c_rx == (0, 2), "the second file reuses both", c_rx)
    check(got_tx == ref[tx] and got_rx == ref[rx], "cold database: the findings of a fresh analysis, byte for byte",
          got_rx, ref[rx])
    forget_units(db)
    for f in (tx, rx):
        got, c = run(opts, db, f, [RELAXED])
        check(c == (0, 2), "warm database: %s reuses both" % os.path.basename(f), c)
        check(got == ref[f], "warm database: %s's findings are a fresh analysis's, byte for byte"
              % os.path.basename(f), got, ref[f])
    con = sqlite3.connect(db)
    keys = con.execute("SELECT COUNT(DISTINCT key), COUNT(DISTINCT deps) FROM summaries"
                       " WHERE deps IS NOT NULL").fetchone()
    con.close()
    check(keys == (2, 2), "one key and one dependency value per header function", keys)
    return db, ref


def other_flags(opts, tx, rx, ref):
    want = fresh(opts, "rx-strict", rx, [])
    check(want != ref[rx], "without %s foo_rx.c's findings differ" % RELAXED, want)
    db = os.path.join(opts.work, "flags.db")
    run(opts, db, tx, [RELAXED])
    got, c = run(opts, db, rx, [])
    check(c == (2, 0), "another -D: foo_ring() and foo_kick() are solved again, not reused", c)
    check(got == want, "another -D: the findings of a fresh analysis, byte for byte", got, want)
    con = sqlite3.connect(db)
    ring = con.execute("SELECT COUNT(DISTINCT key) FROM summaries WHERE key LIKE '%:foo_ring#%'").fetchone()[0]
    kick = con.execute("SELECT COUNT(DISTINCT key), COUNT(DISTINCT deps) FROM summaries"
                       " WHERE key LIKE '%:foo_kick#%'").fetchone()
    con.close()
    check(ring == 2, "foo_ring() after preprocessing differs: two keys", ring)
    check(kick == (1, 2), "foo_kick() is the same function calling another foo_ring(): one key, two deps", kick)


def other_models(opts, rx, db):
    forget_units(db)
    models = ["--model", "contract,generic"]
    want = fresh(opts, "rx-models", rx, [RELAXED], models)
    got, c = run(opts, db, rx, [RELAXED], models)
    check(c == (2, 0), "other models (tool key): solved again", c)
    check(got == want, "other models: the findings of a fresh analysis", got, want)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mmiocheck", required=True)
    ap.add_argument("--tests", required=True)
    ap.add_argument("--work", required=True)
    opts = ap.parse_args()
    opts.include = os.path.join(opts.tests, "include")
    shutil.rmtree(opts.work, ignore_errors=True)
    src = os.path.join(opts.work, "src")
    shutil.copytree(os.path.join(opts.tests, "header_reuse"), src)
    tx, rx = os.path.join(src, "foo_tx.c"), os.path.join(src, "foo_rx.c")
    db, ref = same_flags(opts, tx, rx)
    other_flags(opts, tx, rx, ref)
    other_models(opts, rx, db)
    print("%d failed" % len(FAILED))
    return 1 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main())
