#!/usr/bin/env python3
"""Generate a driver-style project for the interprocedural benchmark.

  gen_project.py FILES FUNCS_PER_FILE OUTDIR

Each file has register helpers (wrappers around writel/writel_relaxed),
lock helpers, mid-level functions that call helpers of their own file and
of the previous files (call chains across files), and top-level functions
that take locks around them.  A shared header declares every non-static
function, as a driver's private header does.
"""
import os
import sys

HEADER = """#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/io.h>

struct pdev {
\tvoid __iomem *regs;
\tspinlock_t lock;
\tstruct mutex cfg;
\tu32 tail;
\tint flags;
};
"""


def names(f, n):
    return ["p%d_fn%d" % (f, i) for i in range(n)]


def body(f, i, n):
    """Function i of file f: a helper, a lock helper, a mid or a top level."""
    kind = i % 5
    me = "p%d_fn%d" % (f, i)
    if kind == 0:
        acc = "writel_relaxed" if (f + i) % 3 == 0 else "writel"
        return "void %s(struct pdev *d, u32 off, u32 v)\n{\n\t%s(v, d->regs + off);\n}\n" % (me, acc)
    if kind == 1:
        return ("void %s(struct pdev *d)\n{\n\tspin_lock(&d->lock);\n\td->tail++;\n"
                "\tspin_unlock(&d->lock);\n}\n" % me)
    if kind == 2:
        h = "p%d_fn%d" % (f, i - 2)
        other = "p%d_fn%d" % (f - 1, i - 2) if f > 0 else h
        return ("void %s(struct pdev *d, u32 v)\n{\n\tint k;\n\n\tfor (k = 0; k < 4; k++)\n"
                "\t\t%s(d, 0x10 + 4 * k, v + k);\n\tif (d->flags & 1)\n\t\t%s(d, 0x40, v);\n"
                "\telse\n\t\t%s(d, 0x44, v);\n}\n" % (me, h, other, h))
    if kind == 3:
        mid = "p%d_fn%d" % (f, i - 1)
        return ("void %s(struct pdev *d, u32 v)\n{\n\tunsigned long flags;\n\n"
                "\tspin_lock_irqsave(&d->lock, flags);\n\t%s(d, v);\n"
                "\tspin_unlock_irqrestore(&d->lock, flags);\n}\n" % (me, mid))
    lockh = "p%d_fn%d" % (f, i - 3)
    mid = "p%d_fn%d" % (f, i - 2)
    return ("int %s(struct pdev *d, u32 v)\n{\n\tif (!d)\n\t\treturn -1;\n\t%s(d);\n"
            "\tmutex_lock(&d->cfg);\n\t%s(d, v);\n\tmutex_unlock(&d->cfg);\n\treturn 0;\n}\n"
            % (me, lockh, mid))


def main():
    nfiles, per, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    per -= per % 5
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "proj.h"), "w") as h:
        h.write(HEADER)
        for f in range(nfiles):
            for i, nm in enumerate(names(f, per)):
                kind = i % 5
                if kind == 0:
                    h.write("void %s(struct pdev *d, u32 off, u32 v);\n" % nm)
                elif kind == 1:
                    h.write("void %s(struct pdev *d);\n" % nm)
                elif kind in (2, 3):
                    h.write("void %s(struct pdev *d, u32 v);\n" % nm)
                else:
                    h.write("int %s(struct pdev *d, u32 v);\n" % nm)
    for f in range(nfiles):
        with open(os.path.join(out, "p%03d.c" % f), "w") as c:
            c.write('#include "proj.h"\n\n')
            for i in range(per):
                c.write(body(f, i, per) + "\n")


if __name__ == "__main__":
    main()
