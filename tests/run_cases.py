#!/usr/bin/env python3
"""Run case files and compare their findings with the exact expectations.

    run_cases.py --mmiocheck BIN --cases DIR --include tests/include --work DIR
                 [--min-cases N] [--compile-with CLANG] [--frameworks RULES_DIR]
                 [-k SUBSTRING] [-v]

The one runner of tests/cases (ctest "cases") and tests/cases-frameworks
(ctest "cases-frameworks": with --compile-with and --frameworks).  The
format is tests/README.md's.  A case is a .c file in the cases directory,
or a directory whose .c files are analyzed together in one invocation.
Directives in comments at the top of a case file (before the first line of
code):

    /* models: contract,generic,ppc64-legacy */   default contract,ppc64-legacy
    /* args: --preempt-rt */                       extra mmiocheck options
    /* flags: -DFOO */                             extra compiler flags
    /* exit: 2 */                                  expected exit status
    /* rules: all */                               rules compared (see below)
    /* allow-errors */                             clang errors are tolerated
    /* findings: 3 */                              number of findings (defects)

Expectations, on the line that must be reported:

    /* expect: MMIO001@contract,generic MMIO002@ppc64-legacy */

A rule without @ is expected under every model the case runs.  The set of
(file, rule, line, model) found must equal the set expected: a missing and
an extra finding both fail.  The report has one finding per defect, with
every path (chain) that reaches it and the models each holds under: the
runner expands each finding into one (file, rule, line, model) per chain
and model, so an expectation names every caller line that reaches a
defect.  `/* findings: N */` also checks the number of findings (defects)
of the compared rules.  Rules compared: every rule except MMIO005
(inferred across a whole case, so it has its own cases), unless `rules:`
lists it ("all" or a comma list).

Every check runs, including those off by default (MMIO007; `--enable
all`), so expectations do not depend on the defaults.

A directory case is run twice, with its files in sorted and in reversed
order, and must give the expected findings both times: interprocedural
results may not depend on the order of the files.

Fewer than --min-cases cases (default 60) fails: a wrong --cases must not
pass by running nothing.  With --compile-with CLANG every case file must
also compile with `CLANG -fsyntax-only -Wall -Wextra -Werror` (and its
`flags:`) before it runs.  With --frameworks RULES_DIR every framework
entry a case names in double quotes in a comment ("net-xmit") must exist
in RULES_DIR/frameworks/, and every shipped framework and entry-point
entry must be named by some case (a missing one fails the run).
"""

import argparse
import glob
import json
import os
import re
import shlex
import subprocess
import sys

MIN_CASES = 60
DEFAULT_MODELS = "contract,ppc64-legacy"
DEFAULT_IGNORED_RULES = {"MMIO005"}
TIMEOUT = 300

DIRECTIVE_RE = re.compile(r"/\*\s*(models|args|flags|exit|rules|allow-errors|findings|message-has)\s*(?::\s*(.*?))?\s*\*/")
EXPECT_RE = re.compile(r"(?:/\*|//)\s*expect:\s*(.*?)\s*(?:\*/|$)")
RULE_RE = re.compile(r"^(MMIO\d{3})(?:@([A-Za-z0-9_,.-]+))?$")


class CaseError(Exception):
    """A case file that cannot be understood (bad directive or expectation)."""


class Case:
    """One case: its files, directives and expected findings."""

    def __init__(self, name, files):
        self.name = name
        self.files = files            # absolute paths, sorted
        self.models = None
        self.args = []
        self.flags = []
        self.exit = None
        self.rules = None             # None: default; set(): compared rules
        self.all_rules = False
        self.allow_errors = False
        self.nfindings = None         # expected number of defects, or None
        self.expected = set()         # (basename, rule, line, model)
        self.message_has = []         # text every compared message holds


def header_lines(lines):
    """Yield (lineno, text) of the leading comment/blank block of a file."""
    in_block = False
    for no, text in enumerate(lines, 1):
        stripped = text.strip()
        if in_block:
            yield no, text
            if "*/" in stripped:
                in_block = False
            continue
        if not stripped or stripped.startswith("//"):
            yield no, text
            continue
        if stripped.startswith("/*"):
            yield no, text
            if "*/" not in stripped[2:]:
                in_block = True
            continue
        return


