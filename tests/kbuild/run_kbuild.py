#!/usr/bin/env python3
"""Real-Kbuild test: build tests/kbuild/module/ as an out-of-tree module
against Debian's prepared headers (linux-headers-amd64) with

    make -C /usr/src/linux-headers-<version>-amd64 M=<copy> C=2 CHECK=mmiocheck

and assert the findings, with file and line, in the diagnostics and in the
database; then that a re-run adds nothing, that an edited file replaces its
rows in the same run, that a changed header defeats reuse, and that a second
named run gets whole copies.  Expected findings are the "expect:" comments
in the module's sources.  Missing headers or make are a failure, not a skip.
"""
import argparse
import glob
import os
import re
import shutil
import sqlite3
import subprocess
import sys

MODELS = "contract,generic,ppc64-legacy"
# A gcc flag clang rejects that rules/compiler-flags.json does not list:
# the frontend must drop it, say so, and the build must still pass.
UNKNOWN_FLAG = "-fsched-pressure"


class Failed(Exception):
    pass


def expect(cond, what):
    if not cond:
        raise Failed(what)


def headers_dir():
    """The newest /usr/src/linux-headers-*-amd64 that can build modules."""
    def version_key(path):
        return [int(x) for x in re.findall(r"\d+", os.path.basename(path))]
    dirs = [d for d in glob.glob("/usr/src/linux-headers-*-amd64")
            if os.path.isfile(os.path.join(d, "Makefile"))]
    expect(dirs, "no /usr/src/linux-headers-*-amd64 (install linux-headers-amd64; dev.sh DEPS has it)")
    return sorted(dirs, key=version_key)[-1]


def expected_findings(module):
    """{(file, line, rule, model)} from the 'expect:' comments."""
    out = set()
    for path in sorted(glob.glob(os.path.join(module, "*.c"))):
        with open(path) as f:
            for n, text in enumerate(f, 1):
                m = re.search(r"/\* expect: ([^*]+)\*/", text)
                for item in (m.group(1).split() if m else []):
                    rule, model = item.split("@")
                    out.add((os.path.basename(path), n, rule, model))
    return out


class Kbuild:
    def __init__(self, mmiocheck, headers, module):
        self.mmiocheck, self.headers, self.module = mmiocheck, headers, module
        self.db = os.path.join(module, "mmiocheck.db")   # the default: KBUILD_EXTMOD

    def make(self, checksrc="2", run=None):
        env = dict(os.environ)
        env.pop("MMIOCHECK_DB", None)
        env.pop("MMIOCHECK_RUN", None)
        if run:
            env["MMIOCHECK_RUN"] = run
        cmd = ["make", "-j2", "-C", self.headers, "M=" + self.module, "C=" + checksrc,
               "CHECK=%s --model %s --enable MMIO006" % (self.mmiocheck, MODELS), "KCFLAGS=" + UNKNOWN_FLAG]
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, timeout=600)
        out, err = p.stdout.decode(), p.stderr.decode()
        expect(p.returncode == 0, "make failed (%d): %s\nstdout:\n%s\nstderr:\n%s"
               % (p.returncode, " ".join(cmd), out[-3000:], err[-3000:]))
        return out, err

    def rows(self, sql, args=()):
        con = sqlite3.connect(self.db)
        try:
            return con.execute(sql, args).fetchall()
        finally:
            con.close()

    def findings(self, run_name="kbuild"):
        rows = self.rows("SELECT f.path, f.line, f.rule, f.model FROM findings f"
                         " JOIN named_runs n ON n.run_id = f.run_id WHERE n.name = ?", (run_name,))
        return sorted((os.path.basename(p), l, r, m) for p, l, r, m in rows)

    def file_ids(self, run_name="kbuild"):
        """{file: (row id, analyzed_at)}: changes whenever the unit is stored again
        (row ids alone may be reused by SQLite after a delete)."""
        return dict((os.path.basename(p), (i, t)) for i, p, t in self.rows(
            "SELECT f.id, f.path, f.analyzed_at FROM files f JOIN named_runs n ON n.run_id = f.run_id"
            " WHERE n.name = ?", (run_name,)))


def diagnostics(err):
    """{(file, line, rule)} of the warning lines on stderr."""
    out = set()
    for m in re.finditer(r"^(\S+?):(\d+):\d+: warning: .*\[(MMIO\d{3})\]$", err, re.M):
        out.add((os.path.basename(m.group(1)), int(m.group(2)), m.group(3)))
    return out


