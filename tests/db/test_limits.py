#!/usr/bin/env python3
"""Resource limits and big generated inputs.

  * --max-seconds N stops the analysis of a file after N seconds with
    "mmiocheck: FILE: analysis stopped after N s (--max-seconds); its
    findings are incomplete" (exit 2); the next file is analyzed in full;
    the database marks the stopped functions truncated;
  * --max-states N: a function that hits the bound is counted in the
    summary line, and named with -v;
  * generated inputs finish within time and memory bounds (peak RSS of the
    process, from wait4): a 100,000-line file of 5,000 functions, a function
    of 20,000 statements, 2,000 nested blocks, a macro that expands to
    3 MB (30,000 writes), and a 1,000-file project, each with its exact finding count.
The measured time and RSS of each are printed.
"""

import re
import os
import subprocess
import time

from dblib import expect, rows, one, run_tests

HDR = ("#include <linux/spinlock.h>\n#include <linux/io.h>\n"
       "struct dev { spinlock_t lock; void __iomem *regs; int flag[64]; };\n")
MAX_RSS_KB = 1024 * 1024            # 1 GiB for any of the inputs here
MAX_SECONDS = 240


def run_sized(ctx, args, cwd):
    """Run mmiocheck under a small python wrapper that reports its own
    child's peak RSS, so each measurement is of that run alone."""
    wrapper = ("import resource, subprocess, sys, time\n"
               "t0 = time.time()\n"
               "p = subprocess.run(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.PIPE)\n"
               "sys.stdout.buffer.write(p.stdout)\n"
               "sys.stderr.buffer.write(p.stderr)\n"
               "sys.stderr.write('\\nMEASURED %d %.3f %d\\n' % (p.returncode, time.time() - t0,"
               " resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))\n")
    p = subprocess.run(["python3", "-c", wrapper, ctx.mmiocheck] + args, cwd=cwd, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=MAX_SECONDS + 60)
    err = p.stderr.decode("utf-8", "replace")
    head, _, tail = err.rpartition("\nMEASURED ")
    status, took, rss = tail.split()
    return int(status), p.stdout.decode("utf-8", "replace"), head, float(took), int(rss)


def write(path, text):
    with open(path, "w") as f:
        f.write(text)
    return path


def ring(name, body):
    return "void %s(struct dev *d)\n{\n\tspin_lock(&d->lock);\n%s\tspin_unlock(&d->lock);\n}\n" % (name, body)


def flags(n):
    """n flags read into locals, which the analysis keys: the paths of the
    branches on them differ in what they know, not only in their writes
    (paths that differ only in writes are one state), as long as a later
    test reads the flag (retest())."""
    return "".join("\tint f%d = d->flag[%d];\n" % (k, k) for k in range(n))


def retest(n):
    return "".join("\tif (f%d) writel(%d, d->regs + 4);\n" % (k, 100 + k) for k in range(n))


