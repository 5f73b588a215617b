#!/usr/bin/env python3
"""SIGINT and SIGTERM in FILE mode (the FILEs analyzed as one program):
the run is marked interrupted, mmiocheck exits 130 promptly, the database
stays consistent, and no process is left behind.
"""

import os
import signal
import subprocess
import time

from dblib import expect, rows, one, run_tests


def interrupted_run(ctx, sig, name):
    d = ctx.fresh_dir(name)
    db = os.path.join(d, "sig.db")
    files = ctx.case_files()
    p = subprocess.Popen([ctx.mmiocheck, "--db", db] + files * 3 + ["--", "-I", ctx.include], cwd=d,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    # Wait until the run exists (the analysis has started), then signal
    # mmiocheck itself (as kill or a CI timeout would).
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and p.poll() is None:
        try:
            if rows(db, "SELECT id FROM runs"):
                break
        except Exception:
            pass
        time.sleep(0.05)
    time.sleep(0.3)
    expect(p.poll() is None, "%s: still running when signalled" % name)
    t0 = time.monotonic()
    p.send_signal(sig)
    try:
        _, err = p.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        p.kill()
        _, err = p.communicate()
    waited = time.monotonic() - t0
    err = err.decode("utf-8", "replace")
    expect(p.returncode == 130, "%s: exit 130" % name, p.returncode, err[-500:])
    expect(waited < 10, "%s: ends within 10 s" % name, waited)
    expect(rows(db, "SELECT status FROM runs") == [("interrupted",)], "%s: run marked interrupted" % name,
           rows(db, "SELECT id, status FROM runs"))
    expect(one(db, "PRAGMA integrity_check") == "ok", "%s: database consistent" % name)
    left = subprocess.run(["pgrep", "-f", db], stdout=subprocess.PIPE).stdout.split()
    expect(not left, "%s: no process left behind" % name, left)


def t_sigterm(ctx):
    interrupted_run(ctx, signal.SIGTERM, "sigterm")


def t_sigint(ctx):
    interrupted_run(ctx, signal.SIGINT, "sigint")


if __name__ == "__main__":
    run_tests(globals(), __doc__)