def check_both(k, err, want, step):
    got = k.findings()
    expect(got == sorted(want), "%s: database findings differ\n  want %s\n  got  %s" % (step, sorted(want), got))
    shown = diagnostics(err)
    want_shown = set((f, l, r) for f, l, r, _ in want)
    expect(shown == want_shown, "%s: stderr diagnostics differ\n  want %s\n  got  %s\n%s"
           % (step, sorted(want_shown), sorted(shown), err[-3000:]))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mmiocheck", required=True)
    ap.add_argument("--module", required=True)
    ap.add_argument("--work", required=True)
    a = ap.parse_args()
    expect(shutil.which("make"), "make is not installed")
    headers = headers_dir()
    module = os.path.join(os.path.abspath(a.work), "module")
    shutil.rmtree(a.work, ignore_errors=True)
    shutil.copytree(a.module, module)
    k = Kbuild(os.path.abspath(a.mmiocheck), headers, module)
    want = expected_findings(module)
    expect(len(want) == 6, "the module should expect 6 findings, found %d" % len(want))

    # 1. Full build, C=2, make -j2: two checker processes, one database.
    out, err = k.make()
    check_both(k, err, want, "first build")
    expect("clang does not accept '%s'" % UNKNOWN_FLAG in err,
           "the dropped flag must be named on stderr:\n" + err[-2000:])
    expect(k.rows("SELECT COUNT(*) FROM runs") == [(1,)], "one run for the whole build")
    expect(k.rows("SELECT status FROM runs") == [("ok",)], "run status ok")
    ids = k.file_ids()
    expect(sorted(ids) == ["demo_ctrl.c", "demo_ring.c"], "two files stored: %s" % ids)
    n_includes = k.rows("SELECT COUNT(*) FROM file_includes")[0][0]
    expect(n_includes > 200, "kernel headers recorded as inputs (%d)" % n_includes)

    # 2. Re-run, nothing changed: same findings printed, nothing added.
    out, err = k.make()
    check_both(k, err, want, "unchanged re-run")
    expect(k.file_ids() == ids, "unchanged files are reused, not stored again")
    expect(k.rows("SELECT COUNT(*) FROM findings") == [(len(want),)], "no duplicate findings")

    # 3. Edit one file, C=1: only it is checked; its rows are replaced.
    ctrl = os.path.join(module, "demo_ctrl.c")
    with open(ctrl) as f:
        text = f.read()
    text = text.replace("\twritel(mode, dev->regs + DEMO_MODE);\n\tspin_unlock(&dev->sq_lock);",
                        "\twritel_relaxed(mode, dev->regs + DEMO_MODE); /* expect: MMIO001@contract MMIO001@generic */\n"
                        "\tspin_unlock(&dev->sq_lock);")
    with open(ctrl, "w") as f:
        f.write(text)
    want = expected_findings(module)
    expect(len(want) == 8, "edited module should expect 8 findings")
    out, err = k.make(checksrc="1")
    expect("CHECK   %s" % ctrl in out and "demo_ring.c" not in err, "C=1 checks only the edited file")
    expect(sorted(k.findings()) == sorted(want), "edited: %s" % k.findings())
    new_ids = k.file_ids()
    expect(new_ids["demo_ring.c"] == ids["demo_ring.c"] and new_ids["demo_ctrl.c"] != ids["demo_ctrl.c"],
           "only the edited file is stored again: %s -> %s" % (ids, new_ids))

    # 4. A changed header: both files are parsed again (no reuse).
    hdr = os.path.join(module, "demo.h")
    with open(hdr, "a") as f:
        f.write("/* touched by run_kbuild.py */\n")
    ids = k.file_ids()
    out, err = k.make()
    check_both(k, err, want, "after a header change")
    new_ids = k.file_ids()
    expect(all(new_ids[f] != ids[f] for f in ids), "a changed header defeats reuse: %s -> %s" % (ids, new_ids))

    # 5. Another named run: whole copies of the reused units.
    out, err = k.make(run="second")
    expect(k.findings("second") == sorted(want), "second run: %s" % k.findings("second"))
    expect(k.rows("SELECT COUNT(*) FROM runs") == [(2,)], "two runs")
    expect(k.rows("SELECT COUNT(*) FROM findings") == [(2 * len(want),)], "each run has its own rows")
    print("kbuild: %s: all checks passed (%d findings)" % (os.path.basename(headers), len(want)))


if __name__ == "__main__":
    try:
        main()
    except Failed as e:
        print("FAIL: %s" % e, file=sys.stderr)
        sys.exit(1)
