#!/usr/bin/env python3
"""Check the framework-context cases in tests/cases-frameworks/.

These cases are the specification the engine's framework lock contexts
must meet; until the engine applies rules/frameworks/ they are
not part of the `cases` test.  What is checked now (ctest
"cases-frameworks-spec"):

  * every case parses with tests/run_cases.py's rules (directives and
    `/* expect: MMIO00N[@model] */` markers), and there are at least
    MIN_CASES of them;
  * every case file compiles with `clang -fsyntax-only -Wall -Wextra
    -Werror -I tests/include` (plus its `flags:`);
  * every framework entry a case names in double quotes ("net-xmit")
    exists in the rules directory's frameworks/ files, and every shipped
    entry is exercised by some case.

With --run --mmiocheck BIN the cases are also run exactly as run_cases.py
runs tests/cases/ (the lead's check once the engine is hooked up):

    check_framework_cases.py --cases tests/cases-frameworks \\
        --include tests/include --rules-dir rules --clang clang-19 \\
        --run --mmiocheck build/mmiocheck --work /tmp/fw-cases
"""

import argparse
import glob
import json
import os
import re
import shlex
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run_cases  # noqa: E402  (the case format is defined there)

MIN_CASES = 14
ENTRY_RE = re.compile(r'"([a-z0-9]+(?:-[a-z0-9]+)+)"')


def shipped_entries(rules_dir):
    """Names of the framework and entry-point entries in
    rules_dir/frameworks/*.json."""
    names = set()
    for path in sorted(glob.glob(os.path.join(rules_dir, "frameworks", "*.json"))):
        with open(path, encoding="utf-8") as fh:
            doc = json.load(fh)
        names.update(e["name"] for e in doc.get("frameworks", []))
        names.update(e["name"] for e in doc.get("entry_points", []))
    return names


def compile_case(case, opts):
    """Problems compiling each file of the case with clang -Werror."""
    problems = []
    for path in case.files:
        cmd = [opts.clang, "-fsyntax-only", "-Wall", "-Wextra", "-Werror", "-I", opts.include] + case.flags + [path]
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
        if proc.returncode != 0:
            problems.append("%s does not compile:" % os.path.basename(path))
            problems += run_cases.indent(proc.stderr.decode("utf-8", "replace"))
    return problems


COMMENT_RE = re.compile(r"/\*.*?\*/", re.S)


def named_entries(case):
    """Framework entry names quoted in the comments of the case's files."""
    names = set()
    for path in case.files:
        with open(path, encoding="utf-8") as fh:
            for comment in COMMENT_RE.findall(fh.read()):
                names.update(ENTRY_RE.findall(comment))
    return names


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", required=True)
    ap.add_argument("--include", required=True)
    ap.add_argument("--rules-dir", required=True)
    ap.add_argument("--clang", required=True)
    ap.add_argument("--run", action="store_true", help="also run the cases through mmiocheck")
    ap.add_argument("--mmiocheck")
    ap.add_argument("--work")
    ap.add_argument("-v", "--verbose", action="store_true")
    opts = ap.parse_args()
    opts.include = os.path.abspath(opts.include)
    if opts.run and not (opts.mmiocheck and opts.work):
        ap.error("--run needs --mmiocheck and --work")

    entries = shipped_entries(opts.rules_dir)
    found = run_cases.discover(os.path.abspath(opts.cases))
    failed, exercised = [], set()
    if len(found) < MIN_CASES:
        print("only %d cases in %s (at least %d expected)" % (len(found), opts.cases, MIN_CASES))
        return 1
    for name, files in found:
        try:
            case = run_cases.load_case(name, files)
        except run_cases.CaseError as e:
            problems = ["bad case: %s" % e]
        else:
            problems = compile_case(case, opts)
            names = named_entries(case)
            problems += ["names framework entry '%s', which rules/frameworks/ does not have" % n
                         for n in sorted(names - entries)]
            exercised |= names & entries
            if not problems and opts.run:
                opts.mmiocheck = os.path.abspath(opts.mmiocheck)
                opts.work = os.path.abspath(opts.work)
                os.makedirs(opts.work, exist_ok=True)
                problems = run_cases.run_case(case, opts)
        print("%-4s %s" % ("FAIL" if problems else "ok", name))
        for p in problems:
            print("     " + p)
        if problems:
            failed.append(name)
    for n in sorted(entries - exercised):
        print("FAIL no case exercises framework entry '%s'" % n)
        failed.append(n)
    print("%d cases, %d failed%s" % (len(found), len(failed), " (run)" if opts.run else " (parsed and compiled)"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
