#!/usr/bin/env python3
"""Findings judged where a driver runs (docs/kernel.md, "Architectures"),
on the fake kernel tree tests/kernel/linux-6.1 driven through Kbuild-shaped
checker command lines (KBUILD_CHECKSRC, gcc flags, the file last, run from
the tree's top) and through -p:

  * --print-arches: each file's architectures and models, read from the
    tree's Kconfig (arch-only symbols, `depends on ARCH_FOO || COMPILE_TEST`,
    if/menu blocks, a choice, select) and Makefiles (obj-$(CONFIG_...), a
    composite object, a composite part in a subdirectory);
  * default output: only findings that fail on an architecture the file is
    built for, each saying where; --pedantic adds the contract-only ones;
    --model overrides; a file no architecture builds without COMPILE_TEST
    and plain FILE mode keep the plain defaults;
  * a 5.1 tree: the pre-5.2 models, MMIO003 says "once the driver moves to
    Linux 5.2+" and carries no fix-it;
  * -p gives what Kbuild gives; the Kconfig cache is written next to the
    database and a Kconfig change re-analyzes the file (not reused).
"""
import argparse
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys

FAILURES = []


def check(cond, what, *details):
    if not cond:
        FAILURES.append(what + "".join("\n    " + str(d)[:3000] for d in details))
        print("FAIL: " + FAILURES[-1], file=sys.stderr)


def run(args, env=None, cwd=None):
    full_env = dict(os.environ)
    for k in ("KBUILD_CHECKSRC", "MMIOCHECK_DB", "MMIOCHECK_RUN", "MMIOCHECK_WERROR", "MMIOCHECK_RULES"):
        full_env.pop(k, None)
    full_env.update(env or {})
    p = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=full_env, cwd=cwd, timeout=300)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


# FILE:LINE:COL: warning|note: MESSAGE; WHERE (model[s]: M, ...) [RULE]
DIAG = re.compile(r"^(\S+?):(\d+):\d+: (warning|note): (.*) \(models?: ([^)]*)\) \[(MMIO\d{3})\]$", re.M)
WHERE = re.compile(r"; (fails on [^;]*|applies on [^;]*|by the documented contract only[^;]*)(; .*)?$")

FILES = ["drivers/foo/foo_arm.c", "drivers/foo/foo_pci_main.c", "drivers/foo/extra/foo_pci_extra.c",
         "drivers/foo/foo_ppc.c", "drivers/foo/foo_legacy.c"]


def findings(text):
    """(file, line, rule, models, where) for every diagnostic line."""
    out = []
    for m in DIAG.finditer(text):
        w = WHERE.search(m.group(4))
        where = w.group(1) if w else ""
        if where.startswith("by the documented contract only"):
            where = "contract only"
        out.append((m.group(1), int(m.group(2)), m.group(6), m.group(5), where))
    return sorted(out)


