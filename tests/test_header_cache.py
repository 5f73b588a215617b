#!/usr/bin/env python3
"""Kernel headers parsed from copies without function bodies.

With a database, a parse reads each header of a kernel include directory
from a copy kept in .mmiocheck-headers beside it, its inline functions'
bodies emptied (frontend/header_cache.c).  A copy is checked against its
header after every parse, so a run's findings are always those of the
headers as they are now:

1. A cold run copies the headers it read; a warm run reads the copies and
   copies nothing; both find exactly what --no-header-cache finds.  The
   copy of linux/hw.h has its body emptied, its lines kept, and a trailer;
   linux/hw_regs.h, with no body to empty, gets no copy but a line in the
   plain index.
2. The header changes so that the driver's write becomes relaxed: the stale
   copy is noticed, the parse is redone, and the finding the change makes
   is there (the old copy would have hidden it).
3. A symbolic link planted at the temporary name of a copy (for the next
   400 process ids) is not written through: the target stays as it was,
   the copy is made.
4. --header-cache DIR with --no-db: the copies go to DIR, the findings are
   the same.
5. The header gains a struct spelled through a macro, which the copier
   takes for a function body: the emptied copy is a syntax error, so the
   parse is redone from the headers (no parse error is reported, the same
   findings), the header is copied whole, and the next run redoes nothing.
"""

import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys

FAILED = []

HW_V1 = """#ifndef HW_H
#define HW_H
struct hw { void __iomem *regs; spinlock_t lock; };
static inline unsigned int hw_value(unsigned int a)
{
	unsigned int b = a * 2;

	b += a;
	return b - a;
}
#endif
"""

# v2: the doorbell becomes relaxed (the driver tests this macro)
HW_V2 = HW_V1.replace("#define HW_H\n", "#define HW_H\n#define HW_RELAXED_DOORBELL 1\n")

# v3: a struct the copier cannot tell from a function body
HW_V3 = HW_V2.replace("#endif\n", "#define HW_STRUCT(n) struct n\n"
                      "HW_STRUCT(hw_shadow) { int a; int b; int c; int d; int e; int f; };\n#endif\n")

HW_REGS = """#define HW_DOORBELL 0x40
struct hw_regs { unsigned int doorbell; };
"""

DRV = """#include <linux/spinlock.h>
#include <linux/io.h>
#include <linux/hw.h>
#include <linux/hw_regs.h>

void drv_kick(struct hw *h)
{
	spin_lock(&h->lock);
#ifdef HW_RELAXED_DOORBELL
	writel_relaxed(hw_value(1), h->regs);
#else
	writel(hw_value(1), h->regs);
#endif
	spin_unlock(&h->lock);
}
"""


def check(cond, what, *detail):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        FAILED.append(what)
        for d in detail:
            print("     %s" % (d,))


class Tree:
    def __init__(self, opts):
        self.opts = opts
        self.root = os.path.join(opts.work, "tree")
        shutil.rmtree(opts.work, ignore_errors=True)
        os.makedirs(os.path.join(self.root, "include", "linux"))
        os.makedirs(os.path.join(self.root, "drv"))
        self.drv = os.path.join(self.root, "drv", "drv.c")
        with open(self.drv, "w") as f:
            f.write(DRV)
        with open(os.path.join(self.root, "include", "linux", "hw_regs.h"), "w") as f:
            f.write(HW_REGS)
        self.db = os.path.join(opts.work, "db", "x.db")
        os.makedirs(os.path.dirname(self.db))
        self.cache = os.path.join(os.path.dirname(self.db), ".mmiocheck-headers")

    def header(self, text):
        with open(os.path.join(self.root, "include", "linux", "hw.h"), "w") as f:
            f.write(text)

    def run(self, extra=(), db=True):
        """(findings as JSON text, stats counts, stderr) of one process."""
        if os.path.exists(self.db):
            os.unlink(self.db)
        cmd = [self.opts.mmiocheck, "--format", "json", "--stats"] + (["--db", self.db] if db else ["--no-db"])
        cmd += list(extra)
        cmd += [self.drv, "--", "-I", os.path.join(self.root, "include"), "-I", self.opts.include]
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
        err = p.stderr.decode()
        if p.returncode not in (0, 1):
            check(False, "exit %d" % p.returncode, err)
            return "", (0, 0, 0), err
        m = re.search(r"kernel headers: (\d+) without bodies, (\d+) copied, (\d+) parses redone", err)
        counts = tuple(int(x) for x in m.groups()) if m else (-1, -1, -1)
        check(" 0 with parse errors" in err, "no parse error is reported", err)
        doc = json.loads(p.stdout.decode())
        return json.dumps(doc["findings"], sort_keys=True, indent=1), counts, err

    def reference(self):
        found, counts, _ = self.run(["--no-header-cache"])
        check(counts == (0, 0, 0), "--no-header-cache reads no copy", counts)
        return found

    def copy_of_hw(self):
        paths = glob.glob(os.path.join(self.cache, "*", "linux", "hw.h"))
        return open(paths[0]).read() if len(paths) == 1 else None


