#!/usr/bin/env python3
"""Build-integration tests of the mmiocheck CLI (analyzer/driver/):

  * -p DIR (compile_commands.json with gcc command strings) and -j N: the
    same stdout, byte for byte, as analyzing each file alone, in database
    order whatever the completion order; a plain progress line per file and
    a summary on stderr;
  * an unchanged re-run reuses every file (summary says so) and stores a
    complete copy in the new run;
  * Ctrl-C: exit 130, run 'interrupted', what finished is stored whole;
  * bad input: missing or malformed database, missing source, a header
    that does not exist, a database locked past the busy timeout, a disk
    that fills up (RLIMIT_FSIZE);
  * Kbuild mode outside make (--kbuild): diagnostics on stderr, exit 0 on
    findings (1 with MMIOCHECK_WERROR=1), unknown gcc flags dropped;
  * incremental runs and summaries together: a caller analyzed before its
    callee's file (-p -j1, -j2, one Kbuild process per file) is analyzed
    again; a caller whose callee's file changed is not reused with stale
    findings (-p, FILE mode with only the changed file given).
"""
import argparse
import json
import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import time

FAILURES = []


def check(cond, what, *details):
    if not cond:
        FAILURES.append(what + "".join("\n    " + str(d)[:1500] for d in details))
        print("FAIL: " + FAILURES[-1], file=sys.stderr)


def run(args, env=None, cwd=None, timeout=300):
    full_env = dict(os.environ)
    for k in ("KBUILD_CHECKSRC", "MMIOCHECK_DB", "MMIOCHECK_RUN", "MMIOCHECK_WERROR"):
        full_env.pop(k, None)
    full_env.update(env or {})
    p = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=full_env, cwd=cwd,
                       timeout=timeout)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


def q(db, sql, args=()):
    con = sqlite3.connect(db)
    try:
        return con.execute(sql, args).fetchall()
    finally:
        con.close()


FINDING_LINE = re.compile(r": (warning|error): .*\[MMIO\d{3}\]$", re.M)


