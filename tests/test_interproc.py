#!/usr/bin/env python3
"""Cross-run interprocedural analysis through the database.

1. Files analyzed one per invocation (as Kbuild does) on one database see
   each other's summaries: the callers in foo_main.c get the findings that a
   joint run gives.
2. When a callee's summary changes, the next run analyzes the stale callers
   in other files again (second pass) and the summary line counts them.
3. A stored summary that is not valid JSON of the summary format is ignored,
   not trusted.
4. Only the summaries another unit can use are stored: a global function's
   and a static function's that is stored into a slot; not those of static
   helpers called by name only.
"""

import argparse
import json
import os
import shutil
import sqlite3
import subprocess
import sys

FAILED = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        FAILED.append(what)


def run(opts, db, files, extra=()):
    # MMIO006 (off by default) is on: the fixtures' mutex sections are
    # what the summaries carry between files
    cmd = [opts.mmiocheck, "--format", "json", "--db", db, "--enable", "MMIO006"] + list(extra) + files + \
          ["--", "-I", opts.include]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=opts.work, timeout=120)
    doc = json.loads(p.stdout.decode())
    found = sorted((os.path.basename(ch["file"]), f["rule"], ch["line"], m) for f in doc["findings"]
                   for ch in f["chains"] for m in ch["models"])
    return p.returncode, found, p.stderr.decode()


STORED_SUMMARIES_C = r"""
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

struct bar_dev { void __iomem *regs; spinlock_t lock; };
struct bar_ops { void (*kick)(struct bar_dev *d); };

static void bar_write(struct bar_dev *d, u32 v)
{
	writel_relaxed(v, d->regs);
}

static void bar_kick(struct bar_dev *d)
{
	writel(1, d->regs + 4);
}

const struct bar_ops bar_ops = { .kick = bar_kick };

void bar_update(struct bar_dev *d, u32 v)
{
	spin_lock(&d->lock);
	bar_write(d, v);
	writel(v, d->regs + 8);
	spin_unlock(&d->lock);
}
"""


def check_stored_summaries(opts):
    path = os.path.join(opts.work, "src", "bar.c")
    with open(path, "w") as f:
        f.write(STORED_SUMMARIES_C)
    db = os.path.join(opts.work, "stored.db")
    rc, _, err = run(opts, db, [path])
    con = sqlite3.connect(db)
    names = sorted(r[0] for r in con.execute("SELECT name FROM summaries"))
    con.close()
    check(rc == 0 and names == ["bar_kick", "bar_update"],
          "stored: the global and the static stored into a slot, not the helper called by name (%s)" % names)


def check_bounded_note(opts):
    """A capped helper's last relaxed write reaches its caller's unlock as a
    note naming the helper, under --pedantic only (docs/analysis.md)."""
    case = os.path.join(opts.tests, "cases", "ip_capped_summary_tail_write.c")
    docs = {}
    for name, extra in (("pedantic", ["--pedantic"]), ("default", [])):
        cmd = [opts.mmiocheck, "--format", "json", "--no-db", "--model", "contract"] + extra + \
              [case, "--", "-I", opts.include]
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=opts.work, timeout=120)
        docs[name] = json.loads(p.stdout.decode())["findings"]
    shown = [(f["rule"], f["line"], f["severity"]) for f in docs["pedantic"]]
    check(shown == [("MMIO001", 58, "note")], "a capped helper's tail write is a note under --pedantic (%s)" % shown)
    steps = [t for f in docs["pedantic"] for t in f["trace"] if t["kind"] == "bounded"]
    check(len(steps) == 1 and steps[0]["line"] == 38 and "uart_parse_lsr()" in steps[0]["message"],
          "its trace names the helper whose summary kept the write (%s)" % steps)
    check(docs["default"] == [], "the default run does not show it (%d findings)" % len(docs["default"]))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mmiocheck", required=True)
    ap.add_argument("--tests", required=True)
    ap.add_argument("--work", required=True)
    opts = ap.parse_args()
    opts.include = os.path.join(opts.tests, "include")
    shutil.rmtree(opts.work, ignore_errors=True)
    src = os.path.join(opts.work, "src")
    shutil.copytree(os.path.join(opts.tests, "cases", "ip_xtu_wrapper"), src)
    hw, main_c = os.path.join(src, "foo_hw.c"), os.path.join(src, "foo_main.c")

    _, joint, _ = run(opts, os.path.join(opts.work, "joint.db"), [hw, main_c])
    db = os.path.join(opts.work, "seq.db")
    run(opts, db, [hw])
    _, alone, _ = run(opts, db, [main_c])
    check(alone == joint and len(joint) == 4,
          "one file per run sees the other file's summaries (%d findings, joint %d)" % (len(alone), len(joint)))

    db2 = os.path.join(opts.work, "callers-first.db")
    _, early, _ = run(opts, db2, [main_c])
    _, late, err = run(opts, db2, [hw])
    check(not [f for f in early if f[1] == "MMIO001"] and late == joint and "1 file re-checked" in err,
          "callers analyzed before their callees are re-checked when the callees arrive")

    text = open(hw).read().replace("writel_relaxed(val, dev->regs + reg);", "writel(val, dev->regs + reg);")
    open(hw, "w").write(text)
    _, again, err = run(opts, db, [hw])
    files = {f[0] for f in again}
    check("1 file re-checked" in err, "a changed summary re-checks the stale caller (%r)" % err.strip())
    check(again == [("foo_main.c", "MMIO006", 33, "contract"), ("foo_main.c", "MMIO006", 33, "ppc64-legacy")],
          "the re-checked caller's relaxed findings are gone: %s" % again)
    _, quiet, err = run(opts, db, [hw])
    check("re-checked" not in err, "no re-check when nothing changed")

    con = sqlite3.connect(db)
    con.execute("UPDATE summaries SET body = '{\"v\":1,\"nodes\":[{\"op\":\"TRYACQUIRE\",\"succ\":[]}]}'")
    con.commit()
    con.close()
    rc, broken, err = run(opts, db, [main_c])
    check(rc in (0, 1) and not [f for f in broken if f[1] == "MMIO001"],
          "a malformed stored summary is ignored (rc %d)" % rc)

    check_stored_summaries(opts)
    check_bounded_note(opts)

    print("%d failed" % len(FAILED))
    return 1 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main())
