#!/usr/bin/env python3
"""`fix --apply` writes like `report -o`: never through a link, mode kept,
all or nothing.

    test_hostile_fix.py --mmiocheck PATH --tests DIR --work DIR

The fixture is tests/report/fixit/pre52_nic.c (three fix-its).  Cases:
symbolic links planted at every temporary name the next few hundred
process ids could use (the old "FILE.mmiocheck-fix.PID" and the safe
writer's "FILE.tmp.PID.0"), pointing at a victim file; a source that is a
symbolic link (fixed at its real path, the link kept); a 0640 and a 0444
file (modes kept); two files where writing the second fails
(RLIMIT_FSIZE): neither is changed and no temporary or backup file is left.
"""

import argparse
import os
import resource
import shutil
import signal
import stat
import subprocess
import sys

FAILURES = []
FIXTURE = "pre52_nic.c"


def check(name, cond, detail=""):
    print("%-40s %s%s" % (name, "PASS" if cond else "FAIL", "" if cond else "  " + str(detail)[:400]))
    if not cond:
        FAILURES.append(name)


def run(argv, cwd, preexec=None):
    p = subprocess.run(argv, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120,
                       preexec_fn=preexec)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


class Env:
    def __init__(self, mc, tests, work):
        self.mc, self.tests, self.work = mc, tests, work
        self.fixture = os.path.join(tests, "report", "fixit", FIXTURE)

    def dir(self, name):
        d = os.path.join(self.work, name)
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        return d

    def analyze(self, d, files, extra=()):
        return run([self.mc, "--db", "f.db", "--source-root", d] + list(extra) + list(files) +
                   ["--", "-I", os.path.join(self.tests, "include")], d)

    def fix(self, d, preexec=None):
        return run([self.mc, "fix", "--db", "f.db", "--apply"], d, preexec)


def last_pid():
    with open("/proc/sys/kernel/ns_last_pid") as f:
        return int(f.read())


def t_planted_links(e):
    d = e.dir("planted")
    shutil.copy(e.fixture, d)
    e.analyze(d, [FIXTURE])
    victim = os.path.join(e.work, "victim.txt")
    with open(victim, "w") as f:
        f.write("victim\n")
    start = last_pid()
    for pid in range(start, start + 400):
        for name in ("%s.mmiocheck-fix.%d" % (FIXTURE, pid), "%s.tmp.%d.0" % (FIXTURE, pid)):
            os.symlink(victim, os.path.join(d, name))
    status, out, err = e.fix(d)
    check("planted: exit 0", status == 0, (status, err))
    check("planted: victim untouched", open(victim).read() == "victim\n")
    src = os.path.join(d, FIXTURE)
    check("planted: source is a regular file", not os.path.islink(src) and "mmiowb" in open(src).read())
    check("planted: source fixed", open(src).read() != open(e.fixture).read())
    links = [n for n in os.listdir(d) if os.path.islink(os.path.join(d, n))]
    check("planted: the planted links are still links", len(links) == 800, len(links))
    os.unlink(victim)


def t_symlinked_source(e):
    d = e.dir("symlinked")
    os.makedirs(os.path.join(d, "real"))
    shutil.copy(e.fixture, os.path.join(d, "real", FIXTURE))
    os.symlink(os.path.join("real", FIXTURE), os.path.join(d, FIXTURE))
    e.analyze(d, [FIXTURE])
    status, out, err = e.fix(d)
    check("symlinked: exit 0", status == 0, (status, err))
    check("symlinked: link kept", os.path.islink(os.path.join(d, FIXTURE)))
    real = open(os.path.join(d, "real", FIXTURE)).read()
    check("symlinked: real file fixed", real != open(e.fixture).read() and real.count("mmiowb();") ==
          open(e.fixture).read().count("mmiowb();") - 3)


def t_modes(e):
    for mode in (0o640, 0o444, 0o755):
        d = e.dir("mode%o" % mode)
        shutil.copy(e.fixture, d)
        path = os.path.join(d, FIXTURE)
        os.chmod(path, mode)
        e.analyze(d, [FIXTURE])
        status, out, err = e.fix(d)
        got = stat.S_IMODE(os.stat(path).st_mode)
        check("mode %o: kept" % mode, status == 0 and got == mode, (status, "%o" % got, err))


def t_all_or_nothing(e):
    d = e.dir("atomic")
    small, big = "a_small.c", "b_big.c"
    text = open(e.fixture).read()
    with open(os.path.join(d, small), "w") as f:
        f.write(text)
    with open(os.path.join(d, big), "w") as f:
        f.write(text + "/*" + "x" * 200000 + "*/\n")
    status, out, err = e.analyze(d, [small, big], ["-j", "2"])
    before = {n: open(os.path.join(d, n)).read() for n in (small, big)}
    def listing():
        return sorted(n for n in os.listdir(d) if not n.startswith("f.db"))
    files = listing()

    def limit():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (100000, 100000))
    status, out, err = e.fix(d, limit)
    check("atomic: exit 2", status == 2, (status, err))
    check("atomic: says which file", big in err and "no file was changed" in err, err)
    for n in (small, big):
        check("atomic: %s unchanged" % n, open(os.path.join(d, n)).read() == before[n])
    check("atomic: nothing left beside them", listing() == files, listing())
    status, out, err = e.fix(d)
    check("atomic: without the limit both are fixed", status == 0 and
          all(open(os.path.join(d, n)).read() != before[n] for n in (small, big)), (status, err))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--mmiocheck", required=True)
    ap.add_argument("--tests", required=True)
    ap.add_argument("--work", required=True)
    args = ap.parse_args()
    work = os.path.abspath(args.work)
    os.makedirs(work, exist_ok=True)
    e = Env(os.path.abspath(args.mmiocheck), os.path.abspath(args.tests), work)
    for t in (t_planted_links, t_symlinked_source, t_modes, t_all_or_nothing):
        t(e)
    print("%d failed" % len(FAILURES))
    sys.exit(1 if FAILURES else 0)


if __name__ == "__main__":
    main()