def parse_directives(case, path, lines):
    """Read the header directives of one file into the case."""
    for no, text in header_lines(lines):
        for m in DIRECTIVE_RE.finditer(text):
            key, value = m.group(1), (m.group(2) or "").strip()
            where = "%s:%d" % (os.path.basename(path), no)
            if key == "models":
                models = [x.strip() for x in value.split(",") if x.strip()]
                if not models:
                    raise CaseError("%s: empty models directive" % where)
                if case.models is not None and case.models != models:
                    raise CaseError("%s: models differ between files of the case" % where)
                case.models = models
            elif key == "args":
                case.args += [a for a in shlex.split(value) if a not in case.args]
            elif key == "flags":
                case.flags += [f for f in shlex.split(value) if f not in case.flags]
            elif key == "exit":
                if not value.isdigit():
                    raise CaseError("%s: exit wants a number" % where)
                case.exit = int(value)
            elif key == "rules":
                if value == "all":
                    case.all_rules = True
                else:
                    case.rules = {r.strip() for r in value.split(",") if r.strip()}
            elif key == "message-has":
                if not value:
                    raise CaseError("%s: message-has wants a text" % where)
                case.message_has.append(value)
            elif key == "allow-errors":
                case.allow_errors = True
            elif key == "findings":
                if not value.isdigit():
                    raise CaseError("%s: findings wants a number" % where)
                case.nfindings = int(value)


def parse_expectations(case, path, lines):
    """Collect every expect: comment of one file."""
    base = os.path.basename(path)
    models = case.models or DEFAULT_MODELS.split(",")
    for no, text in enumerate(lines, 1):
        for m in EXPECT_RE.finditer(text):
            tokens = m.group(1).split()
            if not tokens:
                raise CaseError("%s:%d: empty expectation" % (base, no))
            for tok in tokens:
                rm = RULE_RE.match(tok)
                if not rm:
                    raise CaseError("%s:%d: bad expectation '%s'" % (base, no, tok))
                rule, where = rm.group(1), rm.group(2)
                for model in (where.split(",") if where else models):
                    if model not in models:
                        raise CaseError("%s:%d: expects model '%s' that the case does not run"
                                        % (base, no, model))
                    case.expected.add((base, rule, no, model))


def load_case(name, files):
    """Build a Case from its files: directives first, then expectations."""
    case = Case(name, files)
    texts = []
    for path in files:
        with open(path, encoding="utf-8") as fh:
            lines = fh.read().split("\n")
        texts.append((path, lines))
        parse_directives(case, path, lines)
    for path, lines in texts:
        parse_expectations(case, path, lines)
    return case


def discover(cases_dir):
    """List (name, files) of every case, sorted by name."""
    found = []
    for entry in sorted(os.listdir(cases_dir)):
        full = os.path.join(cases_dir, entry)
        if os.path.isdir(full):
            files = sorted(os.path.join(full, f) for f in os.listdir(full) if f.endswith(".c"))
            if files:
                found.append((entry, files))
        elif entry.endswith(".c"):
            found.append((entry[:-2], [full]))
    return found


def compared(case, rule):
    """Is this rule part of the comparison for the case?"""
    if case.all_rules:
        return True
    if case.rules is not None:
        return rule in case.rules or rule not in DEFAULT_IGNORED_RULES
    return rule not in DEFAULT_IGNORED_RULES


def finding_file(case, raw):
    """Map a finding's file to the basename of a case file, or keep it."""
    base = os.path.basename(raw or "")
    names = {os.path.basename(f) for f in case.files}
    return base if base in names else (raw or "?")


def collect_errors(doc):
    """Parse errors recorded anywhere in the JSON document (best effort)."""
    out = []

    def walk(node, key=None):
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, k)
        elif isinstance(node, list):
            if key in ("errors", "parse_errors") and node:
                for e in node:
                    out.append(e)
                return
            for v in node:
                walk(v, key if key != "findings" else None)
    if isinstance(doc, dict):
        for k, v in doc.items():
            if k != "findings":
                walk(v, k)
    return out


