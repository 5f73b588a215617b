#!/usr/bin/env python3
"""Every input is bounded before it is read.

    test_hostile_inputs.py --mmiocheck PATH --tests DIR --work DIR [TEST...]

Each case gives mmiocheck a hostile file where it reads an input whole
(--rules, --suppress, --baseline, compile_commands.json, the database of
query/report/diff/fix/analyze, a merge input): a FIFO (which would block a
reader forever), /dev/zero (endless), a sparse file over the input's cap.
Each must exit 2 within a few seconds with exactly the expected message on
stderr, print nothing on stdout and create nothing (no database, no
"-journal" beside the path).
"""

import argparse
import os
import shutil
import subprocess
import sys
import time

FAILURES = []


def run(args, timeout=20, **kw):
    """Run mmiocheck; (exit status, stdout, stderr, seconds)."""
    t0 = time.monotonic()
    try:
        p = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout, **kw)
    except subprocess.TimeoutExpired:
        return None, b"", b"timed out", time.monotonic() - t0
    return p.returncode, p.stdout, p.stderr, time.monotonic() - t0


def check(name, cond, detail=""):
    print("%-44s %s%s" % (name, "PASS" if cond else "FAIL", "" if cond else "  " + detail))
    if not cond:
        FAILURES.append(name)


def refused(name, argv, want, work, cwd=None):
    """argv must exit 2 within 10 s with exactly `want` on stderr, create nothing."""
    before = set(os.listdir(work))
    rc, out, err, secs = run(argv, cwd=cwd)
    after = set(os.listdir(work))
    got = err.decode("utf-8", "replace")
    problems = []
    if rc != 2:
        problems.append("exit %r" % rc)
    if secs > 10:
        problems.append("took %.1f s" % secs)
    if got != "mmiocheck: %s\n" % want:
        problems.append("stderr %r, expected %r" % (got[:300], "mmiocheck: %s\n" % want))
    if out:
        problems.append("stdout %r" % out[:100])
    if after - before:
        problems.append("created %s" % sorted(after - before))
    check(name, not problems, "; ".join(problems))


def make_db(mc, work, src, inc):
    db = os.path.join(work, "good.db")
    if not os.path.exists(db):
        run([mc, "--db", db, src, "--", "-I", inc])
    return db


def sparse(path, size):
    with open(path, "wb") as f:
        f.truncate(size)
    return path


PWN = b"x\n::error file=a::pwned\x1b[31m.c"
PWN_SHOWN = b"x?::error file=a::pwned?[31m.c"