def t_max_seconds(ctx):
    d = ctx.fresh_dir("limits-seconds")
    # 60 independent branches: the path states double at each, up to --max-states.
    body = flags(60) + "".join("\tif (f%d) writel_relaxed(%d, d->regs + %d); else writel(%d, d->regs + %d);\n"
                               % (k, k, k * 4, k, k * 4) for k in range(60)) + retest(60)
    write(os.path.join(d, "slow.c"), HDR + ring("slow", body))
    write(os.path.join(d, "quick.c"), HDR + ring("quick", "\twritel_relaxed(1, d->regs);\n"))
    db = os.path.join(d, "l.db")
    status, out, err, took, rss = run_sized(
        ctx, ["--db", db, "--max-states", "100000", "--max-seconds", "1", "slow.c", "quick.c", "--",
              "-I", ctx.include], d)
    print("slow.c with --max-seconds 1: %.2f s, %d MiB" % (took, rss // 1024))
    expect(status == 2, "a file that ran out of time: exit 2", status, err)
    expect("mmiocheck: slow.c: analysis stopped after 1 s (--max-seconds); its findings are incomplete\n" in err,
           "the per-file message", err)
    expect("quick.c" not in err, "no message for the file that finished", err)
    expect(took < 15, "stopped in time (%.1f s)" % took)
    expect(out.count("quick.c:") >= 1 and "[MMIO001]" in out, "the next file is analyzed and reported", out[-500:])
    expect(rows(db, "SELECT fl.path, fn.truncated FROM functions fn JOIN files fl ON fl.id = fn.file_id"
                    " ORDER BY fl.path") == [("quick.c", 0), ("slow.c", 1)], "truncated in the database")
    expect(one(db, "SELECT COUNT(*) FROM findings WHERE path = 'quick.c'") == 1, "quick.c's finding stored")
    for bad in ("0", "x", "-1", "86401"):
        status, out, err = ctx.run(["--no-db", "--max-seconds", bad, "quick.c"], cwd=d)
        expect(status == 2 and "bad --max-seconds '%s' (1..86400)" % bad in err, "--max-seconds %s" % bad, err)


def t_memory_budget(ctx):
    """The 10,000-branch single-section function (branches on 64 flags,
    each tested again and again, so the paths keep apart what they know:
    2.6-3.1 GB of path states before the budget) stays under the default
    --max-memory and says it degraded; the file's other function and the
    next file are analyzed in full.  The same with 3,000 branches under
    --max-memory 512M."""
    d = ctx.fresh_dir("limits-memory")
    for n, extra in ((10000, []), (3000, ["--max-memory", "512M"])):
        body = flags(64) + "".join("\tif (f%d) writel(%d, d->regs + %d); else writel(%d, d->regs + %d);\n"
                                   % (k % 64, k, (k % 64) * 4, k + 1, (k % 64) * 4) for k in range(n))
        write(os.path.join(d, "huge.c"), HDR + ring("huge", body) + ring("small", "\twritel_relaxed(1, d->regs);\n"))
        write(os.path.join(d, "quick.c"), HDR + ring("quick", "\twritel_relaxed(1, d->regs);\n"))
        db = os.path.join(d, "m%d.db" % n)
        status, out, err, took, rss = run_sized(ctx, ["--db", db] + extra + ["huge.c", "quick.c", "--", "-I",
                                                                           ctx.include], d)
        print("%d branches %s: %.2f s, %d MiB" % (n, " ".join(extra) or "(default --max-memory)", took, rss // 1024))
        mib = 512 if extra else 4096
        expect(status == 2, "%d: exit 2" % n, status, err[-500:])
        expect("mmiocheck: huge.c: a function's path states outgrew an eighth of --max-memory (%d MiB); it was "
               "stopped, degraded: its findings are incomplete\n" % mib in err, "%d: says it degraded" % n, err[-800:])
        expect("not analyzed" not in err, "%d: not given up" % n, err[-800:])
        expect(rss < mib * 1024, "%d: under --max-memory (%d MiB)" % (n, rss // 1024))
        expect(took < MAX_SECONDS, "%d: within %d s (%.1f s)" % (n, MAX_SECONDS, took))
        expect(rows(db, "SELECT fl.path, fn.name, fn.truncated FROM functions fn JOIN files fl ON fl.id = fn.file_id"
                        " ORDER BY fl.path, fn.name") == [("huge.c", "huge", 1), ("huge.c", "small", 0),
                                                          ("quick.c", "quick", 0)],
               "%d: the huge function truncated, the others whole" % n)
        expect(rows(db, "SELECT path, COUNT(*) FROM findings WHERE rule = 'MMIO001' GROUP BY path ORDER BY path")
               == [("huge.c", 1), ("quick.c", 1)], "%d: the other functions' findings stored" % n,
               rows(db, "SELECT path, rule, line FROM findings"))


def t_max_states_note(ctx):
    d = ctx.fresh_dir("limits-states")
    body = flags(8) + "".join("\tif (f%d) writel_relaxed(%d, d->regs); else writel(%d, d->regs);\n" % (k, k, k)
                              for k in range(8)) + retest(8)
    write(os.path.join(d, "branchy.c"), HDR + ring("branchy", body))
    status, out, err = ctx.run(["--no-db", "--max-states", "4", "branchy.c", "--", "-I", ctx.include], cwd=d)
    expect(status in (0, 1), "a state bound is not an error", status, err)
    expect(re.search(r"^mmiocheck: 1 file analyzed .*; 1 function degraded \(state bound\) \(-v names them\)$",
                     err, re.M) and "branchy.c:" not in err, "the summary line counts the function", err)
    status, out, err = ctx.run(["--no-db", "-v", "--max-states", "4", "branchy.c", "--", "-I", ctx.include], cwd=d)
    expect("mmiocheck: branchy.c: hit the state bound (--max-states 4; paths were joined, results may be "
           "less precise): branchy\n" in err, "-v names the file, the bound and the function", err)


def big_inputs():
    """(name, source text, extra clang flags, expected contract MMIO001 count)."""
    lines = [HDR]
    for i in range(5000):
        lines.append(ring("fn%d" % i, "".join("\twritel(%d, d->regs + %d);\n" % (k, k * 4) for k in range(14)) +
                          "\twritel_relaxed(1, d->regs);\n") + "\n")
    straight = HDR + ring("big", "".join("\twritel(%d, d->regs + %d);\n" % (k, (k % 512) * 4)
                                         for k in range(20000)) + "\twritel_relaxed(1, d->regs);\n")
    nested = HDR + ring("deep", "{ if (d->flag[0]) " * 2000 + "writel_relaxed(1, d->regs);" + " }" * 2000 + "\n")
    # 30,000 writes, 3 MB once expanded.  (100,000 writes to one register
    # take minutes: MMIO005's per-register judgement is quadratic.)
    macro = (HDR + "#define W writel_relaxed(1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 + 11 + 12 + 13 + 14 + 15"
             " + 16 + 17 + 18, d->regs + 8);\n#define X10(a) a a a a a a a a a a\n#define X3(a) a a a\n" +
             ring("mac", "\tX3(X10(X10(X10(X10(W)))))\n"))
    return [("lines100k", "".join(lines), [], 5000), ("statements20k", straight, [], 1),
            ("nested2k", nested, ["-fbracket-depth=4096"], 1), ("macro_megabytes", macro, [], 1)]


def t_big_inputs(ctx):
    d = ctx.fresh_dir("limits-big")
    for name, text, flags, want in big_inputs():
        path = write(os.path.join(d, name + ".c"), text)
        db = os.path.join(d, name + ".db")
        status, out, err, took, rss = run_sized(ctx, ["--db", db, path, "--", "-I", ctx.include] + flags, d)
        print("%-16s %7d lines: %6.2f s, %4d MiB" % (name, text.count("\n"), took, rss // 1024))
        expect(status == 1, "%s: exit 1" % name, status, err[-500:])
        got = one(db, "SELECT COUNT(*) FROM findings WHERE rule = 'MMIO001' AND model = 'contract'")
        expect(got == want, "%s: %d MMIO001 under contract" % (name, want), got)
        expect(rss < MAX_RSS_KB, "%s: peak RSS %d MiB under %d MiB" % (name, rss // 1024, MAX_RSS_KB // 1024))
        expect(took < MAX_SECONDS, "%s: %.1f s under %d s" % (name, took, MAX_SECONDS))
    # Without the flag clang refuses the nesting: a clear error, no crash.
    status, out, err = ctx.run(["--no-db", "nested2k.c", "--", "-I", ctx.include], cwd=d)
    expect(status == 2 and "nested2k.c" in err and "bracket nesting level exceeded" in out + err,
           "2,000 nested blocks without -fbracket-depth: clang's error, exit 2", status, err[-300:])
    big = os.path.getsize(os.path.join(d, "macro_megabytes.c"))
    expanded = len(subprocess.run([ctx.clang, "-E", "-I", ctx.include, os.path.join(d, "macro_megabytes.c")],
                                  stdout=subprocess.PIPE).stdout)
    expect(big < 2000 and expanded > 3000000,
           "the macro file is small (%d bytes), its expansion megabytes (%d bytes)" % (big, expanded))


def t_thousand_files(ctx):
    d = ctx.fresh_dir("limits-project")
    names = []
    for i in range(1000):
        names.append("f%04d.c" % i)
        write(os.path.join(d, names[-1]), HDR + ring("ring%d" % i, "\twritel_relaxed(%d, d->regs);\n" % i))
    db = os.path.join(d, "p.db")
    status, out, err, took, rss = run_sized(ctx, ["--db", db] + names + ["--", "-I", ctx.include], d)
    print("1,000 files: %.2f s, %d MiB" % (took, rss // 1024))
    expect(status == 1, "exit 1", status, err[-300:])
    expect(one(db, "SELECT COUNT(*) FROM files") == 1000, "every file stored")
    expect(one(db, "SELECT COUNT(*) FROM findings WHERE model = 'contract'") == 1000, "one finding each")
    expect(rss < MAX_RSS_KB, "peak RSS %d MiB under %d MiB" % (rss // 1024, MAX_RSS_KB // 1024))
    expect(took < MAX_SECONDS, "%.1f s under %d s" % (took, MAX_SECONDS))


if __name__ == "__main__":
    run_tests(globals(), __doc__)