def format_error(e):
    if isinstance(e, dict):
        where = "%s:%s" % (os.path.basename(str(e.get("file", "?"))), e.get("line", "?"))
        return "%s: %s" % (where, e.get("message", json.dumps(e)))
    return str(e)


def run_case(case, opts):
    """Run one case (a directory in both file orders); failure lines."""
    problems = run_case_order(case, opts, case.files)
    if len(case.files) > 1:
        problems += ["reversed file order: " + p
                     for p in run_case_order(case, opts, list(reversed(case.files)))]
    return problems


def run_case_order(case, opts, files):
    """Run one case with its files in the given order."""
    models = ",".join(case.models or DEFAULT_MODELS.split(","))
    db = os.path.join(opts.work, case.name + ".db")
    for suffix in ("", "-wal", "-shm", "-journal"):
        if os.path.exists(db + suffix):
            os.remove(db + suffix)
    # every check, also those off by default (MMIO007): a case's args may
    # turn some off again
    cmd = [opts.mmiocheck, "--format", "json", "--db", db, "--model", models, "--enable", "all"]
    cmd += case.args + files + ["--", "-I", opts.include] + case.flags
    if opts.verbose:
        print("  $ " + " ".join(shlex.quote(c) for c in cmd))
    try:
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              timeout=TIMEOUT, cwd=opts.work)
    except subprocess.TimeoutExpired:
        return ["timed out after %d s" % TIMEOUT]
    except OSError as e:
        return ["cannot run %s: %s" % (opts.mmiocheck, e)]
    stderr = proc.stderr.decode("utf-8", "replace").strip()
    problems = []
    if proc.returncode < 0:
        return ["killed by signal %d" % -proc.returncode] + indent(stderr)
    if case.exit is not None:
        if proc.returncode != case.exit:
            problems.append("exit status %d, expected %d" % (proc.returncode, case.exit))
    elif proc.returncode not in (0, 1):
        return ["exit status %d" % proc.returncode] + indent(stderr)
    try:
        doc = json.loads(proc.stdout.decode("utf-8", "replace"))
        findings = doc["findings"]
    except (ValueError, KeyError, TypeError) as e:
        if case.exit is not None and case.exit == 2 and not case.expected:
            return problems
        return problems + ["output is not the JSON report (%s)" % e] + indent(stderr)
    errors = collect_errors(doc)
    if errors and not case.allow_errors:
        problems += ["clang error: " + format_error(e) for e in errors]
    return problems + compare(case, findings, opts)


def indent(text):
    return ["    " + l for l in text.splitlines()[:20]] if text else []


def expand(finding):
    """(file, line, model) of every chain and model of a finding."""
    chains = finding.get("chains") or [finding]
    for c in chains:
        for model in c.get("models") or finding.get("models") or [finding.get("model", "?")]:
            yield c.get("file", finding.get("file")), int(c.get("line", finding.get("line", 0))), model


def compare(case, findings, opts):
    """Diff found against expected as readable lines."""
    found = {}
    ignored = []
    ndefects = 0
    for f in findings:
        rule = f.get("rule", "?")
        ndefects += compared(case, rule)
        for file, line, model in expand(f):
            key = (finding_file(case, file), rule, line, model)
            if not compared(case, rule):
                ignored.append(key)
                continue
            found.setdefault(key, f.get("message", ""))
    lines = []
    for f in findings:
        for text in case.message_has:
            if compared(case, f.get("rule", "?")) and text not in f.get("message", ""):
                lines.append("%s:%s: %s message lacks '%s' (%s)" % (finding_file(case, f.get("file")),
                             f.get("line", "?"), f.get("rule", "?"), text, f.get("message", "")))
    if case.nfindings is not None and ndefects != case.nfindings:
        lines.append("%d findings (defects), expected %d" % (ndefects, case.nfindings))
    for key in sorted(case.expected - set(found), key=sort_key):
        lines.append("%s:%d: missing %s@%s" % (key[0], key[2], key[1], key[3]))
    for key in sorted(set(found) - case.expected, key=sort_key):
        lines.append("%s:%d: unexpected %s@%s (%s)" % (key[0], key[2], key[1], key[3], found[key]))
    if opts.verbose:
        for key in sorted(found, key=sort_key):
            print("  found %s:%d: %s@%s" % (key[0], key[2], key[1], key[3]))
        for key in sorted(ignored, key=sort_key):
            print("  ignored %s:%d: %s@%s" % (key[0], key[2], key[1], key[3]))
    return lines


