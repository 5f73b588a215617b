"""Shared helpers of the tests under tests/report/: running mmiocheck,
expectations, and a database with hand-made findings whose text exercises
every escaping rule (commas, colons, percent signs, CR/LF, non-ASCII).

The hand-made database is made by letting mmiocheck create the schema (one
analysis of a clean file), then adding one run with rows written here, so
the golden files do not change when analyzer messages change.
"""

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import traceback

TIMEOUT = 180

PRELUDE = """\
#include <linux/spinlock.h>
#include <linux/io.h>
"""

CLEAN_SRC = PRELUDE + """\
spinlock_t l;
void __iomem *base;

void clean(void)
{
	spin_lock(&l);
	writel(1, base);
	spin_unlock(&l);
}
"""

# The escaping file name and message.
ODD_FILE = "odd, dir: 100%/drv \u00fc.c"
ODD_MESSAGE = "writel_relaxed() is 100% unordered: see a,b\nline two\r\nthree \u00fc"


class Failed(Exception):
    """A sub-test's assertion failed."""


def expect(cond, what, status=None, out=None, err=None):
    """Fail the sub-test with `what` (and the process output) unless cond."""
    if cond:
        return
    msg = what
    if status is not None:
        msg += "\n    exit status: %s" % status
    if out is not None:
        msg += "\n    stdout: %r" % out[:3000]
    if err is not None:
        msg += "\n    stderr: %r" % err[:3000]
    raise Failed(msg)


class Ctx:
    """What every sub-test needs: the binary, directories, a counter."""

    def __init__(self, args):
        self.mmiocheck = os.path.abspath(args.mmiocheck)
        self.tests = os.path.abspath(args.tests)
        self.here = os.path.join(self.tests, "report")
        self.include = os.path.join(self.tests, "include")
        self.work = os.path.abspath(args.work)
        self.update = getattr(args, "update", False)
        self.counter = 0
        shutil.rmtree(self.work, ignore_errors=True)
        os.makedirs(self.work)

    def fresh_dir(self, name):
        self.counter += 1
        d = os.path.join(self.work, "%02d-%s" % (self.counter, name))
        os.makedirs(d)
        return d

    def run(self, args, cwd, stdin=None):
        """Run mmiocheck ARGS in cwd; (status, stdout, stderr) as text."""
        cmd = [self.mmiocheck] + list(args)
        try:
            p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               timeout=TIMEOUT, input=stdin)
        except subprocess.TimeoutExpired:
            raise Failed("timed out after %ds: %s" % (TIMEOUT, " ".join(cmd)))
        out = p.stdout.decode("utf-8", "replace")
        err = p.stderr.decode("utf-8", "replace")
        if p.returncode < 0:
            raise Failed("killed by signal %d: %s\nstderr:\n%s" % (-p.returncode, " ".join(cmd), err))
        return p.returncode, out, err

    def analyze(self, cwd, files, db, extra=()):
        """mmiocheck --db DB --enable MMIO006 [extra] FILES -- -I include
        (MMIO006 is off by default; the fixtures' mutex sections use it)."""
        return self.run(["--db", db, "--enable", "MMIO006"] + list(extra) + list(files) + ["--", "-I", self.include], cwd)

    def node_tool(self, *parts):
        """A file of the npm packages installed by `npm ci` in tests/report."""
        path = os.path.join(self.here, "node_modules", *parts)
        expect(os.path.exists(path), "%s is missing: run `npm ci` in tests/report (./dev.sh does)" % path)
        return path


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(text)
    return path


def db_rows(path, sql, params=()):
    con = sqlite3.connect(path)
    try:
        return con.execute(sql, params).fetchall()
    finally:
        con.close()


def add_finding(con, run_id, file_id, fn_id, rule, name, sev, model, path, line, col, msg, fp,
                trace=(), lock=("dev->lock", "struct dev::lock", "spinlock"), accessor="writel_relaxed",
                fixit=(None, None), defect=None):
    """One findings row (a chain under one model); rows with the same
    defect are one finding."""
    cur = con.execute(
        "INSERT INTO findings(run_id, file_id, function_id, rule, rule_name, severity, model, path,"
        " line, col, end_line, end_col, lock_name, lock_type, lock_kind, accessor, message,"
        " fingerprint, fixit_first_line, fixit_last_line, defect, site_path, site_line, site_col)"
        " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
        (run_id, file_id, fn_id, rule, name, sev, model, path, line, col, line, col + 20,
         lock[0], lock[1], lock[2], accessor, msg, fp, fixit[0], fixit[1], defect or fp, path, line, col))
    fid = cur.lastrowid
    for seq, (kind, tline, tmsg) in enumerate(trace):
        con.execute("INSERT INTO trace_steps(finding_id, seq, kind, path, line, col, message)"
                    " VALUES (?,?,?,?,?,?,?)", (fid, seq, kind, path, tline, 2, tmsg))
    return fid


