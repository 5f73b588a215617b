"""Helpers shared by the findings-database tests (tests/db/test_*.py).

Each test script defines functions t_<name>(ctx); run_tests() runs those
selected with --only (default: all), prints PASS/FAIL per test with the
reasons, and exits 1 if any failed.  expect() records a failure and goes on,
so one run shows every broken expectation.
"""

import argparse
import glob
import hashlib
import os
import shutil
import sqlite3
import subprocess
import sys
import traceback

TIMEOUT = 120


class Failed(Exception):
    pass


class Ctx:
    def __init__(self, args):
        self.mmiocheck = os.path.abspath(args.mmiocheck)
        self.tests = os.path.abspath(args.tests)
        self.work = os.path.abspath(args.work)
        self.include = os.path.join(self.tests, "include")
        self.clang = args.clang
        self.failures = []
        self.checks = 0

    def fresh_dir(self, name):
        d = os.path.join(self.work, name)
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        return d

    def run(self, args, cwd=None, env=None, timeout=TIMEOUT):
        """Run mmiocheck; (status, stdout, stderr)."""
        p = subprocess.run([self.mmiocheck] + args, cwd=cwd or self.work, env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
        return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")

    def analyze(self, db, files, cwd=None, extra=()):
        """Analyze files into db with the test headers; (status, out, err)."""
        return self.run(["--db", db] + list(extra) + list(files) + ["--", "-I", self.include], cwd=cwd)

    def case_files(self, pattern="*.c"):
        """The case files (tests/cases) that parse cleanly, sorted."""
        return sorted(f for f in glob.glob(os.path.join(self.tests, "cases", pattern))
                      if not os.path.basename(f).startswith("err_"))


CTX = None


def expect(cond, what, *detail):
    CTX.checks += 1
    if not cond:
        msg = what
        for d in detail:
            msg += "\n      " + str(d).strip().replace("\n", "\n      ")
        CTX.failures.append(msg)
    return cond


def rows(db, sql, params=()):
    con = sqlite3.connect(db)
    try:
        return con.execute(sql, params).fetchall()
    finally:
        con.close()


def one(db, sql, params=()):
    return rows(db, sql, params)[0][0]


def file_digest(path):
    """sha256 of a database file and its -wal (what 'untouched' means)."""
    h = hashlib.sha256()
    for p in (path, path + "-wal"):
        if os.path.exists(p):
            with open(p, "rb") as f:
                h.update(f.read())
        h.update(b"|")
    return h.hexdigest()


def schema_of(db):
    """Every schema object (type, name, sql) plus meta and user_version."""
    objs = rows(db, "SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY type, name")
    meta = rows(db, "SELECT key, value FROM meta ORDER BY key")
    return objs, meta, one(db, "PRAGMA user_version")


def run_tests(module_globals, doc):
    global CTX
    ap = argparse.ArgumentParser(description=doc)
    ap.add_argument("--mmiocheck", required=True)
    ap.add_argument("--tests", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--only", action="append", default=[])
    ap.add_argument("--clang", default="clang-19")
    args = ap.parse_args()
    CTX = Ctx(args)
    os.makedirs(CTX.work, exist_ok=True)
    tests = sorted((n, f) for n, f in module_globals.items() if n.startswith("t_") and callable(f))
    failed = 0
    for name, fn in tests:
        short = name[2:]
        if args.only and short not in args.only:
            continue
        CTX.failures = []
        try:
            fn(CTX)
        except Exception:
            CTX.failures.append("exception:\n" + traceback.format_exc())
        print("%-24s %s" % (short, "FAIL" if CTX.failures else "PASS"))
        for f in CTX.failures:
            print("    " + f)
        failed += bool(CTX.failures)
    print("%d checks; %d test%s failed" % (CTX.checks, failed, "" if failed == 1 else "s"))
    sys.stdout.flush()
    sys.exit(1 if failed else 0)