def cold_and_warm(t):
    t.header(HW_V1)
    ref = t.reference()
    check(not os.path.exists(t.cache), "--no-header-cache writes no cache")
    found, counts, err = t.run()
    check(found == ref, "cold: the findings of --no-header-cache", found, ref)
    check(counts[1] >= 2 and counts[2] == 0, "cold: the headers read are copied, no parse redone", counts)
    copy = t.copy_of_hw()
    check(copy is not None, "linux/hw.h has one copy")
    if copy:
        check("b += a" not in copy and "__builtin_unreachable();" in copy, "the copy's body is emptied", copy)
        check(copy.count("\n") == HW_V1.count("\n") + 2, "the copy keeps every line, then its trailer", copy)
        check(re.search(r"/\* mmiocheck header cache \d+ [0-9a-f]{16} s \*/\n$", copy), "the copy ends in its trailer",
              copy)
    check(not glob.glob(os.path.join(t.cache, "*", "linux", "hw_regs.h")), "a header with no body gets no copy")
    index = glob.glob(os.path.join(t.cache, "plain-*"))
    check(len(index) == 1 and re.match(r"([0-9a-f]{16} [0-9a-f]{16}\n)+$", open(index[0]).read()),
          "... but a line in the plain index", index)
    found, counts, err = t.run()
    check(found == ref, "warm: the findings of --no-header-cache", found, ref)
    check(counts[0] >= 2 and counts[1:] == (0, 0), "warm: the copies are read, none written, no parse redone", counts)
    return ref


def stale_copy(t, ref_v1):
    t.header(HW_V2)
    ref = t.reference()
    check(ref != ref_v1 and '"MMIO001"' in ref, "the header change makes an MMIO001 (else this test proves nothing)",
          ref)
    found, counts, err = t.run()
    check(found == ref, "stale copy: the findings of the header as it is now", found, ref)
    check(counts[1] == 1 and counts[2] == 1, "stale copy: rewritten, the parse redone once", counts)
    found, counts, err = t.run()
    check(found == ref and counts[1:] == (0, 0), "then: nothing copied or redone", counts)


def planted_links(t):
    ref = t.reference()
    copies = glob.glob(os.path.join(t.cache, "*", "linux", "hw.h"))
    check(len(copies) == 1, "there is a copy of linux/hw.h to make again")
    if len(copies) != 1:
        return
    os.unlink(copies[0])
    victim = os.path.join(t.opts.work, "victim")
    with open(victim, "w") as f:
        f.write("precious\n")
    first = subprocess.run(["sh", "-c", "echo $$"], stdout=subprocess.PIPE).stdout.decode().strip()
    links = ["%s.tmp%d" % (copies[0], pid) for pid in range(int(first) + 1, int(first) + 401)]
    for link in links:
        os.symlink(victim, link)
    found, counts, err = t.run()
    check(open(victim).read() == "precious\n", "a link at a temporary name is not written through")
    check(found == ref and counts[1] >= 1 and os.path.isfile(copies[0]) and not os.path.islink(copies[0]),
          "the copy is made beside the links", counts)
    for link in links:
        if os.path.islink(link):
            os.unlink(link)


def cache_dir_option(t):
    ref = t.reference()
    where = os.path.join(t.opts.work, "elsewhere")
    found, counts, err = t.run(["--header-cache", where], db=False)
    check(found == ref, "--header-cache DIR --no-db: the findings of --no-header-cache", found, ref)
    check(counts[1] >= 2 and glob.glob(os.path.join(where, "*", "linux", "hw.h")),
          "--header-cache DIR --no-db: the copies are made in DIR", counts)
    found, counts, err = t.run(["--header-cache", where], db=False)
    check(found == ref and counts[0] >= 2 and counts[1] == 0, "then read from DIR", counts)


def not_a_body(t):
    t.header(HW_V3)
    ref = t.reference()
    found, counts, err = t.run()
    check(found == ref, "a struct taken for a body: the findings of --no-header-cache", found, ref)
    check(counts[2] >= 1, "a struct taken for a body: the parse is redone", counts)
    copy = t.copy_of_hw()
    check(copy is not None and copy.startswith(HW_V3) and re.search(r" w \*/\n$", copy),
          "the header is copied whole", copy)
    found, counts, err = t.run()
    check(found == ref and counts[2] == 0, "then: no parse redone", counts)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mmiocheck", required=True)
    ap.add_argument("--tests", required=True)
    ap.add_argument("--work", required=True)
    opts = ap.parse_args()
    opts.include = os.path.join(opts.tests, "include")
    t = Tree(opts)
    ref_v1 = cold_and_warm(t)
    stale_copy(t, ref_v1)
    planted_links(t)
    cache_dir_option(t)
    not_a_body(t)
    print("%d failed" % len(FAILED))
    return 1 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main())
