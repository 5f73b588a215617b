#!/usr/bin/env python3
"""Read verbs work on a database in a directory they cannot write.

    test_readonly_dir.py --mmiocheck PATH --tests DIR --work DIR [--clang PATH]

A WAL database (as analyze leaves it) is put in a 0555 directory.  As
root the verbs run as user nobody (setpriv), because root may write any
directory; otherwise as this user.  query, query --sql, report, diff and
fix without --apply give the same output as on a writable copy, and create
nothing; with a non-empty -wal file beside it they say the real cause
("its directory is read-only and its -wal file holds changes ...").
"""

import argparse
import hashlib
import os
import shutil
import subprocess
import sys

FAILURES = []


def check(name, cond, detail=""):
    print("%-36s %s%s" % (name, "PASS" if cond else "FAIL", "" if cond else "  " + str(detail)[:300]))
    if not cond:
        FAILURES.append(name)


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--mmiocheck", required=True)
    ap.add_argument("--tests", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--clang")
    args = ap.parse_args()
    mc = os.path.abspath(args.mmiocheck)
    work = os.path.abspath(args.work)
    if os.path.isdir(work):
        for root, dirs, files in os.walk(work):
            os.chmod(root, 0o755)
        shutil.rmtree(work)
    os.makedirs(work)
    as_other = []
    if os.geteuid() == 0:
        if not shutil.which("setpriv"):
            print("SKIP: running as root and setpriv is missing")
            sys.exit(0)
        as_other = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
        probe = subprocess.run(as_other + ["test", "-x", mc])
        if probe.returncode != 0:
            print("SKIP: user nobody cannot run %s (a directory above it is not searchable)" % mc)
            sys.exit(0)
    src = os.path.join(os.path.abspath(args.tests), "cases", "mmio004_no_lock.c")
    inc = os.path.join(os.path.abspath(args.tests), "include")
    rw = os.path.join(work, "rw")
    ro = os.path.join(work, "ro")
    os.makedirs(rw)
    os.makedirs(ro)
    subprocess.run([mc, "--db", os.path.join(rw, "f.db"), src, "--", "-I", inc], cwd=rw,
                   stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    p = subprocess.run(["sqlite3", os.path.join(rw, "f.db"), "PRAGMA journal_mode"], stdout=subprocess.PIPE)
    check("the database is in WAL mode", p.stdout.strip() == b"wal", p.stdout)
    shutil.copy(os.path.join(rw, "f.db"), os.path.join(ro, "f.db"))
    os.chmod(os.path.join(ro, "f.db"), 0o644)
    os.chmod(work, 0o755)
    os.chmod(ro, 0o555)
    before = digest(os.path.join(ro, "f.db"))
    verbs = [["query"], ["query", "--sql", "SELECT count(*) FROM findings"], ["report"], ["report", "--format",
             "json"], ["diff", "--baseline", "f.db"], ["fix"]]
    for v in verbs:
        want = subprocess.run([mc] + v + ["--db", "f.db"], cwd=rw, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        got = subprocess.run(as_other + [mc] + v + ["--db", "f.db"], cwd=ro, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE)
        check("readonly_dir: %s" % " ".join(v[:2]), got.returncode == want.returncode and got.stdout == want.stdout
              and got.stderr == want.stderr, (got.returncode, got.stderr))
    check("readonly_dir: nothing created", sorted(os.listdir(ro)) == ["f.db"], os.listdir(ro))
    check("readonly_dir: database unchanged", digest(os.path.join(ro, "f.db")) == before)
    # A -wal with changes not in the file: the real cause, not "not a database".
    os.chmod(ro, 0o755)
    with open(os.path.join(ro, "f.db-wal"), "wb") as f:
        f.write(b"\0" * 4096)
    os.chmod(ro, 0o555)
    got = subprocess.run(as_other + [mc, "query", "--db", "f.db"], cwd=ro, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    check("readonly_dir_wal: real cause", got.returncode == 2 and b"its directory is read-only and its -wal file"
          in got.stderr, got.stderr)
    os.chmod(ro, 0o755)
    print("%d failed" % len(FAILURES))
    sys.exit(1 if FAILURES else 0)


if __name__ == "__main__":
    main()
