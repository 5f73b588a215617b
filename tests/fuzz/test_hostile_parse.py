#!/usr/bin/env python3
"""The parse is bounded: a file that exhausts --max-memory, runs past
--max-seconds or crashes libclang costs that file only.

    test_hostile_parse.py --mmiocheck PATH --tests DIR --work DIR [TEST...]

Attacks: a header that is a link to /dev/zero, an exponential macro bomb,
20,000 nested blocks with -fbracket-depth=30000 (a stack overflow in
libclang's parse: clang grows its stack for 3,000, not for these), a
preprocessor condition that takes forever.
Each sits between two good files, in FILE mode (one program), with -p
(-j1 and -j2, the good files in the same directory) and in Kbuild mode.
Each must be named on stderr with its exact reason, recorded in the run as
not analyzed (a file row that did not parse, its one parse error "not
analyzed: REASON"), the run must end 'errors' with exit 2, and every good
file must be stored with its function.

The memory cases use --max-memory 512M (mmiocheck itself needs ~250 MiB of
address space).  A sanitizer build applies no memory limit (ASan reserves
terabytes of address space for its shadow), so they are skipped there, and
the nested-blocks case runs with ASan's SIGSEGV handler off.
"""

import argparse
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import time

FAILURES = []
GOOD = {"good1.c": "first", "good2.c": "second"}


def check(name, cond, detail=""):
    print("%-52s %s%s" % (name, "PASS" if cond else "FAIL", "" if cond else "  " + str(detail)[:600]))
    if not cond:
        FAILURES.append(name)


def run(argv, env=None, cwd=None, timeout=120):
    e = dict(os.environ)
    e.update(env or {})
    t0 = time.monotonic()
    try:
        p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=e, cwd=cwd,
                           timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "", "timed out", time.monotonic() - t0
    return p.returncode, p.stdout.decode(), p.stderr.decode(), time.monotonic() - t0


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def make_tree(d):
    """The good files and the attacks in d; {attack: (file, reason, extra args)}."""
    os.makedirs(d)
    for name, fn in GOOD.items():
        write(os.path.join(d, name), "struct dev { void *base; };\nvoid %s(struct dev *d) { (void)d; }\n" % fn)
    os.symlink("/dev/zero", os.path.join(d, "zero.h"))
    write(os.path.join(d, "zero.c"), '#include "zero.h"\n')
    bomb = ["#define A0 x"] + ["#define A%d A%d A%d" % (i, i - 1, i - 1) for i in range(1, 40)]
    write(os.path.join(d, "bomb.c"), "\n".join(bomb) + "\nvoid g(void) { A39; }\n")
    write(os.path.join(d, "nest.c"), "void h(int x) {" + "if (x) {" * 20000 + "x++;" + "}" * 20000 + "}\n")
    slow = ["#define A0 1"] + ["#define A%d (A%d+A%d)" % (i, i - 1, i - 1) for i in range(1, 60)]
    write(os.path.join(d, "slow.c"), "\n".join(slow) + "\n#if A59\n#endif\nint slow;\n")
    mem = "exceeded --max-memory (512 MiB)"
    return {
        "dev_zero": ("zero.c", mem, ["--max-memory", "512M"]),
        "macro_bomb": ("bomb.c", mem, ["--max-memory", "512M"]),
        "nested_blocks": ("nest.c", "libclang crashed (SIGSEGV)", []),
        "endless_preprocessor": ("slow.c", "parse stopped after 2 s (--max-seconds)", ["--max-seconds", "2"]),
    }


def stored(db):
    """{path basename: (parsed, parse error messages, functions)} of the last run, and its status."""
    if not os.path.exists(db):
        return {}, None, 0
    con = sqlite3.connect(db)
    try:
        run_id, status = con.execute("SELECT id, status FROM runs ORDER BY id DESC LIMIT 1").fetchone()
    except (sqlite3.Error, TypeError):
        con.close()
        return {}, None, 0
    out = {}
    for fid, path, parsed in con.execute("SELECT id, path, parsed FROM files WHERE run_id = ?", (run_id,)):
        errs = [m for (m,) in con.execute("SELECT message FROM parse_errors WHERE file_id = ?", (fid,))]
        fns = sorted(n for (n,) in con.execute("SELECT name FROM functions WHERE file_id = ?", (fid,)))
        out[os.path.basename(path)] = (parsed, errs, fns)
    nruns = con.execute("SELECT count(*) FROM runs").fetchone()[0]
    con.close()
    return out, status, nruns


def expect_outcome(name, db, bad, reason, rc, err, secs):
    """The bad file named and recorded, the good ones stored, run 'errors', exit 2."""
    lines = [l for l in err.splitlines() if l.startswith("mmiocheck: ")]
    named = [l for l in lines if ": not analyzed: " in l]
    check(name + ": exit 2", rc == 2, (rc, err[-800:]))
    check(name + ": named once with its reason", len(named) == 1 and named[0].endswith(
        "%s: not analyzed: %s" % (bad, reason)), named or err[-800:])
    check(name + ": within 60 s", secs < 60, "%.1f s" % secs)
    files, status, nruns = stored(db)
    want = {bad: (0, ["not analyzed: " + reason], [])}
    for good, fn in GOOD.items():
        want[good] = (1, [], [fn])
    check(name + ": stored exactly", files == want, files)
    check(name + ": one run, status errors", (status, nruns) == ("errors", 1), (status, nruns))


