#!/usr/bin/env python3
"""bench/kbuild-shared-db.py - the checker as Kbuild runs it: one process
per file, one after another, all on one database; the CPU time (user+sys)
of each process and its --stats line (docs/analysis.md, "Functions defined
in driver headers", has figures made with it).

  make -n -C /usr/src/linux-headers-*-amd64 M=DIR C=2 CHECK=__X__ |
      grep -o '__X__ .*' > LINES                      (as bench/linux-6.1.sh)
  bench/kbuild-shared-db.py MMIOCHECK DB LINES OUT.json [mmiocheck options...]

Each line's __X__ is replaced by `MMIOCHECK --kbuild --stats --db DB`, run
in the headers directory like make -C does.  OUT.json: the load average at
the end and, per file, its exit status, CPU seconds, stats line, stdout and
stderr; the total CPU is printed.  For a warm database run it again on DB
after `sqlite3 DB 'DELETE FROM file_inputs'` (units parsed again, their
summaries kept).
"""
import glob
import json
import os
import resource
import shlex
import subprocess
import sys


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    mmiocheck, db, lines, out = sys.argv[1:5]
    extra = sys.argv[5:]
    headers = sorted(glob.glob("/usr/src/linux-headers-*-amd64"))
    if not headers:
        sys.exit("kbuild-shared-db.py: no /usr/src/linux-headers-*-amd64")
    files = []
    for line in open(lines):
        args = shlex.split(line.strip())[1:]
        if not args or not args[-1].endswith(".c"):
            continue
        cmd = [mmiocheck, "--kbuild", "--stats", "--db", os.path.abspath(db)] + extra + args
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        p = subprocess.run(cmd, cwd=headers[-1], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        err = p.stderr.decode(errors="replace").splitlines()
        stats = [l for l in err if l.startswith("mmiocheck: stats: ")]
        files.append({"file": os.path.basename(args[-1]), "rc": p.returncode,
                      "cpu": after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime,
                      "stats": stats[-1] if stats else "", "out": p.stdout.decode(errors="replace"),
                      "err": [l for l in err if l not in stats]})
    with open(out, "w") as f:
        json.dump({"load": os.getloadavg(), "files": files}, f, indent=1)
    print("%s: %d files, CPU %.2f s, load %.1f" % (out, len(files), sum(r["cpu"] for r in files),
                                                   os.getloadavg()[0]))


if __name__ == "__main__":
    main()
