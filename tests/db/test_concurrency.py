#!/usr/bin/env python3
"""Concurrent mmiocheck processes writing one database (as under make -j).

  * 16 analyzer processes, each analyzing a different file into one fresh
    database at the same moment, repeated for 3 rounds, lose and duplicate
    nothing: every (run, file) once, every file's functions, findings and
    trace steps exactly those of a sequential reference run;
  * a writer that cannot get the write lock waits a bounded time
    (MMIOCHECK_BUSY_TIMEOUT_MS) and then fails with exit 2 and a message
    naming the database, writing nothing; once the lock is free it works.
(The store API version with 16 x 3 x 40 units is tests/db/stress_writers.c.)
"""

import os
import sqlite3
import subprocess
import time

from dblib import expect, rows, one, run_tests

NPROC = 16
ROUNDS = 3

PER_FILE = ("SELECT fl.path, fl.n_functions, (SELECT COUNT(*) FROM functions fn WHERE fn.file_id = fl.id),"
            " (SELECT COUNT(*) FROM findings f WHERE f.file_id = fl.id),"
            " (SELECT COUNT(*) FROM trace_steps t JOIN findings f ON f.id = t.finding_id"
            "  WHERE f.file_id = fl.id)"
            " FROM files fl WHERE fl.run_id = ?")


def t_sixteen_writers(ctx):
    d = ctx.fresh_dir("concurrency")
    files = [os.path.basename(f) for f in ctx.case_files()][:NPROC]
    expect(len(files) == NPROC, "need %d case files" % NPROC, files)
    # The reference analyzes each file alone, as the concurrent processes do
    # (program-wide checks such as MMIO005 depend on the files analyzed together).
    ref = os.path.join(d, "ref.db")
    want = {}
    for run, f in enumerate(files, 1):
        ctx.analyze(ref, [f], cwd=os.path.join(ctx.tests, "cases"))
        want.update({r[0]: r[1:] for r in rows(ref, PER_FILE, (run,))})
    expect(len(want) == NPROC and sum(v[2] for v in want.values()) > 0, "reference has findings", want)
    db = os.path.join(d, "shared.db")
    env = dict(os.environ, MMIOCHECK_BUSY_TIMEOUT_MS="60000")
    for rnd in range(ROUNDS):
        t0 = time.time()
        procs = [subprocess.Popen([ctx.mmiocheck, "--db", db, f, "--", "-I", ctx.include],
                                  cwd=os.path.join(ctx.tests, "cases"), env=env,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE) for f in files]
        for p, f in zip(procs, files):
            err = p.communicate(timeout=300)[1].decode()
            expect(p.returncode in (0, 1), "round %d %s: exit 0/1" % (rnd, f), p.returncode, err)
        print("round %d: %d processes in %.1f s" % (rnd, NPROC, time.time() - t0))
        runs = [r[0] for r in rows(db, "SELECT id FROM runs ORDER BY id")]
        expect(len(runs) == NPROC * (rnd + 1), "one run per process", len(runs))
        expect(one(db, "SELECT COUNT(*) FROM runs WHERE status != 'ok'") == 0, "every run finished ok")
        got = {}
        for run in runs[-NPROC:]:
            for r in rows(db, PER_FILE, (run,)):
                expect(r[0] not in got, "%s stored twice in round %d" % (r[0], rnd))
                got[r[0]] = r[1:]
        expect(got == want, "round %d: every file complete, as in the sequential run" % rnd,
               {k: (got.get(k), want.get(k)) for k in set(got) | set(want) if got.get(k) != want.get(k)})
    expect(rows(db, "PRAGMA integrity_check") == [("ok",)], "integrity")


def t_busy_bounded(ctx):
    d = ctx.fresh_dir("busy")
    db = os.path.join(d, "busy.db")
    src = os.path.join(ctx.tests, "cases", "mmio004_no_lock.c")
    ctx.analyze(db, [src], cwd=d)
    runs = one(db, "SELECT COUNT(*) FROM runs")
    holder = sqlite3.connect(db, timeout=0, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")        # another writer holds the lock
    env = dict(os.environ, MMIOCHECK_BUSY_TIMEOUT_MS="700")
    t0 = time.time()
    p = subprocess.run([ctx.mmiocheck, "--db", db, src, "--", "-I", ctx.include], cwd=d, env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
    took = time.time() - t0
    err = p.stderr.decode()
    expect(p.returncode == 2, "a writer locked out exits 2", p.returncode, err)
    expect("%s: " % db in err and "database is locked" in err, "and says the database is locked", err)
    expect(0.6 <= took < 10, "after waiting about the busy timeout (%.2f s)" % took)
    holder.execute("ROLLBACK")
    holder.close()
    expect(one(db, "SELECT COUNT(*) FROM runs") == runs, "nothing was written")
    status, out, err = ctx.analyze(db, [src], cwd=d)
    expect(status == 0 and one(db, "SELECT COUNT(*) FROM runs") == runs + 1, "works once the lock is free",
           status, err)


if __name__ == "__main__":
    run_tests(globals(), __doc__)