def sort_key(key):
    return (key[0], key[2], key[1], key[3])


# --- --compile-with and --frameworks: what the framework cases also meet

ENTRY_RE = re.compile(r'"([a-z0-9]+(?:-[a-z0-9]+)+)"')
COMMENT_RE = re.compile(r"/\*.*?\*/", re.S)


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
        cmd = [opts.compile_with, "-fsyntax-only", "-Wall", "-Wextra", "-Werror", "-I", opts.include]
        cmd += case.flags + [path]
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
        if proc.returncode != 0:
            problems.append("%s does not compile:" % os.path.basename(path))
            problems += indent(proc.stderr.decode("utf-8", "replace"))
    return problems


def named_entries(case):
    """Framework entry names quoted in the comments of the case's files."""
    names = set()
    for path in case.files:
        with open(path, encoding="utf-8") as fh:
            for comment in COMMENT_RE.findall(fh.read()):
                names.update(ENTRY_RE.findall(comment))
    return names


def check_case(case, opts, entries, exercised):
    """Run one loaded case: compile and entry checks first when asked,
    then mmiocheck; its problems."""
    problems = compile_case(case, opts) if opts.compile_with else []
    if entries is not None:
        names = named_entries(case)
        problems += ["names framework entry '%s', which rules/frameworks/ does not have" % n
                     for n in sorted(names - entries)]
        exercised |= names & entries
    return problems or run_case(case, opts)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mmiocheck", required=True, help="the mmiocheck binary")
    ap.add_argument("--cases", required=True, help="directory of cases")
    ap.add_argument("--include", required=True, help="test kernel headers")
    ap.add_argument("--work", required=True, help="scratch directory")
    ap.add_argument("--min-cases", type=int, default=MIN_CASES, help="fewer cases than this fail")
    ap.add_argument("--compile-with", metavar="CLANG", help="each case file must compile with -Werror")
    ap.add_argument("--frameworks", metavar="RULES_DIR", help="check the framework entries cases name")
    ap.add_argument("-k", dest="filter", help="only cases whose name contains this")
    ap.add_argument("-v", "--verbose", action="store_true")
    opts = ap.parse_args()
    opts.mmiocheck = os.path.abspath(opts.mmiocheck)
    opts.include = os.path.abspath(opts.include)
    opts.work = os.path.abspath(opts.work)
    os.makedirs(opts.work, exist_ok=True)

    all_cases = discover(os.path.abspath(opts.cases))
    if len(all_cases) < opts.min_cases:
        print("run_cases: only %d cases found in %s (at least %d expected)"
              % (len(all_cases), opts.cases, opts.min_cases))
        return 1
    selected = [c for c in all_cases if not opts.filter or opts.filter in c[0]]
    entries = shipped_entries(opts.frameworks) if opts.frameworks else None
    failed, exercised = [], set()
    for name, files in selected:
        try:
            problems = check_case(load_case(name, files), opts, entries, exercised)
        except CaseError as e:
            problems = ["bad case: %s" % e]
        status = "FAIL" if problems else "ok"
        print("%-4s %s" % (status, name))
        for p in problems:
            print("     " + p)
        if problems:
            failed.append(name)
        sys.stdout.flush()
    # only a full run can tell that an entry is never exercised
    for n in sorted(entries - exercised) if entries is not None and not opts.filter else []:
        print("FAIL no case exercises framework entry '%s'" % n)
        failed.append(n)
    print("%d cases, %d failed" % (len(selected), len(failed)))
    if failed:
        print("failed: " + " ".join(failed))
    return 1 if failed or not selected else 0


if __name__ == "__main__":
    sys.exit(main())