def file_mode(t, attacks, asan):
    for attack, (bad, reason, extra) in attacks.items():
        if asan and "--max-memory" in extra:
            print("%-52s SKIP (sanitizer build: no memory limit)" % ("file_mode " + attack))
            continue
        db = os.path.join(t.work, "file-%s.db" % attack)
        env = {"ASAN_OPTIONS": os.environ.get("ASAN_OPTIONS", "") + ":handle_segv=0"} if asan else None
        rc, _, err, secs = run([t.m, "--db", db] + extra + ["good1.c", bad, "good2.c", "--",
                                "-fbracket-depth=30000"], cwd=t.tree, env=env)
        expect_outcome("file_mode " + attack, db, bad, reason, rc, err, secs)


def compdb_mode(t, attacks, asan, jobs):
    for attack, (bad, reason, extra) in attacks.items():
        if asan and "--max-memory" in extra:
            print("%-52s SKIP (sanitizer build: no memory limit)" % ("p_j%d %s" % (jobs, attack)))
            continue
        d = os.path.join(t.work, "p%d-%s" % (jobs, attack))
        os.makedirs(d)
        entries = [{"directory": t.tree, "file": f, "arguments": ["gcc", "-c", "-fbracket-depth=30000", f]}
                   for f in ["good1.c", bad, "good2.c"]]
        write(os.path.join(d, "compile_commands.json"), json.dumps(entries))
        db = os.path.join(t.work, "p%d-%s.db" % (jobs, attack))
        env = {"ASAN_OPTIONS": os.environ.get("ASAN_OPTIONS", "") + ":handle_segv=0"} if asan else None
        rc, _, err, secs = run([t.m, "--db", db, "-p", d, "-j%d" % jobs] + extra, env=env)
        expect_outcome("p_j%d %s" % (jobs, attack), db, bad, reason, rc, err, secs)
        summary = [l for l in err.splitlines() if " files analyzed " in l]
        check("p_j%d %s: one summary, 1 failed" % (jobs, attack), len(summary) == 1 and
              summary[0].startswith("mmiocheck: 2 files analyzed (0 reused), 0 with parse errors, 1 failed,"),
              summary)


def kbuild_mode(t, attacks, asan):
    """make C=1 CHECK=mmiocheck: one process per file into one named run."""
    for attack, (bad, reason, extra) in attacks.items():
        if asan and "--max-memory" in extra:
            print("%-52s SKIP (sanitizer build: no memory limit)" % ("kbuild " + attack))
            continue
        db = os.path.join(t.work, "kb-%s.db" % attack)
        env = {"MMIOCHECK_DB": db, "MMIOCHECK_RUN": "k"}
        if asan:
            env["ASAN_OPTIONS"] = os.environ.get("ASAN_OPTIONS", "") + ":handle_segv=0"
        rcs, errs, total = [], "", 0.0
        for f in ["good1.c", bad, "good2.c"]:
            rc, _, err, secs = run([t.m, "--kbuild"] + extra + ["-fbracket-depth=30000", f], env=env, cwd=t.tree)
            rcs.append(rc)
            errs += err
            total += secs
        check("kbuild %s: good files exit 0" % attack, rcs[0] == 0 and rcs[2] == 0, rcs)
        expect_outcome("kbuild " + attack, db, bad, reason, rcs[1], errs, total)


def bad_values(t):
    for v, ok in [("0", True), ("256M", True), ("4G", True), ("100M", False), ("1T", False), ("-1", False),
                  ("5X", False), ("", False)]:
        rc, _, err, _ = run([t.m, "--no-db", "--max-memory", v, "good1.c"], cwd=t.tree)
        want = 0 if ok else 2
        check("--max-memory %r: exit %d" % (v, want), rc == want and (ok or "bad --max-memory" in err), (rc, err))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mmiocheck", required=True)
    ap.add_argument("--tests", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("only", nargs="*")
    t = ap.parse_args()
    t.m = os.path.abspath(t.mmiocheck)
    shutil.rmtree(t.work, ignore_errors=True)
    os.makedirs(t.work)
    t.tree = os.path.join(t.work, "tree")
    attacks = make_tree(t.tree)
    with open(t.m, "rb") as f:
        asan = b"__asan_init" in f.read()
    tests = {
        "file_mode": lambda: file_mode(t, attacks, asan),
        "p_j1": lambda: compdb_mode(t, attacks, asan, 1),
        "p_j2": lambda: compdb_mode(t, attacks, asan, 2),
        "kbuild": lambda: kbuild_mode(t, attacks, asan),
        "bad_values": lambda: bad_values(t),
    }
    for name, fn in tests.items():
        if not t.only or name in t.only:
            fn()
    if FAILURES:
        print("%d failure(s)" % len(FAILURES))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
