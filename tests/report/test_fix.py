#!/usr/bin/env python3
"""`mmiocheck fix`: the MMIO003 fix-its of pre-5.2 driver code shapes
(tests/report/fixit/pre52_nic.c) as a diff that `git apply` takes, the
same result with --apply, refusal of files changed since the analysis,
and the shapes it must leave alone.

    test_fix.py --mmiocheck PATH --tests DIR --work DIR [--clang PATH] [-k NAME]
"""

import argparse
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rtlib import Ctx, TIMEOUT, check_golden, expect, run_tests, write  # noqa: E402

FIXTURE = "pre52_nic.c"


def git(d, *args):
    p = subprocess.run(["git", "-c", "user.name=mmiocheck-test", "-c", "user.email=test@invalid"] + list(args),
                       cwd=d, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=TIMEOUT)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


def checkout(c, name):
    """A git repository holding a copy of the fixture, analyzed into f.db."""
    d = c.fresh_dir(name)
    shutil.copy(os.path.join(c.here, "fixit", FIXTURE), d)
    status, out, err = git(d, "init", "-q", ".")
    expect(status == 0, "git init", status, out, err)
    git(d, "add", FIXTURE)
    git(d, "commit", "-qm", "pre-5.2 driver")
    status, out, err = c.analyze(d, [FIXTURE], "f.db", ["--source-root", d])
    expect(status == 1, "the fixture has an MMIO004 warning: exit 1", status, out, err)
    expect(out.count("[MMIO003]") == 4, "four redundant mmiowb() (MMIO003)", status, out, err)
    return d


def analyze_again(c, d):
    status, out, err = c.analyze(d, [FIXTURE], "again.db", ["--source-root", d])
    return out


def t_fix_diff_git_apply(c):
    """The diff (golden) applies with git apply; afterwards only the
    brace-less if's mmiowb() is still reported redundant."""
    d = checkout(c, "fix-diff")
    status, out, err = c.run(["fix", "--db", "f.db"], d)
    expect(status == 0, "fix: exit 0", status, out, err)
    check_golden(c, "pre52_nic.diff", out)
    expect(err.count("pre52_nic.c:71: note: fix-it skipped: it is the body of a control statement without braces")
           == 1, "the brace-less if body is skipped, said once", status, out, err)
    write(os.path.join(d, "fix.diff"), out)
    status, gout, gerr = git(d, "apply", "--check", "fix.diff")
    expect(status == 0, "git apply --check accepts the diff", status, gout, gerr)
    status, gout, gerr = git(d, "apply", "fix.diff")
    expect(status == 0, "git apply", status, gout, gerr)
    again = analyze_again(c, d)
    expect(again.count("[MMIO003]") == 1 and "[MMIO004]" in again, "after the fix: one MMIO003 (the if body) and "
           "the MMIO004 are left", out=again)
    status, gout, gerr = git(d, "diff", "--stat")
    expect("1 file changed, 8 deletions(-)" in gout, "only deletions: %r" % gout)


def t_fix_apply(c):
    """--apply edits the file to exactly what git apply makes."""
    d1 = checkout(c, "fix-apply")
    status, diff, err = c.run(["fix", "--db", "f.db", "--dry-run"], d1)
    status, out, err = c.run(["fix", "--db", "f.db", "--apply"], d1)
    expect(status == 0 and out == "" and "removed 3 redundant statements in 1 file" in err, "--apply",
           status, out, err)
    applied = open(os.path.join(d1, FIXTURE)).read()
    d2 = checkout(c, "fix-apply-ref")
    write(os.path.join(d2, "fix.diff"), diff)
    git(d2, "apply", "fix.diff")
    expect(applied == open(os.path.join(d2, FIXTURE)).read(), "--apply gives what git apply gives")
    if c.clang:
        p = subprocess.run([c.clang, "-fsyntax-only", "-I", c.include, os.path.join(d1, FIXTURE)],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=TIMEOUT)
        expect(p.returncode == 0, "the fixed file still compiles", p.returncode, p.stdout.decode(), p.stderr.decode())


def t_fix_refuses_changed(c):
    """A file changed since the analysis: exit 2, nothing written."""
    d = checkout(c, "fix-changed")
    path = os.path.join(d, FIXTURE)
    write(path, open(path).read() + "\n/* edited after the analysis */\n")
    before = open(path).read()
    for mode in ([], ["--apply"]):
        status, out, err = c.run(["fix", "--db", "f.db"] + mode, d)
        expect(status == 2 and "changed since the analysis" in err and FIXTURE in err and out == "",
               "changed file refused %s" % mode, status, out, err)
        expect(open(path).read() == before, "the file is untouched")


def t_fix_absolute_paths(c):
    """Analyzed by absolute path without --source-root: the diff names the
    file relative to the run's directory, and git apply takes it there."""
    d = checkout(c, "fix-abs")
    status, out, err = c.analyze(d, [os.path.join(d, FIXTURE)], "abs.db")
    status, out, err = c.run(["fix", "--db", "abs.db"], d)
    expect(status == 0 and out.startswith("diff --git a/%s b/%s\n" % (FIXTURE, FIXTURE)), "relative diff paths",
           status, out, err)
    write(os.path.join(d, "abs.diff"), out)
    status, gout, gerr = git(d, "apply", "abs.diff")
    expect(status == 0, "git apply", status, gout, gerr)


def t_fix_rule_filter_and_errors(c):
    d = checkout(c, "fix-errors")
    status, out, err = c.run(["fix", "--db", "f.db", "--rule", "MMIO001"], d)
    expect(status == 0 and out == "", "no fix-its for MMIO001: an empty diff", status, out, err)
    status, out, err = c.run(["fix", "--db", "f.db", "--apply", "--dry-run"], d)
    expect(status == 2 and "exclude each other" in err, "--apply with --dry-run: exit 2", status, out, err)
    status, out, err = c.run(["fix", "--db", "none.db"], d)
    expect(status == 2 and "none.db" in err, "missing database: exit 2", status, out, err)


TESTS = [t_fix_diff_git_apply, t_fix_apply, t_fix_refuses_changed, t_fix_absolute_paths, t_fix_rule_filter_and_errors]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mmiocheck", required=True)
    ap.add_argument("--tests", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--clang", default=None)
    ap.add_argument("--update", action="store_true")
    ap.add_argument("-k", dest="only", default=None)
    args = ap.parse_args()
    c = Ctx(args)
    c.clang = args.clang
    if not shutil.which("git"):
        print("FAIL: git is needed (dev.sh installs it)")
        return 1
    return run_tests(TESTS, c, args.only)


if __name__ == "__main__":
    sys.exit(main())