class T:
    def __init__(self, a):
        self.m = os.path.abspath(a.mmiocheck)
        self.tests = os.path.abspath(a.tests)
        self.include = os.path.join(self.tests, "include")
        self.work = os.path.abspath(a.work)
        shutil.rmtree(self.work, ignore_errors=True)
        os.makedirs(self.work)
        self.tree = os.path.join(self.work, "linux-6.1")
        shutil.copytree(os.path.join(self.tests, "kernel", "linux-6.1"), self.tree)

    def kbuild(self, tree, rel, db, ours=()):
        """One Kbuild checker call as scripts/Makefile.build makes it."""
        obj = rel[:-2] + ".o"
        args = ([self.m] + list(ours) +
                ["-D__linux__", "-Dlinux", "-D__STDC__", "-Dunix", "-D__unix__", "-Wbitwise", "-Wno-return-void",
                 "--arch=x86", "-mlittle-endian", "-m64",
                 "-Wp,-MMD,%s/.%s.d" % (os.path.dirname(obj), os.path.basename(obj)),
                 "-I" + self.include, "-D__KERNEL__", "-fno-strict-aliasing", "-mindirect-branch=thunk-extern",
                 "-fconserve-stack", "-DKBUILD_MODFILE='\"%s\"'" % obj[:-2],
                 "-DKBUILD_BASENAME='\"%s\"'" % os.path.basename(obj)[:-2], "-c", "-o", obj, rel])
        status, out, err = run(args, env={"KBUILD_CHECKSRC": "1", "MMIOCHECK_DB": db}, cwd=tree)
        check(status == 0, "kbuild %s %s: exit %d" % (rel, ours, status), err)
        check(out == "", "kbuild %s: nothing on stdout" % rel, out)
        return err

    def kbuild_all(self, tree, db, ours=()):
        return findings("".join(self.kbuild(tree, f, db, ours) for f in FILES))

    def test_print_arches(self):
        status, out, err = run([self.m, "--print-arches", "--no-db"] + FILES, cwd=self.tree)
        check(status == 0, "--print-arches exit", status, err)
        want = ("drivers/foo/foo_arm.c: 6.1.0: arm=none arm64=none\n"
                "drivers/foo/foo_pci_main.c: 6.1.0: arm64=none powerpc=powerpc64 riscv=riscv x86=none\n"
                "drivers/foo/extra/foo_pci_extra.c: 6.1.0: arm64=none powerpc=powerpc64 riscv=riscv x86=none\n"
                "drivers/foo/foo_ppc.c: 6.1.0: powerpc=powerpc64\n"
                "drivers/foo/foo_legacy.c: not placed: judged under contract,ppc64-legacy\n")
        check(out == want, "--print-arches lines", out, want)

    def test_default(self):
        db = os.path.join(self.work, "default.db")
        got = self.kbuild_all(self.tree, db)
        pci = "drivers/foo/foo_pci_main.c"
        extra = "drivers/foo/extra/foo_pci_extra.c"
        legacy = "drivers/foo/foo_legacy.c"
        want = sorted([
            # arm/arm64 only (ARCH_FOO || COMPILE_TEST): nothing can fail there
            (pci, 28, "MMIO001", "riscv", "fails on riscv"),
            (pci, 35, "MMIO001", "powerpc64, riscv", "fails on powerpc, riscv"),
            (pci, 44, "MMIO003", "none, powerpc64, riscv", "applies on every architecture it builds for"),
            (extra, 28, "MMIO001", "riscv", "fails on riscv"),
            (extra, 35, "MMIO001", "powerpc64, riscv", "fails on powerpc, riscv"),
            ("drivers/foo/foo_ppc.c", 35, "MMIO001", "powerpc64", "fails on powerpc"),
            # BROKEN || COMPILE_TEST: built nowhere, judged as before
            (legacy, 21, "MMIO001", "contract", ""),
            (legacy, 28, "MMIO001", "contract", ""),
            (legacy, 35, "MMIO001", "contract, ppc64-legacy", ""),
        ])
        check(got == want, "default findings", "\n".join(map(str, got)), "\n".join(map(str, want)))
        cache = [f for f in os.listdir(self.work) if f.startswith(".mmiocheck-kconfig-")]
        check(len(cache) == 1, "one Kconfig cache file next to the database", os.listdir(self.work))
        return got

    def test_pedantic(self):
        db = os.path.join(self.work, "pedantic.db")
        got = self.kbuild_all(self.tree, db, ["--pedantic"])
        arm, pci = "drivers/foo/foo_arm.c", "drivers/foo/foo_pci_main.c"
        extra, ppc = "drivers/foo/extra/foo_pci_extra.c", "drivers/foo/foo_ppc.c"
        legacy = "drivers/foo/foo_legacy.c"
        want = sorted([
            (arm, 21, "MMIO001", "contract", "contract only"),
            (arm, 28, "MMIO001", "contract", "contract only"),
            (arm, 35, "MMIO001", "contract", "contract only"),
            (pci, 21, "MMIO001", "contract", "contract only"),
            (pci, 28, "MMIO001", "riscv, contract", "fails on riscv"),
            (pci, 35, "MMIO001", "powerpc64, riscv, contract", "fails on powerpc, riscv"),
            (pci, 44, "MMIO003", "none, powerpc64, riscv, contract", "applies on every architecture it builds for"),
            (extra, 21, "MMIO001", "contract", "contract only"),
            (extra, 28, "MMIO001", "riscv, contract", "fails on riscv"),
            (extra, 35, "MMIO001", "powerpc64, riscv, contract", "fails on powerpc, riscv"),
            (ppc, 21, "MMIO001", "contract", "contract only"),
            (ppc, 28, "MMIO001", "contract", "contract only"),
            (ppc, 35, "MMIO001", "powerpc64, contract", "fails on powerpc"),
            (legacy, 21, "MMIO001", "contract", ""),
            (legacy, 28, "MMIO001", "contract", ""),
            (legacy, 35, "MMIO001", "contract, ppc64-legacy", ""),
        ])
        check(got == want, "--pedantic findings", "\n".join(map(str, got)), "\n".join(map(str, want)))
        err = self.kbuild(self.tree, "drivers/foo/foo_arm.c", db, ["--pedantic"])
        check("by the documented contract only: no architecture it builds for (arm, arm64) reorders it" in err,
              "a contract-only finding names the architectures it builds for", err)

    def test_model_overrides(self):
        db = os.path.join(self.work, "model.db")
        err = self.kbuild(self.tree, "drivers/foo/foo_arm.c", db, ["--model", "contract"])
        got = findings(err)
        arm = "drivers/foo/foo_arm.c"
        want = [(arm, 21, "MMIO001", "contract", ""), (arm, 28, "MMIO001", "contract", ""),
                (arm, 35, "MMIO001", "contract", "")]
        check(got == want, "--model contract: every contract finding, no placement", got)

    def test_file_mode_unchanged(self):
        f = os.path.join(self.tree, "drivers/foo/foo_pci_main.c")
        status, out, err = run([self.m, "--no-db", f, "--", "-I", self.include])
        got = findings(out)
        check(status == 1, "FILE mode exit", status, err)
        check(got and all(m in ("contract", "ppc64-legacy", "contract, ppc64-legacy") and not w
                          for _, _, _, m, w in got), "FILE mode: the plain defaults, no placement", got)

    def test_compdb(self, kbuild_default):
        d = os.path.join(self.work, "compdb")
        os.makedirs(d)
        entries = [{"directory": self.tree, "file": f,
                    "command": "gcc -Wp,-MMD,x.d -I%s -D__KERNEL__ -fconserve-stack -c -o x.o %s"
                               % (self.include, f)} for f in FILES]
        with open(os.path.join(d, "compile_commands.json"), "w") as out:
            json.dump(entries, out)
        status, out, err = run([self.m, "-p", d, "-j", "2", "--db", os.path.join(d, "p.db"),
                                "--source-root", self.tree])
        check(status == 1, "-p exit", status, err)
        got = findings(out)
        check(got == kbuild_default, "-p gives what Kbuild gives", "\n".join(map(str, got)))

    def test_pre_5_2(self):
        tree = os.path.join(self.work, "linux-5.1")
        shutil.copytree(os.path.join(self.tests, "kernel", "linux-6.1"), tree)
        mk = os.path.join(tree, "Makefile")
        text = open(mk).read().replace("VERSION = 6", "VERSION = 5").replace("SUBLEVEL = 0", "SUBLEVEL = 18")
        open(mk, "w").write(text)
        db = os.path.join(self.work, "old.db")
        err = self.kbuild(tree, "drivers/foo/foo_pci_main.c", db)
        got = findings(err)
        pci = "drivers/foo/foo_pci_main.c"
        want = sorted([
            (pci, 21, "MMIO001", "explicit", "fails on riscv"),
            (pci, 28, "MMIO001", "explicit", "fails on riscv"),
            (pci, 35, "MMIO001", "ppc64-legacy, explicit", "fails on powerpc, riscv"),
            (pci, 44, "MMIO003", "none, ppc64-legacy", "applies on arm64, x86, powerpc"),
        ])
        check(got == want, "5.1 tree findings", "\n".join(map(str, got)), "\n".join(map(str, want)))
        check("redundant once the driver moves to Linux 5.2+" in err and "; remove it" not in err,
              "5.1: MMIO003 says when it becomes redundant, not 'remove it'", err)
        con = sqlite3.connect(db)
        fix = con.execute("SELECT fixit_first_line, fixit_last_line FROM findings WHERE rule = 'MMIO003'").fetchall()
        con.close()
        check(fix and all(not a and not b for a, b in fix), "5.1: MMIO003 carries no fix-it", fix)
        status, out, _ = run([self.m, "--print-arches", "--no-db", pci], cwd=tree)
        check(out == pci + ": 5.1.18: arm64=none powerpc=ppc64-legacy riscv=explicit x86=none\n",
              "5.1: the pre-5.2 models", out)

    def test_kconfig_change(self):
        """A Kconfig edit changes where the driver runs: the cache is
        rebuilt and the file analyzed again, not reused."""
        tree = os.path.join(self.work, "linux-edit")
        shutil.copytree(os.path.join(self.tests, "kernel", "linux-6.1"), tree)
        db = os.path.join(self.work, "edit", "e.db")
        os.makedirs(os.path.dirname(db))
        rel = "drivers/foo/foo_pci_main.c"
        first = findings(self.kbuild(tree, rel, db))
        check(len(first) == 3, "before the edit: riscv and powerpc findings", first)
        kc = os.path.join(tree, "drivers/foo/Kconfig")
        text = open(kc).read().replace("\tdepends on PCI\n", "\tdepends on PCI && X86\n")
        open(kc, "w").write(text)
        st = os.stat(kc)
        os.utime(kc, (st.st_atime, st.st_mtime + 5))
        second = findings(self.kbuild(tree, rel, db))
        want = [(rel, 44, "MMIO003", "none", "applies on x86")]
        check(second == want, "after `depends on PCI && X86`: x86 only", second)


    def test_broken_table(self):
        rules = os.path.join(self.work, "rules-broken")
        shutil.copytree(os.path.join(os.path.dirname(self.tests), "rules"), rules)
        with open(os.path.join(rules, "arches.json"), "w") as out:
            out.write('{ "mmiocheck-arches": 1, "arches": [ { "arch": "x86", "eras": [ { "since": "six" } ] } ] }\n')
        status, out, err = run([self.m, "--kbuild", "-I" + self.include, "drivers/foo/foo_pci_main.c"],
                               env={"MMIOCHECK_RULES": rules, "MMIOCHECK_DB": os.path.join(self.work, "b.db")},
                               cwd=self.tree)
        check(status == 2, "a broken rules/arches.json: exit 2 in Kbuild mode", status, err)
        check("arches.json: architecture entry 1: \"since\" must be a version string" in err,
              "a broken rules/arches.json: the file, the entry and the reason", err)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mmiocheck", required=True)
    ap.add_argument("--tests", required=True)
    ap.add_argument("--work", required=True)
    t = T(ap.parse_args())
    t.test_print_arches()
    default = t.test_default()
    t.test_pedantic()
    t.test_model_overrides()
    t.test_file_mode_unchanged()
    t.test_compdb(default)
    t.test_pre_5_2()
    t.test_kconfig_change()
    t.test_broken_table()
    if FAILURES:
        print("%d failure(s)" % len(FAILURES), file=sys.stderr)
        return 1
    print("kernel tree: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
