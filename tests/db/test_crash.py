#!/usr/bin/env python3
"""Crash safety: SIGKILL at random points during a multi-file run.

A reference run gives, per file, its functions, findings and trace steps,
and the time window in which it stored them (the analyzer parses and
checks every file first, then stores unit after unit).  Then, KILLS times,
a run over the same files into one database is started and killed with
SIGKILL after a random delay (seeded: MMIOCHECK_CRASH_SEED replays a
failure): every other kill after a random delay anywhere in the length of
a whole run, the others in the storing phase: the test watches the
database and kills as soon as a random number k (1 <= k < files) of units
of the new run are stored.  After every kill:

  * PRAGMA integrity_check is "ok" and PRAGMA foreign_key_check is empty;
  * every stored file is complete: exactly the reference's functions,
    findings and trace steps for it (a unit is all or nothing);
  * the killed run is left 'running' with no finished_at.

Finally a run that is not killed completes the work: every file stored,
complete, and the run finished 'ok'.  The number of kills that landed in
the middle of the run (some but not all files stored) is printed; at least
a quarter of them must.
"""

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time

from dblib import expect, rows, one, run_tests

KILLS = 24
SEED = int(os.environ.get("MMIOCHECK_CRASH_SEED", "20261203"))

PER_FILE = ("SELECT fl.path, fl.n_functions, (SELECT COUNT(*) FROM functions fn WHERE fn.file_id = fl.id),"
            " (SELECT COUNT(*) FROM findings f WHERE f.file_id = fl.id),"
            " (SELECT COUNT(*) FROM trace_steps t JOIN findings f ON f.id = t.finding_id"
            "  WHERE f.file_id = fl.id)"
            " FROM files fl WHERE fl.run_id = ?")


def command(ctx, db, files):
    return [ctx.mmiocheck, "--db", db] + files + ["--", "-I", ctx.include]


def check_after_kill(db, want, run, i):
    """The invariants after kill number i; returns how many files run stored."""
    expect(rows(db, "PRAGMA integrity_check") == [("ok",)], "kill %d: integrity_check" % i)
    expect(rows(db, "PRAGMA foreign_key_check") == [], "kill %d: foreign_key_check" % i)
    stored = rows(db, PER_FILE, (run,)) if run else []
    for r in stored:
        expect(r[1:] == want.get(r[0]), "kill %d: %s stored incomplete" % (i, r[0]), r[1:], want.get(r[0]))
    for r in rows(db, "SELECT id, status, finished_at FROM runs WHERE id = ?", (run,)):
        # The kill may come just after the run finished: then it is whole.
        done = r[1] == "ok" and r[2] is not None and len(stored) == len(want)
        expect(done or (r[1] == "running" and r[2] is None),
               "kill %d: the killed run stays 'running'" % i, r, len(stored))
    return len(stored)


def wait_for_units(db, before, k, proc):
    """Return once the run after `before` has stored k units (or proc ended)."""
    con = None
    while proc.poll() is None:
        try:
            if con is None and os.path.exists(db):
                con = sqlite3.connect(db, timeout=5)
            if con is not None and con.execute(
                    "SELECT COUNT(*) FROM files WHERE run_id = (SELECT MAX(id) FROM runs) AND run_id > ?",
                    (before,)).fetchone()[0] >= k:
                break
        except sqlite3.OperationalError:
            pass                            # the schema is being created
        time.sleep(0.001)
    if con is not None:
        con.close()


def epoch(iso):
    """Seconds since the epoch of a stored '2026-01-01T12:00:00.123Z'."""
    import calendar
    base, frac = iso.rstrip("Z").split(".")
    return calendar.timegm(time.strptime(base, "%Y-%m-%dT%H:%M:%S")) + float("0." + frac)


def t_sigkill(ctx):
    rnd = random.Random(SEED)
    d = ctx.fresh_dir("crash")
    cases = os.path.join(ctx.tests, "cases")
    files = [os.path.basename(f) for f in ctx.case_files()]
    ref = os.path.join(d, "ref.db")
    t0 = time.time()
    status, out, err = ctx.analyze(ref, files, cwd=cases)
    length = time.time() - t0
    expect(status == 1, "reference run: exit 1", status, err)
    want = {r[0]: r[1:] for r in rows(ref, PER_FILE, (1,))}
    expect(len(want) == len(files), "reference stores every file", len(want), len(files))
    first, last = (epoch(t) - t0 for t in rows(ref, "SELECT MIN(analyzed_at), MAX(analyzed_at) FROM files")[0])
    db = os.path.join(d, "crash.db")
    middle = 0
    for i in range(KILLS):
        before = one(db, "SELECT COALESCE(MAX(id), 0) FROM runs") if os.path.exists(db) else 0
        p = subprocess.Popen(command(ctx, db, files), cwd=cases, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
        if i % 2:
            wait_for_units(db, before, rnd.randint(1, len(files) - 1), p)
        else:
            time.sleep(rnd.uniform(0.02, length * 0.95))
        p.send_signal(signal.SIGKILL)
        p.wait()
        if not os.path.exists(db):
            continue                        # killed before the database existed
        run = one(db, "SELECT MAX(id) FROM runs")
        n = check_after_kill(db, want, run if run and run > before else None, i)
        middle += 0 < n < len(files)
    print("seed %d: %d kills over a %.2f s run (stores from %.2f to %.2f s), %d in the middle of it"
          % (SEED, KILLS, length, first, last, middle))
    expect(middle >= KILLS // 4, "at least a quarter of the kills must land mid-run", middle)
    status, out, err = ctx.analyze(db, files, cwd=cases)
    expect(status == 1, "the next run completes: exit 1", status, err)
    run = one(db, "SELECT MAX(id) FROM runs")
    got = {r[0]: r[1:] for r in rows(db, PER_FILE, (run,))}
    expect(got == want, "the next run stores every file completely")
    expect(rows(db, "SELECT status FROM runs WHERE id = ?", (run,)) == [("ok",)], "and finishes 'ok'")
    latest = {r[0] for r in rows(db, "SELECT DISTINCT run_id FROM latest_findings")}
    expect(latest == {run}, "latest_findings are the completed run's", latest)


if __name__ == "__main__":
    run_tests(globals(), __doc__)