def make_crafted_db(c, d):
    """A database whose newest run holds the hand-made findings; returns
    (db path, run id)."""
    src = write(os.path.join(d, "clean.c"), CLEAN_SRC)
    db = os.path.join(d, "crafted.db")
    status, out, err = c.analyze(d, [src], db)
    expect(status == 0, "creating the crafted database: the clean file must exit 0", status, out, err)
    con = sqlite3.connect(db)
    con.execute("PRAGMA foreign_keys = ON")
    run = con.execute("INSERT INTO runs(started_at, finished_at, tool_version, models, argv, cwd, status)"
                      " VALUES ('2026-01-01T00:00:00.000Z', '2026-01-01T00:00:01.000Z', '0.1.0',"
                      " 'contract,ppc64-legacy', 'mmiocheck crafted', ?, 'ok')", (d,)).lastrowid
    odd = con.execute("INSERT INTO files(run_id, path, content_hash, parsed, parse_errors, n_functions,"
                      " status) VALUES (?, ?, '0123456789abcdef', 1, 0, 2, 'ok')", (run, ODD_FILE)).lastrowid
    ring = con.execute("INSERT INTO functions(file_id, name, line, n_nodes, n_states, truncated)"
                       " VALUES (?, 'ring_it', 9, 10, 12, 0)", (odd,)).lastrowid
    kick = con.execute("INSERT INTO functions(file_id, name, line, n_nodes, n_states, truncated)"
                       " VALUES (?, 'kick', 27, 6, 8, 0)", (odd,)).lastrowid
    trace = [("acquire", 10, "spinlock dev->lock taken here, 50% sure: yes"),
             ("write", 12, "MMIO write writel_relaxed(dev->db) inside the section"),
             ("inner-acquire", 13, "spin_lock(&dev->inner) clears io_sync"),
             ("inner-release", 14, "spin_unlock(&dev->inner)"),
             ("release", 15, "spin_unlock(&dev->lock) released here")]
    add_finding(con, run, odd, ring, "MMIO001", "unordered-release", "warning", "contract", ODD_FILE,
                12, 2, ODD_MESSAGE, "00000000000000a1", trace, defect="00000000000000d1")
    add_finding(con, run, odd, ring, "MMIO001", "unordered-release", "warning", "ppc64-legacy", ODD_FILE,
                12, 2, ODD_MESSAGE, "00000000000000a2", trace, defect="00000000000000d1")
    add_finding(con, run, odd, kick, "MMIO003", "redundant-mmiowb", "note", "contract", ODD_FILE, 30, 2,
                "mmiowb() is redundant", "00000000000000a3",
                [("acquire", 28, "spin_lock(&dev->lock) taken here"), ("barrier", 30, "mmiowb()")],
                accessor="mmiowb", fixit=(30, 30))
    other = con.execute("INSERT INTO files(run_id, path, content_hash, parsed, parse_errors, n_functions,"
                        " status) VALUES (?, 'b.c', 'fedcba9876543210', 1, 0, 1, 'ok')", (run,)).lastrowid
    cfg = con.execute("INSERT INTO functions(file_id, name, line, n_nodes, n_states, truncated)"
                      " VALUES (?, 'set_cfg', 3, 6, 8, 0)", (other,)).lastrowid
    add_finding(con, run, other, cfg, "MMIO006", "unhooked-lock-mmio", "error", "contract", "b.c", 5, 2,
                "writel() under a mutex", "00000000000000b1",
                [("acquire", 4, "mutex dev->m taken here"), ("write", 5, "writel(dev->regs)"),
                 ("release", 6, "mutex_unlock(&dev->m)")], lock=("dev->m", None, "mutex"),
                accessor="writel")
    con.commit()
    con.close()
    return db, run


def normalize(text, d):
    """Replace the work directory (plain and as a file URI) by @ROOT@."""
    from urllib.parse import quote
    text = text.replace("file://" + quote(d, safe="/-._~"), "file://@ROOT@")
    return text.replace(d, "@ROOT@")


def check_golden(c, name, text):
    """Compare text with tests/report/golden/NAME (or rewrite it with --update)."""
    path = os.path.join(c.here, "golden", name)
    if c.update:
        write(path, text)
        return
    expect(os.path.exists(path), "golden file %s is missing (run with --update once)" % path)
    with open(path, encoding="utf-8", newline="") as f:
        want = f.read()
    if want != text:
        import difflib
        diff = "".join(difflib.unified_diff(want.splitlines(True), text.splitlines(True),
                                            "golden/" + name, "actual", n=2))
        raise Failed("output differs from golden/%s:\n%s" % (name, diff[:4000]))


def run_tests(tests, c, only=None):
    """Run each sub-test, print PASS/FAIL, and the closing count line."""
    passed = failed = 0
    for t in tests:
        if only and only not in t.__name__:
            continue
        try:
            t(c)
            print("PASS %s" % t.__name__)
            passed += 1
        except Failed as e:
            print("FAIL %s: %s" % (t.__name__, e))
            failed += 1
        except Exception:
            print("FAIL %s: exception\n%s" % (t.__name__, traceback.format_exc()))
            failed += 1
        sys.stdout.flush()
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


def load_json(text, status=None, err=None):
    try:
        return json.loads(text)
    except ValueError as e:
        raise Failed("not one JSON document (%s)\n    exit status: %s\n    text: %r\n    stderr: %r"
                     % (e, status, text[:2000], (err or "")[:2000]))
