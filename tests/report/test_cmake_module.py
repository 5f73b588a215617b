#!/usr/bin/env python3
"""cmake/MMIOCheck.cmake on the tiny project in tests/cmake-project:
mmiocheck_add_check() runs on the target's sources with its include
directories (a transitive one from an interface library) and definitions,
fails the build target on findings, and with a baseline only on new ones;
the umbrella target and the ctest test work.

    test_cmake_module.py --mmiocheck PATH --tests DIR --work DIR [-k NAME]
"""

import argparse
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rtlib import Ctx, TIMEOUT, db_rows, expect, run_tests  # noqa: E402


def sh(cmd, cwd):
    p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=TIMEOUT)
    return p.returncode, p.stdout.decode("utf-8", "replace")


def configure(c, proj, build, baseline=None):
    cmd = ["cmake", "-S", proj, "-B", build, "-DMMIOCHECK_EXECUTABLE=" + c.mmiocheck,
           "-DMMIOCHECK_MODULE_DIR=" + os.path.join(os.path.dirname(c.tests), "cmake"),
           "-DKERNEL_HEADERS=" + c.include]
    if baseline:
        cmd.append("-DDRV_BASELINE=" + baseline)
    status, out = sh(cmd, proj)
    expect(status == 0, "configure the tiny project", status, out)


def build(target, b):
    return sh(["cmake", "--build", b, "--target", target, "--", "VERBOSE=1"], b)


def t_cmake_module(c):
    d = c.fresh_dir("cmake")
    proj = os.path.join(d, "proj")
    shutil.copytree(os.path.join(c.tests, "cmake-project"), proj)
    b = os.path.join(d, "build")
    configure(c, proj, b)
    status, out = build("mmiocheck-tinydrv", b)
    expect(status != 0 and "[MMIO001]" in out, "findings fail the check target", status, out)
    expect("-I%s" % os.path.join(proj, "hw") in out and "-DTINYDRV_RELAXED_DOORBELL=1" in out and
           "-I%s" % c.include in out, "include dirs (transitive too) and definitions are passed", status, out)
    db = os.path.join(b, "mmiocheck-tinydrv.db")
    rows = db_rows(db, "SELECT f.rule, f.path, fl.parse_errors FROM findings f JOIN files fl ON fl.id = f.file_id")
    expect(rows == [("MMIO001", "drv.c", 0)], "one MMIO001 in drv.c (relative to the source root), no parse "
           "error: %s" % rows)
    baseline = os.path.join(proj, "mmiocheck-baseline.db")
    shutil.copy(db, baseline)
    configure(c, proj, b, baseline)
    status, out = build("mmiocheck-all", b)
    expect(status == 0 and "0 new (0 warning or error)" in out, "with the baseline the known finding passes "
           "(umbrella target mmiocheck-all)", status, out)
    status, out = sh(["ctest", "--test-dir", b, "--output-on-failure"], b)
    expect(status == 0 and "100% tests passed" in out, "ADD_TEST: the ctest test passes", status, out)
    with open(os.path.join(proj, "drv.c"), "a") as f:
        f.write("\nvoid tiny_stop(struct tiny *t)\n{\n\tspin_lock(&t->lock);\n"
                "\t__raw_writel(0, t->regs + HW_CTRL);\n\tspin_unlock(&t->lock);\n}\n")
    status, out = build("mmiocheck-tinydrv", b)
    expect(status != 0 and "1 new (1 warning or error)" in out, "a new finding fails the target", status, out)


def t_module_errors(c):
    """A target without C sources, or a missing TARGET: a configure error."""
    d = c.fresh_dir("cmake-errors")
    proj = os.path.join(d, "proj")
    os.makedirs(proj)
    with open(os.path.join(proj, "CMakeLists.txt"), "w") as f:
        f.write("cmake_minimum_required(VERSION 3.20)\nproject(e LANGUAGES C)\n"
                "list(APPEND CMAKE_MODULE_PATH %s)\ninclude(MMIOCheck)\n"
                "add_library(none INTERFACE)\nmmiocheck_add_check(TARGET none)\n"
                % os.path.join(os.path.dirname(c.tests), "cmake"))
    status, out = sh(["cmake", "-S", proj, "-B", os.path.join(d, "b"), "-DMMIOCHECK_EXECUTABLE=" + c.mmiocheck], proj)
    expect(status != 0 and "target 'none' has no .c sources" in out, "no sources: configure fails", status, out)


TESTS = [t_cmake_module, t_module_errors]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mmiocheck", required=True)
    ap.add_argument("--tests", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("-k", dest="only", default=None)
    args = ap.parse_args()
    return run_tests(TESTS, Ctx(args), args.only)


if __name__ == "__main__":
    sys.exit(main())
