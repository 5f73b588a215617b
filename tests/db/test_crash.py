#!/usr/bin/env python3
"""Crash safety: SIGKILL at random points during a multi-file run.

A reference run gives, per file, its functions, findings and trace steps.
Then, KILLS times, a run over the same files into one database is started
and killed with SIGKILL after a random delay spread over the length of a
whole run (seeded, so a failure can be replayed with --seed).  After every
kill:

  * PRAGMA integrity_check is "ok" and PRAGMA foreign_key_check is empty;
  * every stored file is complete: exactly the reference's functions,
    findings and trace steps for it (a unit is all or nothing);
  * the killed run is left 'running' with no finished_at.

Finally a run that is not killed completes the work: every file stored,
complete, and the run finished 'ok'.  The number of kills that landed in
the middle of the run (some but not all files stored) is printed; at least
a third of them must.
"""

import os
import random
import signal
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
    db = os.path.join(d, "crash.db")
    middle = 0
    for i in range(KILLS):
        before = one(db, "SELECT COALESCE(MAX(id), 0) FROM runs") if os.path.exists(db) else 0
        p = subprocess.Popen(command(ctx, db, files), cwd=cases, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
        time.sleep(rnd.uniform(0.02, length * 0.95))
        p.send_signal(signal.SIGKILL)
        p.wait()
        if not os.path.exists(db):
            continue                        # killed before the database existed
        run = one(db, "SELECT MAX(id) FROM runs")
        n = check_after_kill(db, want, run if run and run > before else None, i)
        middle += 0 < n < len(files)
    print("seed %d: %d kills over a %.2f s run, %d in the middle of it" % (SEED, KILLS, length, middle))
    expect(middle >= KILLS // 3, "at least a third of the kills must land mid-run", middle)
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