def stderr_escaped(mc, work, src, inc):
    """A file name with a newline and ESC never reaches stderr raw: no line
    starts with "::" (a GitHub workflow command), no ESC byte."""
    d = os.path.join(os.fsencode(work), b"names")
    os.makedirs(d, exist_ok=True)
    bad = os.path.join(d, PWN)

    def clean(name, argv, want):
        rc, out, err, secs = run(argv, cwd=d)
        lines = err.split(b"\n")
        ok = rc == 2 and not any(l.startswith(b"::") for l in lines) and b"\x1b" not in err and want in err
        check(name, ok, "exit %r stderr %r" % (rc, err[:300]))

    clean("stderr_missing_source", [mc, "--no-db", bad], PWN_SHOWN + b": No such file")
    with open(bad, "wb") as f:
        f.write(b"int x;\0\n")
    clean("stderr_binary_source", [mc, "--no-db", bad], PWN_SHOWN + b": binary file")
    with open(bad, "wb") as f:
        f.write(b"{")
    clean("stderr_rules", [mc, "--no-db", "--rules", bad, src, "--", "-I", inc], PWN_SHOWN + b":1:")
    clean("stderr_suppress", [mc, "--no-db", "--suppress", os.path.join(d, b"nope" + PWN), src],
          b"nope" + PWN_SHOWN + b": No such file")
    clean("stderr_db", [mc, "query", "--db", bad], PWN_SHOWN + b": ")
    os.unlink(bad)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--mmiocheck", required=True)
    ap.add_argument("--tests", required=True)
    ap.add_argument("--work", required=True)
    args = ap.parse_args()
    mc, work = os.path.abspath(args.mmiocheck), os.path.abspath(args.work)
    args.tests = os.path.abspath(args.tests)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    src = os.path.join(args.tests, "cases", "mmio004_no_lock.c")
    inc = os.path.join(args.tests, "include")
    good = make_db(mc, work, src, inc)
    fifo = os.path.join(work, "fifo")
    os.mkfifo(fifo)
    new_db = os.path.join(work, "new.db")
    an = [mc, "--db", new_db]
    tail = [src, "--", "-I", inc]

    for what, path, kind in (("fifo", fifo, "a FIFO"), ("zero", "/dev/zero", "a character device")):
        refused("rules_" + what, an + ["--rules", path] + tail, "%s: not a regular file (%s)" % (path, kind), work)
        refused("suppress_" + what, an + ["--suppress", path] + tail,
                "%s: not a regular file (%s)" % (path, kind), work)
        refused("compdb_" + what, an + ["-p", path], "%s: not a regular file (%s)" % (path, kind), work)
        refused("baseline_" + what, [mc, "diff", "--db", good, "--baseline", path],
                "%s: cannot open database: %s, not a regular file" % (path, kind), work)
        for verb in ("query", "report", "fix"):
            refused("%s_db_%s" % (verb, what), [mc, verb, "--db", path],
                    "%s: cannot open database: %s, not a regular file" % (path, kind), work)
        refused("analyze_db_" + what, [mc, "--db", path] + tail,
                "%s: cannot open database: %s, not a regular file" % (path, kind), work)
    # /dev/null as the database: nothing created beside it.
    journal_before = os.path.exists("/dev/null-journal")
    refused("analyze_db_devnull", [mc, "--db", "/dev/null"] + tail,
            "/dev/null: cannot open database: a character device, not a regular file", work)
    check("no_devnull_journal", journal_before or not os.path.exists("/dev/null-journal"))
    refused("merge_out_fifo", [mc, "merge", fifo, good],
            "%s: cannot open database: a FIFO, not a regular file" % fifo, work)

    # Over the cap: refused from fstat's size, nothing read.
    big = sparse(os.path.join(work, "big.rules.json"), (16 << 20) + 1)
    refused("rules_too_large", an + ["--rules", big] + tail,
            "%s:1: too large for a rules file (%d bytes; the limit is 16 MiB)" % (big, (16 << 20) + 1), work)
    os.unlink(big)
    big = sparse(os.path.join(work, "big.supp"), (16 << 20) + 1)
    refused("suppress_too_large", an + ["--suppress", big] + tail,
            "%s: too large for a suppression file (%d bytes; the limit is 16 MiB)" % (big, (16 << 20) + 1), work)
    os.unlink(big)
    big = sparse(os.path.join(work, "compile_commands.json"), (256 << 20) + 1)
    refused("compdb_too_large", an + ["-p", work],
            "%s: too large for compile_commands.json (%d bytes; the limit is 256 MiB)" % (big, (256 << 20) + 1),
            work)
    os.unlink(big)
    big = os.path.join(work, "big.json")
    with open(big, "wb") as f:
        f.write(b"{")
        f.truncate((1 << 30) + 1)
    refused("baseline_json_too_large", [mc, "diff", "--db", good, "--baseline", big],
            "%s: too large for a baseline (%d bytes; the limit is 1024 MiB)" % (big, (1 << 30) + 1), work)
    os.unlink(big)
    big = sparse(os.path.join(work, "big.c"), (256 << 20) + 1)
    refused("source_too_large", [mc, "--no-db", big],
            "%s: too large for a source file (%d bytes; the limit is 256 MiB)" % (big, (256 << 20) + 1), work)
    os.unlink(big)

    stderr_escaped(mc, work, src, inc)
    print("%d failed" % len(FAILURES))
    sys.exit(1 if FAILURES else 0)


if __name__ == "__main__":
    main()