class T:
    def __init__(self, a):
        self.m = os.path.abspath(a.mmiocheck)
        self.tests = os.path.abspath(a.tests)
        self.include = os.path.join(self.tests, "include")
        self.work = os.path.abspath(a.work)
        shutil.rmtree(self.work, ignore_errors=True)
        os.makedirs(self.work)
        cases = os.path.join(self.tests, "cases")
        self.cases = sorted(os.path.join(cases, f) for f in os.listdir(cases)
                            if f.endswith(".c") and not f.startswith("err_"))

    def compdb(self, name, files, extra=""):
        """A compile_commands.json in work/name, kernel-style gcc commands."""
        d = os.path.join(self.work, name)
        os.makedirs(d, exist_ok=True)
        entries = [{"directory": d, "file": f,
                    "command": "gcc -Wp,-MMD,%s/.o.d -I%s -fconserve-stack "
                               "-mindirect-branch=thunk-extern -DKBUILD_MODNAME='\"t\"' %s -c -o %s/o.o %s"
                               % (d, os.path.relpath(self.include, d), extra, d, f)}
                   for f in files]
        with open(os.path.join(d, "compile_commands.json"), "w") as out:
            json.dump(entries, out, indent=1)
        return d

    def alone(self, f):
        status, out, err = run([self.m, "--no-db", f, "--", "-I", self.include])
        check(status in (0, 1), "alone %s: status %d" % (f, status), err)
        return out

    def together(self, files):
        status, out, err = run([self.m, "--no-db"] + files + ["--", "-I", self.include])
        check(status in (0, 1), "together %s: status %d" % (files, status), err)
        return out

    def test_compdb_parallel(self):
        # Two source directories: each is one program (one job), the two
        # run in parallel.
        files = []
        for k, sub in enumerate(("a", "b")):
            os.makedirs(os.path.join(self.work, "par-src", sub))
            for f in self.cases[8 * k:8 * k + 8]:
                files.append(os.path.join(self.work, "par-src", sub, os.path.basename(f)))
                shutil.copy(f, files[-1])
        d = self.compdb("par", files)
        db = os.path.join(d, "m.db")
        want = self.together(files[:8]) + self.together(files[8:])
        nfind = len(FINDING_LINE.findall(want))
        status, out, err = run([self.m, "-p", d, "-j2", "--db", db])
        check(status == (1 if nfind else 0), "-p -j2 status %d" % status, err)
        check(out == want, "-p -j2 stdout is each directory's output as FILEs given together, in database order",
              out[:800], want[:800])
        progress = re.findall(r"^mmiocheck: \[(\d+)/16\] (\S+): \d+ findings?$", err, re.M)
        check(sorted(int(n) for n, _ in progress) == list(range(1, 17)), "one progress line per file", err)
        # The summary counts findings (defects, per file) of warning level.
        rows = q(db, "SELECT COUNT(*) FROM (SELECT DISTINCT file_id, rule, defect FROM findings"
                     " WHERE severity IN ('warning', 'error'))")[0][0]
        summary = "16 files analyzed (0 reused), 0 with parse errors, 0 failed, %d finding%s" % (
            rows, "" if rows == 1 else "s")
        check(rows >= nfind > 0 and summary in err, "summary: " + summary, err[-600:])
        # -j1 gives the same bytes.
        status1, out1, _ = run([self.m, "-p", d, "-j1", "--no-db"])
        check(out1 == want, "-p -j1 stdout equals -j2 stdout")
        # Unchanged re-run: everything reused, same output, complete copy.
        status2, out2, err2 = run([self.m, "-p", d, "-j2", "--db", db])
        check(out2 == want, "re-run stdout unchanged")
        check("16 files analyzed (16 reused)" in err2, "re-run reuses every file", err2[-600:])
        counts = q(db, "SELECT run_id, COUNT(*) FROM findings GROUP BY run_id ORDER BY run_id")
        check(len(counts) == 2 and counts[0][1] == counts[1][1], "both runs hold the findings", counts)
        fps = [sorted(r[0] for r in q(db, "SELECT fingerprint || rule || model || line FROM findings"
                                          " WHERE run_id = ?", (rid,))) for rid, _ in counts]
        check(len(fps) == 2 and fps[0] == fps[1], "the copy has the same findings")
        check(q(db, "SELECT status FROM runs ORDER BY id") == [("ok",), ("ok",)], "runs finished ok")
        # An edited header defeats reuse of the files that include it.
        shutil.copytree(self.include, os.path.join(self.work, "inc2"))
        files2 = self.cases[:4]
        d2 = self.compdb("hdr", files2)
        with open(os.path.join(d2, "compile_commands.json")) as f:
            text = f.read().replace(os.path.relpath(self.include, d2), "../inc2")
        with open(os.path.join(d2, "compile_commands.json"), "w") as f:
            f.write(text)
        db2 = os.path.join(d2, "m.db")
        run([self.m, "-p", d2, "-j2", "--db", db2])
        with open(os.path.join(self.work, "inc2", "linux", "spinlock.h"), "a") as f:
            f.write("\n/* edited */\n")
        _, _, err3 = run([self.m, "-p", d2, "-j2", "--db", db2])
        check("4 files analyzed (0 reused)" in err3, "an edited header defeats reuse", err3[-400:])
        # Selecting files of the database.
        _, out4, err4 = run([self.m, "-p", d, "--no-db", files[3]])
        check(out4 == self.alone(files[3]) and "1 file analyzed" in err4, "-p DIR FILE analyzes FILE only", err4)

    def test_interrupt(self):
        many = []
        src = os.path.join(self.work, "many")
        os.makedirs(src)
        for k in range(8):	# a directory is one job: 8 of them
            os.makedirs(os.path.join(src, str(k)))
            for f in self.cases[:40]:
                dst = os.path.join(src, str(k), os.path.basename(f))
                shutil.copy(f, dst)
                many.append(dst)
        d = self.compdb("int", many)
        db = os.path.join(d, "m.db")
        p = subprocess.Popen([self.m, "-p", d, "-j2", "--db", db], stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE)
        first = p.stderr.readline().decode()
        p.send_signal(signal.SIGINT)
        err = first + p.stderr.read().decode()
        status = p.wait(timeout=120)
        check(status == 130, "Ctrl-C exits 130 (got %d)" % status, err[-500:])
        check("interrupted: finishing the files in progress" in err, "Ctrl-C says what it does", err[-500:])
        check(q(db, "SELECT status FROM runs") == [("interrupted",)], "run marked interrupted")
        stored = q(db, "SELECT COUNT(*) FROM files")[0][0]
        check(0 < stored < len(many), "some files stored, not all (%d of %d)" % (stored, len(many)))
        check(q(db, "PRAGMA integrity_check") == [("ok",)], "database consistent after Ctrl-C")
        check(q(db, "SELECT COUNT(*) FROM files f LEFT JOIN file_inputs i ON i.file_id = f.id"
                    " WHERE i.file_id IS NULL") == [(0,)], "every stored file is complete")

    def test_bad_input(self):
        status, out, err = run([self.m, "-p", os.path.join(self.work, "nowhere"), "--no-db"])
        check(status == 2 and "nowhere: No such file or directory" in err, "-p missing dir", status, err)
        d = os.path.join(self.work, "badjson")
        os.makedirs(d)
        with open(os.path.join(d, "compile_commands.json"), "w") as f:
            f.write('[\n {"directory": "/x",\n  "file": }\n]\n')
        status, out, err = run([self.m, "-p", d, "--no-db"])
        check(status == 2 and "compile_commands.json:3:" in err, "malformed database names the line", err)
        missing = os.path.join(self.work, "gone.c")
        d = self.compdb("missing", [self.cases[0], missing])
        db = os.path.join(d, "m.db")
        status, out, err = run([self.m, "-p", d, "--db", db])
        check(status == 2 and missing in err and not os.path.exists(db),
              "a missing source is refused before anything is written", status, err)

    def test_disk_full(self):
        """The database file cannot grow (RLIMIT_FSIZE, like a full disk): the
        run stops with a clear error and what was stored stays consistent."""
        import resource
        d = self.compdb("full", self.cases)
        db = os.path.join(d, "m.db")

        def limit():
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            resource.setrlimit(resource.RLIMIT_FSIZE, (400 * 1024, 400 * 1024))  # above the schema (~160 KB + WAL)
        p = subprocess.run([self.m, "-p", d, "-j2", "--db", db], preexec_fn=limit,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=300)
        err = p.stderr.decode()
        check(p.returncode == 2, "a full disk exits 2 (got %d)" % p.returncode, err[-800:])
        check("could not store the results: %s:" % db in err and
              "stopping: the database cannot be written" in err and "; stopped" in err,
              "a full disk stops the run with a clear message", err[-800:])
        stored = q(db, "SELECT COUNT(*) FROM files")[0][0]
        check(stored < len(self.cases), "the run stopped early (%d of %d stored)" % (stored, len(self.cases)))
        check(q(db, "PRAGMA integrity_check") == [("ok",)], "database consistent after a full disk")

    def test_kbuild_mode(self):
        db = os.path.join(self.work, "kb.db")
        case = os.path.join(self.tests, "cases", "mmio001_mlx4_doorbell.c")
        want = self.alone(case)
        args = [self.m, "--kbuild", "-D__linux__", "--arch=x86", "-Wbitwise",
                "-I" + self.include, "-fconserve-stack", "-fira-loop-pressure", "-Wp,-MMD,x.d", case]
        status, out, err = run(args, env={"MMIOCHECK_DB": db})
        check(status == 0, "Kbuild mode: findings do not fail the build (got %d)" % status, err)
        check(out == "" and want.strip() and want in err, "Kbuild mode: diagnostics on stderr", out, err)
        check("clang does not accept '-fira-loop-pressure'" in err, "unknown flag named", err)
        check(q(db, "SELECT name FROM named_runs") == [("kbuild",)], "the shared run is named kbuild")
        status, _, _ = run(args, env={"MMIOCHECK_DB": db, "MMIOCHECK_WERROR": "1"})
        check(status == 1, "MMIOCHECK_WERROR=1: findings exit 1 (got %d)" % status)
        check(q(db, "SELECT COUNT(*) FROM runs") == [(1,)] and
              q(db, "SELECT COUNT(*) FROM files") == [(1,)], "re-runs add to the same run, no duplicates")
        # A header that does not exist: analyzed as far as it parsed, reported, not fatal.
        bad = os.path.join(self.work, "nohdr.c")
        with open(bad, "w") as f:
            f.write("#include <linux/spinlock.h>\n#include <linux/io.h>\n#include <no/such_header.h>\n"
                    "static DEFINE_SPINLOCK(l);\nvoid f(void __iomem *p)\n{\n\tspin_lock(&l);\n"
                    "\twritel_relaxed(1, p);\n\tspin_unlock(&l);\n}\n")
        status, out, err = run([self.m, "--kbuild", "-I" + self.include, bad], env={"MMIOCHECK_DB": db})
        check(status == 0 and "no/such_header.h' file not found" in err and "parse error" in err
              and "[MMIO001]" in err, "missing header: reported, what parsed analyzed", status, err)
        check(q(db, "SELECT status FROM files WHERE path = ?", (bad,)) == [("parse-errors",)],
              "the file is stored with status parse-errors")
        self.kbuild_quiet(db)
        # The database locked for longer than the busy timeout: that file fails, nothing half-written.
        con = sqlite3.connect(db, isolation_level=None)
        con.execute("BEGIN EXCLUSIVE")
        t0 = time.time()
        status, out, err = run(args + [], env={"MMIOCHECK_DB": db})
        waited = time.time() - t0
        con.execute("ROLLBACK")
        con.close()
        check(status == 2 and db in err and "locked" in err, "a locked database fails the file clearly",
              status, err)
        check(8 < waited < 60, "it waited for the busy timeout (%.1fs)" % waited)
        check(q(db, "PRAGMA integrity_check") == [("ok",)], "database consistent after the lock")

    def kbuild_quiet(self, db):
        """A Kbuild checker call is as quiet as sparse: findings and clang's
        errors, no summary line; --verbose adds it and names the functions."""
        src = os.path.join(self.work, "kb_partial.c")
        with open(src, "w") as f:
            f.write("#include <linux/spinlock.h>\n#include <linux/io.h>\nstatic DEFINE_SPINLOCK(l);\n"
                    "void good(void __iomem *p)\n{\n\tspin_lock(&l);\n\twritel_relaxed(1, p);\n"
                    "\tspin_unlock(&l);\n}\n"
                    "void bad(void __iomem *p)\n{\n\tspin_lock(&l);\n\twritel_relaxed(2, p);\n"
                    "\tspin_unlock(&l);\n\treturn nope;\n}\n")
        args = [self.m, "--kbuild", "-I" + self.include, "-fconserve-stack", src]
        status, out, err = run(args, env={"MMIOCHECK_DB": db})
        ours = [l for l in err.splitlines() if l.startswith("mmiocheck: ")]
        check(status == 0 and out == "" and re.findall(r"^\S+:(\d+):\d+: warning: .*\[MMIO001\]$", err, re.M) == ["7"]
              and re.findall(r"^\S+:(\d+):\d+: error: ", err, re.M) == ["15"]
              and ours == ["mmiocheck: %s: 1 parse error; analyzed what parsed" % src],
              "Kbuild: good()'s finding and clang's error, nothing of bad(), no summary line", status, err)
        status, out, err = run(args[:2] + ["--verbose"] + args[2:], env={"MMIOCHECK_DB": db})
        check(status == 0 and "mmiocheck: %s: not checked (a parse error inside; no findings, no summary for "
              "callers): bad\n" % src in err and err.endswith(
                  "mmiocheck: 1 file analyzed (0 reused), 1 with parse errors, 0 failed, 1 finding; "
                  "1 function with parse errors not checked\n"),
              "Kbuild --verbose: names the function, prints the summary line", status, err)


