#!/usr/bin/env python3
"""A database that cannot be written (a full disk): every unit that could
not be stored is named, the run is marked failed (or, when the disk leaves
no room even for that, the status is said not to be written), nothing is
left half made.

The disk fills through RLIMIT_FSIZE with SIGXFSZ ignored (write() then
fails with EFBIG), set on the analyzer only: the database already holds
one run, and the limit lets a few more units in.
"""

import os
import resource
import signal
import sqlite3

from dblib import expect, rows, one, run_tests

NFILES = 40


def limited(size):
    """preexec_fn: files may not grow past size bytes; writes fail instead."""
    def pre():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))
    return pre


def run_full(ctx, db, args, size, env=None):
    import subprocess
    db_args = ["--db", db] if db else []
    p = subprocess.run([ctx.mmiocheck] + db_args + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       preexec_fn=limited(size), timeout=300, env=env)
    return p.returncode, p.stderr.decode("utf-8", "replace")


def named(err, path):
    """Is path named on stderr as not stored or not analyzed?"""
    return any(l.startswith("mmiocheck: %s: could not store the results: " % path) or
               l.startswith("mmiocheck: %s: not analyzed: the database cannot be written" % path)
               for l in err.splitlines())


def check_every_unit(ctx, db, files, status, err, what):
    expect(status == 2, what + ": exit 2", status, err[-500:])
    run_id, run_status = rows(db, "SELECT id, status FROM runs ORDER BY id DESC LIMIT 1")[0]
    expect(run_status == "failed", what + ": run marked failed", run_status, err[-1500:])
    stored = {p for (p,) in rows(db, "SELECT path FROM files WHERE run_id = ?", (run_id,))}
    lost = [f for f in files if f not in stored]
    expect(len(stored) >= 1 and len(lost) >= 5, what + ": the disk filled mid-run", len(stored), len(lost))
    unnamed = [f for f in lost if not named(err, f)]
    expect(not unnamed, what + ": every unit not stored is named", unnamed[:5], err[-800:])
    wrongly = [f for f in stored if named(err, f)]
    expect(not wrongly, what + ": no stored unit named as lost", wrongly[:5])
    expect(one(db, "PRAGMA integrity_check") == "ok", what + ": database consistent")


def prepared(ctx, name):
    d = ctx.fresh_dir(name)
    db = os.path.join(d, "full.db")
    files = ctx.case_files()[:NFILES]
    ctx.analyze(db, files[:1], cwd=d)
    con = sqlite3.connect(db)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    return d, db, files, os.path.getsize(db) + 200 * 1024


def t_file_mode(ctx):
    d, db, files, size = prepared(ctx, "disk-full-files")
    status, err = run_full(ctx, db, files + ["--", "-I", ctx.include], size)
    check_every_unit(ctx, db, files, status, err, "FILE mode")


def t_jobs(ctx):
    d, db, files, size = prepared(ctx, "disk-full-jobs")
    status, err = run_full(ctx, db, ["-j2"] + files + ["--", "-I", ctx.include], size)
    check_every_unit(ctx, db, files, status, err, "-j2")


def t_status_at_every_limit(ctx):
    """Wherever the disk fills, the run ends marked failed.  At some limits
    the last unit stored leaves the log less room than the run's status
    needs; the status then goes in after the log is restarted."""
    unwritten = []
    for extra in range(8 * 1024, 400 * 1024, 12 * 1024):
        d, db, files, size = prepared(ctx, "disk-full-limit")
        status, err = run_full(ctx, db, files + ["--", "-I", ctx.include], size - 200 * 1024 + extra)
        run_status = rows(db, "SELECT status FROM runs ORDER BY id DESC LIMIT 1")[0][0]
        if status != 2 or run_status != "failed" or one(db, "PRAGMA integrity_check") != "ok":
            unwritten.append((extra, status, run_status, [l for l in err.splitlines() if "finish" in l][:1]))
    expect(not unwritten, "every limit: exit 2, the run marked failed, the database consistent", unwritten)


def kbuild_until_full(ctx, db, files, size):
    """Kbuild's checker processes, one per file, into one named run, until
    one exits 2; [(file, status, stderr)] of each process."""
    env = dict(os.environ, MMIOCHECK_DB=db, MMIOCHECK_RUN="kb")
    done = []
    for f in files:
        status, err = run_full(ctx, None, ["--kbuild", "-I" + ctx.include, f], size, env)
        done.append((f, status, err))
        if status != 0:
            break
    return done


def t_kbuild_status_at_every_limit(ctx):
    """make C=1 on a disk that fills: the processes share one named run,
    and the one whose file cannot be stored marks it failed, or, when the
    last process's log left no room at all (the database and its log both
    at the limit), says that the run's status could not be written instead
    of claiming it was.  Either way every file stored is whole and every
    other file named."""
    wrong, marked, no_room = [], 0, 0
    for extra in range(8 * 1024, 400 * 1024, 24 * 1024):
        d = ctx.fresh_dir("disk-full-kbuild")
        db = os.path.join(d, "k.db")
        files = ctx.case_files()[:NFILES]
        env = dict(os.environ, MMIOCHECK_DB=db, MMIOCHECK_RUN="kb")
        ctx.run(["--kbuild", "-I" + ctx.include, files[0]], env=env)
        done = kbuild_until_full(ctx, db, files[1:], os.path.getsize(db) + extra)
        last, status, err = done[-1]
        if status == 0:
            continue  # the limit let every file in
        run_status = rows(db, "SELECT status FROM runs WHERE id = 1")[0][0]
        claims = "the run is marked failed" in err
        said = "cannot update run 1: " in err
        stored = {p for (p,) in rows(db, "SELECT path FROM files WHERE run_id = 1")}
        fine = (status == 2 and named(err, last) and last not in stored and
                stored == {files[0]} | {f for f, st, _ in done if st == 0} and
                one(db, "PRAGMA integrity_check") == "ok" and
                ((run_status == "failed" and not said) or (run_status != "failed" and said and not claims)))
        if not fine:
            wrong.append((extra // 1024, status, run_status, err.splitlines()[-3:]))
        marked += run_status == "failed"
        no_room += run_status != "failed"
    expect(marked >= 1 and no_room >= 1, "the sweep filled the disk both with room left for the status "
           "and without", marked, no_room)
    expect(not wrong, "every limit: exit 2, the file named, the run marked failed or its status said not "
           "written, the stored files whole", wrong)


def t_creation_fails(ctx):
    """No 0-byte database is left when it cannot even be created."""
    d = ctx.fresh_dir("disk-full-create")
    db = os.path.join(d, "new.db")
    status, err = run_full(ctx, db, [ctx.case_files()[0], "--", "-I", ctx.include], 0)
    expect(status == 2 and db in err, "creation: exit 2 naming the database", status, err)
    expect(os.listdir(d) == [], "creation: nothing left behind", os.listdir(d))


if __name__ == "__main__":
    run_tests(globals(), __doc__)
