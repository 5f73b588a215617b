#!/usr/bin/env python3
"""Generate benchmark inputs for mmiocheck.

  gen.py functions N OUT.c   N driver-style functions (locks, MMIO, branches, loops)
  gen.py cases DIR OUT.c     every tests/cases file in one translation unit,
                             with the names each case defines made unique
"""
import os
import re
import sys

HEADER = """#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/io.h>
#include <asm/barrier.h>

struct bench_dev {
\tvoid __iomem *regs;
\tspinlock_t lock;
\tspinlock_t irq_lock;
\tstruct mutex cfg;
\tu32 tail, mask;
\tint flags;
};
"""

BODIES = [
    # doorbell with relaxed write last
    """\tunsigned long flags;
\tspin_lock_irqsave(&d->lock, flags);
\td->tail += n;
\tif (d->flags & 1)
\t\twritel(d->tail, d->regs + 0x10);
\telse
\t\twritel_relaxed(d->tail, d->regs + 0x14);
\tspin_unlock_irqrestore(&d->lock, flags);
\treturn 0;""",
    # loop with nested lock
    """\tint i;
\tspin_lock(&d->lock);
\tfor (i = 0; i < n; i++) {
\t\twritel(i, d->regs + 4 * i);
\t\tif (i == 3) {
\t\t\tspin_lock(&d->irq_lock);
\t\t\td->mask |= 1u << i;
\t\t\tspin_unlock(&d->irq_lock);
\t\t}
\t}
\tspin_unlock(&d->lock);
\treturn i;""",
    # error-path gotos under a mutex
    """\tint ret = 0;
\tmutex_lock(&d->cfg);
\tif (n < 0) {
\t\tret = -EINVAL;
\t\tgoto out_unlock;
\t}
\twritel(n, d->regs + 0x20);
\tif (readl(d->regs + 0x24) & 0x1)
\t\tgoto out_unlock;
\twritel_relaxed(0, d->regs + 0x28);
out_unlock:
\tmutex_unlock(&d->cfg);
\treturn ret;""",
    # trylock and switch
    """\tif (!spin_trylock(&d->lock))
\t\treturn -EBUSY;
\tswitch (n) {
\tcase 0:
\t\twritel(1, d->regs);
\t\tbreak;
\tcase 1:
\t\twritel_relaxed(2, d->regs);
\t\t/* fall through */
\tcase 2:
\t\twmb();
\t\tbreak;
\tdefault:
\t\td->tail = n;
\t}
\tspin_unlock(&d->lock);
\treturn 0;""",
]


def gen_functions(n, out):
    with open(out, "w") as f:
        f.write(HEADER)
        for i in range(n):
            f.write("\nint bench_fn_%d(struct bench_dev *d, int n)\n{\n%s\n}\n" % (i, BODIES[i % len(BODIES)]))


DEF_RE = [
    re.compile(r"^\s*struct\s+([A-Za-z_]\w*)\s*\{", re.M),
    re.compile(r"^[A-Za-z_][\w \t\*]*?\b([A-Za-z_]\w*)\s*\([^;]*$", re.M),
    re.compile(r"\bDEFINE_(?:RAW_)?(?:SPINLOCK|MUTEX|RWLOCK|SEMAPHORE)\(\s*([A-Za-z_]\w*)"),
    re.compile(r"^static\s+[\w \t\*]+?\b([A-Za-z_]\w*)\s*(?:=|;|\[)", re.M),
    re.compile(r"^#define\s+([A-Za-z_]\w*)", re.M),
]
KEYWORDS = {"if", "for", "while", "switch", "return", "sizeof", "struct"}


def gen_cases(d, out):
    files = []
    for root, _, names in sorted(os.walk(d)):
        files += [os.path.join(root, x) for x in sorted(names) if x.endswith(".c")]
    with open(out, "w") as f:
        for k, path in enumerate(files):
            text = open(path).read()
            names = set()
            for r in DEF_RE:
                names.update(m for m in r.findall(text) if m not in KEYWORDS)
            for name in sorted(names, key=len, reverse=True):
                text = re.sub(r"\b%s\b" % re.escape(name), "%s__c%d" % (name, k), text)
            f.write("/* ---- %s ---- */\n%s\n" % (os.path.relpath(path, d), text))


if __name__ == "__main__":
    if len(sys.argv) != 4 or sys.argv[1] not in ("functions", "cases"):
        sys.exit(__doc__)
    if sys.argv[1] == "functions":
        gen_functions(int(sys.argv[2]), sys.argv[3])
    else:
        gen_cases(sys.argv[2], sys.argv[3])