def xtu_findings(db, name):
    """(rule, line, model) of the latest findings stored for file `name`."""
    return sorted(q(db, "SELECT rule, line, model FROM latest_findings f JOIN files fl ON fl.id = f.file_id"
                        " WHERE fl.path LIKE ?", ("%/" + name,)))


def test_incremental_interproc(t):
    src = os.path.join(t.tests, "cases", "ip_xtu_wrapper")
    d = os.path.join(t.work, "xtu")
    shutil.copytree(src, d)
    main_c, hw_c = os.path.join(d, "foo_main.c"), os.path.join(d, "foo_hw.c")
    # The joint analysis is the reference (MMIO006, off by default, on:
    # foo_hw.c's mutex section is what crosses the files).
    ref_db = os.path.join(t.work, "xtu-ref.db")
    status, _, err = run([t.m, "--enable", "MMIO006", "--db", ref_db, main_c, hw_c, "--", "-I", t.include])
    want = xtu_findings(ref_db, "foo_main.c")
    check(status == 1 and want == [("MMIO001", 12, "contract"), ("MMIO001", 19, "contract"),
                                   ("MMIO006", 33, "contract"), ("MMIO006", 33, "ppc64-legacy")],
          "joint reference: MMIO001 on lines 12 and 19, MMIO006 on 33", want, err)
    # -p with both files in one directory: one program, nothing re-checked.
    sdir = t.compdb("xtu-same", [main_c, hw_c])
    status, _, err = run([t.m, "--enable", "MMIO006", "-p", sdir, "-j2", "--db", os.path.join(sdir, "m.db")])
    check(status == 1 and xtu_findings(os.path.join(sdir, "m.db"), "foo_main.c") == want and "again" not in err,
          "-p, one directory: analyzed as one program, no re-check", err)
    # Two modules (directories) that each define foo_write, one ordered and
    # one not: each caller gets its own module's summary, and an unchanged
    # re-run reuses all four files (one name-keyed summary would be
    # replaced by the other module's on every run).
    mods = []
    for m, fix in (("m1", False), ("m2", True)):
        md = os.path.join(t.work, "xtu-mods", m)
        shutil.copytree(src, md)
        if fix:
            with open(os.path.join(md, "foo_hw.c")) as f:
                hw = f.read()
            with open(os.path.join(md, "foo_hw.c"), "w") as f:
                f.write(hw.replace("writel_relaxed(val, dev->regs + reg);", "writel(val, dev->regs + reg);", 1))
        mods += [os.path.join(md, "foo_main.c"), os.path.join(md, "foo_hw.c")]
    mdir = t.compdb("xtu-mods-cc", mods)
    mdb = os.path.join(mdir, "m.db")
    for attempt in ("first", "unchanged re-run"):
        status, _, err = run([t.m, "--enable", "MMIO006", "-p", mdir, "-j2", "--db", mdb])
        check(xtu_findings(mdb, "m1/foo_main.c") == want and xtu_findings(mdb, "m2/foo_main.c") == want[2:],
              "-p, two modules defining foo_write (%s): each caller sees its own" % attempt,
              xtu_findings(mdb, "m1/foo_main.c"), xtu_findings(mdb, "m2/foo_main.c"), err)
        check("re-checked" not in err and (attempt == "first" or "4 files analyzed (4 reused)" in err),
              "-p, two modules (%s): nothing analyzed again" % attempt, err)
    # Caller and callee in two directories, the caller's first in
    # compile_commands.json: it is analyzed again after its callee.
    for sub, f in (("main", main_c), ("hw", hw_c)):
        os.makedirs(os.path.join(d, sub))
        shutil.copy(os.path.join(d, "foo.h"), os.path.join(d, sub))
        shutil.move(f, os.path.join(d, sub))
    main_c, hw_c = os.path.join(d, "main", "foo_main.c"), os.path.join(d, "hw", "foo_hw.c")
    cdir = t.compdb("xtu-cc", [main_c, hw_c])
    for jobs in ("1", "2"):
        db = os.path.join(cdir, "j%s.db" % jobs)
        status, _, err = run([t.m, "--enable", "MMIO006", "-p", cdir, "-j", jobs, "--db", db])
        check(status == 1 and xtu_findings(db, "foo_main.c") == want,
              "-p -j%s: the caller's findings equal the joint run's" % jobs, xtu_findings(db, "foo_main.c"), err)
        # With -j1 the caller is always done first; with -j2 the callee
        # may finish first (then nothing is stale): only the findings count.
        check(jobs == "2" or re.search(r"^mmiocheck: 2 files analyzed .*; 1 file re-checked \(-v names them\)$",
                                       err, re.M), "-p -j1: the caller was analyzed again", err)
    db = os.path.join(cdir, "j1.db")
    status, _, err = run([t.m, "--enable", "MMIO006", "-p", cdir, "-j1", "--db", db])
    check("2 files analyzed (2 reused)" in err and "re-checked" not in err and xtu_findings(db, "foo_main.c") == want,
          "-p unchanged re-run: both reused, nothing analyzed again", err)
    # The callee's file changes (the wrapper's write is now ordered): the
    # unchanged caller must not keep its MMIO001 findings.
    with open(hw_c) as f:
        text = f.read()
    with open(hw_c, "w") as f:
        f.write(text.replace("writel_relaxed(val, dev->regs + reg);", "writel(val, dev->regs + reg);", 1))
    status, _, err = run([t.m, "--enable", "MMIO006", "-p", cdir, "-j1", "-v", "--db", db])
    got = xtu_findings(db, "foo_main.c")
    check(got == want[2:] and "1 file re-checked" in err and
          re.search(r"^mmiocheck: \S*foo_main.c: analyzed again: a callee's summary changed$", err, re.M),
          "-p after the callee changed: the reused caller was analyzed again, MMIO001 gone", got, err)
    with open(hw_c, "w") as f:
        f.write(text)
    # Kbuild: one process per file, the caller's first.
    kdb = os.path.join(t.work, "xtu-kbuild.db")
    for f in (main_c, hw_c):
        status, _, err = run([t.m, "--enable", "MMIO006", "--kbuild", "-I" + t.include, "-fconserve-stack", f], env={"MMIOCHECK_DB": kdb})
        check(status == 0, "Kbuild %s exits 0" % os.path.basename(f), err)
    check(xtu_findings(kdb, "foo_main.c") == want, "Kbuild per-file: the caller was analyzed again after its callee",
          xtu_findings(kdb, "foo_main.c"))
    # FILE mode: both files, then only the changed callee.
    fdb = os.path.join(t.work, "xtu-files.db")
    run([t.m, "--enable", "MMIO006", "--db", fdb, main_c, hw_c, "--", "-I", t.include])
    status, _, err = run([t.m, "--enable", "MMIO006", "--db", fdb, main_c, hw_c, "--", "-I", t.include])
    check("2 files analyzed (2 reused)" in err and xtu_findings(fdb, "foo_main.c") == want,
          "FILE mode unchanged: reused", err)
    with open(hw_c, "w") as f:
        f.write(text.replace("writel_relaxed(val, dev->regs + reg);", "writel(val, dev->regs + reg);", 1))
    status, _, err = run([t.m, "--enable", "MMIO006", "--db", fdb, hw_c, "--", "-I", t.include])
    got = xtu_findings(fdb, "foo_main.c")
    check(got == want[2:] and "1 file analyzed (0 reused), 0 with parse errors, 0 failed, 0 findings; 1 file "
          "re-checked (-v names them)" in err, "FILE mode: the changed callee alone re-checks its caller", got, err)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mmiocheck", required=True)
    ap.add_argument("--tests", required=True)
    ap.add_argument("--work", required=True)
    t = T(ap.parse_args())
    for name in ("test_compdb_parallel", "test_interrupt", "test_bad_input", "test_disk_full",
                 "test_kbuild_mode"):
        getattr(t, name)()
    test_incremental_interproc(t)
    print("driver: %d failure(s)" % len(FAILURES))
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
