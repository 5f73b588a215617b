#!/usr/bin/env python3
"""Command-line behaviour of mmiocheck: bad input, exit statuses, outputs,
the findings database.

    test_cli.py --mmiocheck PATH --tests DIR --clang PATH --work DIR

Runs the real binary.  Each sub-test prints its name and PASS or FAIL (with
the reasons); the script exits 1 if any failed.  The contract tested:

  * exit 0: no finding of severity warning or error (notes do not count),
    1: findings, 2: usage or input error;
  * bad input (missing file, directory, binary file, unknown option, bad
    --model, unwritable --db, rules file with a JSON error) exits 2 with
    "mmiocheck: ..." on stderr naming the file or option and the reason,
    prints no findings and creates no database;
  * a file with C syntax errors exits 2, prints clang's errors on stderr
    (never stdout), and still reports and stores the findings of the
    functions without errors; a function holding an error reports nothing,
    nor does its caller through it, and the summary line counts it;
  * the run's summary line (FILE and -p): files, findings, then what the
    run noted; -v names the functions and files;
  * --format json is one document with "format": "mmiocheck-findings";
  * the database (default ./mmiocheck.db) is in WAL mode, has runs / files /
    findings rows; a re-run adds a run and keeps one files row per
    (run, path);
  * conventions: a mistyped command gets "did you mean", `help COMMAND`,
    a compiler flag before `--` gets a hint, `report` exits 0 once written,
    --fail-on LEVEL, --baseline marks new findings, `query --rule` names
    the known rules, every command that loads rules takes --rules-dir.
"""

import argparse
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import traceback

TIMEOUT = 120
KNOWN_MODELS = ["contract", "generic", "rfc2019", "ppc64-legacy", "unconditional", "explicit", "none"]

PRELUDE = """\
#include <linux/spinlock.h>
#include <linux/io.h>
#ifndef __iomem
#define __iomem
#endif
"""

# MMIO001 under contract (a relaxed write is last before the unlock); the
# ppc64-legacy model orders it (writel_relaxed is writel there).
MMIO001_SRC = PRELUDE + """\
spinlock_t l;
void __iomem *base;

void ring_doorbell(void)
{
	spin_lock(&l);
	writel_relaxed(1, base);
	spin_unlock(&l);
}
"""
MMIO001_LINE = MMIO001_SRC.splitlines().index("\twritel_relaxed(1, base);") + 1

# Correct under every default model: a full accessor inside the section.
CLEAN_SRC = PRELUDE + """\
spinlock_t l;
void __iomem *base;

void ring_doorbell(void)
{
	spin_lock(&l);
	writel(1, base);
	spin_unlock(&l);
}
"""

# Only a note: an mmiowb() the unlock makes redundant (MMIO003).
NOTE_SRC = PRELUDE + """\
#ifndef mmiowb
void mmiowb(void);
#endif
spinlock_t l;
void __iomem *base;

void ring_doorbell(void)
{
	spin_lock(&l);
	writel(1, base);
	mmiowb();
	spin_unlock(&l);
}
"""

# One good function with MMIO001, then one that does not compile.
# ring_doorbell's MMIO001 is real; broken() would have one too, but it
# holds clang errors: it is not checked (what clang dropped from its body
# could be the read-back), and neither is its caller through it.
PARTIAL_SRC = MMIO001_SRC + """
int broken(void)
{
	spin_lock(&l);
	writel_relaxed(2, base);
	spin_unlock(&l);
	return no_such_variable + ;
}

static void broken_helper(void)
{
	writel_relaxed(3, base);
	(void)undeclared_thing;
}

void calls_broken(void)
{
	spin_lock(&l);
	broken_helper();
	spin_unlock(&l);
}
"""

BAD_RULES = """\
{
  "mmiocheck_rules": 1,
  "accessors": [ { "name": "my_write",, } ]
}
"""
BAD_RULES_LINE = 3


class Failed(Exception):
    """A sub-test's assertion failed."""


class Skipped(Exception):
    """A sub-test could not run here (not a failure)."""


class Ctx:
    """What every sub-test needs: the binary, include dir, a work dir."""

    def __init__(self, args):
        self.mmiocheck = os.path.abspath(args.mmiocheck)
        self.tests = os.path.abspath(args.tests)
        self.include = os.path.join(self.tests, "include")
        self.clang = args.clang
        self.work = os.path.abspath(args.work)
        self.inputs = os.path.join(self.work, "inputs")
        self.counter = 0

    def fresh_dir(self, name):
        """An empty directory to run in, so stray files can be seen."""
        self.counter += 1
        d = os.path.join(self.work, "%02d-%s" % (self.counter, name))
        os.makedirs(d)
        return d

    def write_input(self, name, content, binary=False):
        path = os.path.join(self.inputs, name)
        with open(path, "wb" if binary else "w") as f:
            f.write(content)
        return path

    def run(self, args, cwd, flags=True, env=None):
        """Run mmiocheck ARGS [-- -I include] in cwd (with env added to the
        environment); (status, out, err)."""
        cmd = [self.mmiocheck] + list(args)
        if flags:
            cmd += ["--", "-I", self.include]
        try:
            p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               timeout=TIMEOUT, env=dict(os.environ, **(env or {})))
        except subprocess.TimeoutExpired:
            raise Failed("timed out after %ds: %s" % (TIMEOUT, " ".join(cmd)))
        out = p.stdout.decode("utf-8", "replace")
        err = p.stderr.decode("utf-8", "replace")
        if p.returncode < 0:
            raise Failed("killed by signal %d: %s\nstderr:\n%s" % (-p.returncode, " ".join(cmd), err))
        return p.returncode, out, err


def expect(cond, what, status=None, out=None, err=None):
    """Fail the sub-test with `what` (and the process output) unless cond."""
    if cond:
        return
    msg = what
    if status is not None:
        msg += "\n    exit status: %s" % status
    if out is not None:
        msg += "\n    stdout: %r" % out[:2000]
    if err is not None:
        msg += "\n    stderr: %r" % err[:2000]
    raise Failed(msg)


def parse_json(out, status, err):
    try:
        return json.loads(out)
    except ValueError as e:
        raise Failed("stdout is not one JSON document (%s)\n    exit status: %s\n    stdout: %r\n"
                     "    stderr: %r" % (e, status, out[:2000], err[:2000]))


def db_rows(path, sql, params=()):
    con = sqlite3.connect(path)
    try:
        return con.execute(sql, params).fetchall()
    finally:
        con.close()


def listing(d):
    return sorted(os.listdir(d))


# ---------------------------------------------------------------- sub-tests

def t_fixtures_compile(c):
    """The inputs below are what they claim: clang accepts the good ones
    and rejects the broken one (guards the tests against header changes)."""
    if not c.clang or not shutil.which(c.clang):
        raise Skipped("no clang given")
    for name in ("mmio001.c", "clean.c", "note.c"):
        p = subprocess.run([c.clang, "-fsyntax-only", "-I", c.include, os.path.join(c.inputs, name)],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=TIMEOUT)
        expect(p.returncode == 0, "%s does not compile with the test headers:\n%s"
               % (name, p.stderr.decode("utf-8", "replace")))
    p = subprocess.run([c.clang, "-fsyntax-only", "-I", c.include, os.path.join(c.inputs, "partial.c")],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=TIMEOUT)
    expect(p.returncode != 0, "partial.c compiles, but it must have a syntax error")


def t_version(c):
    d = c.fresh_dir("version")
    status, out, err = c.run(["--version"], d, flags=False)
    expect(status == 0, "--version must exit 0", status, out, err)
    expect(re.search(r"\bmmiocheck\b.*\d+\.\d+", out), "--version must print 'mmiocheck X.Y...'",
           status, out, err)
    expect(listing(d) == [], "--version created files: %s" % listing(d))


def t_help(c):
    d = c.fresh_dir("help")
    status, out, err = c.run(["--help"], d, flags=False)
    expect(status == 0, "--help must exit 0", status, out, err)
    expect("usage" in out.lower() and "--model" in out, "--help must print a usage text naming --model",
           status, out, err)


def t_list_models(c):
    d = c.fresh_dir("list-models")
    status, out, err = c.run(["--list-models"], d, flags=False)
    expect(status == 0, "--list-models must exit 0", status, out, err)
    names = {line.split()[0] for line in out.splitlines() if line.split()}
    missing = [m for m in KNOWN_MODELS if m not in names]
    expect(not missing, "--list-models does not list %s" % missing, status, out, err)
    expect(listing(d) == [], "--list-models created files: %s" % listing(d))


def t_list_checks(c):
    d = c.fresh_dir("list-checks")
    status, out, err = c.run(["--list-checks"], d, flags=False)
    expect(status == 0, "--list-checks must exit 0", status, out, err)
    for rule in ("MMIO001", "MMIO002", "MMIO003"):
        expect(rule in out, "--list-checks does not list %s" % rule, status, out, err)


def bad_input(c, name, args, must_contain, flags=True):
    """Shared shape of every bad-input test: exit 2, 'mmiocheck: ' message
    on stderr containing each of must_contain, no findings on stdout, no
    file created in the working directory (default database location)."""
    d = c.fresh_dir(name)
    status, out, err = c.run(args, d, flags=flags)
    expect(status == 2, "exit status must be 2", status, out, err)
    expect(re.search(r"^mmiocheck: ", err, re.M), "stderr must have a 'mmiocheck: ...' message",
           status, out, err)
    for s in must_contain:
        expect(s.lower() in err.lower(), "stderr must mention %r" % s, status, out, err)
    expect("MMIO0" not in out and "warning:" not in out, "no findings may be printed", status, out, err)
    expect(listing(d) == [], "files were created: %s" % listing(d), status, out, err)
    return status, out, err


def t_missing_file(c):
    path = os.path.join(c.inputs, "no-such-file.c")
    bad_input(c, "missing", [path], [path + ": No such file or directory"])


def t_directory(c):
    bad_input(c, "directory", [c.inputs], [c.inputs, "is a directory"])


def t_binary_file(c):
    path = c.write_input("binary.c", b"int x;\n\x00\x01\x02\x7fELF\x00junk\n", binary=True)
    bad_input(c, "binary", [path], [path, "binary"])


def t_missing_among_good(c):
    """A bad file anywhere on the command line: nothing is analyzed or written."""
    good = os.path.join(c.inputs, "mmio001.c")
    path = os.path.join(c.inputs, "also-missing.c")
    bad_input(c, "missing-among-good", [good, path], [path, "No such file or directory"])


def t_unknown_option(c):
    good = os.path.join(c.inputs, "mmio001.c")
    bad_input(c, "unknown-option", ["--no-such-option", good], ["--no-such-option"])


def t_bad_model(c):
    good = os.path.join(c.inputs, "mmio001.c")
    status, out, err = bad_input(c, "bad-model", ["--model", "contract,bogus-model", good], ["bogus-model"])
    listed = [m for m in KNOWN_MODELS if m in err]
    expect(len(listed) >= 3, "the message must list the known models", status, out, err)


def t_unwritable_db(c):
    good = os.path.join(c.inputs, "mmio001.c")
    path = "/nonexistent/dir/x.db"
    bad_input(c, "unwritable-db", ["--db", path, good], [path])
    expect(not os.path.exists(path), "%s was created" % path)


def t_db_is_directory(c):
    good = os.path.join(c.inputs, "mmio001.c")
    d = c.fresh_dir("db-dir-target")
    status, out, err = c.run(["--db", d, good], c.work)
    expect(status == 2, "--db DIRECTORY must exit 2", status, out, err)
    expect(d in err, "stderr must name the path", status, out, err)
    expect(listing(d) == [], "files were created in %s: %s" % (d, listing(d)))


def t_foreign_db(c):
    """A database that is not ours is refused and left untouched."""
    good = os.path.join(c.inputs, "mmio001.c")
    d = c.fresh_dir("foreign-db")
    db = os.path.join(d, "other.db")
    con = sqlite3.connect(db)
    con.execute("CREATE TABLE customers(name TEXT)")
    con.execute("INSERT INTO customers VALUES ('ada')")
    con.commit()
    con.close()
    before = open(db, "rb").read()
    status, out, err = c.run(["--db", db, good], d)
    expect(status == 2, "a foreign database must be refused (exit 2)", status, out, err)
    expect(db in err, "stderr must name the database", status, out, err)
    expect(open(db, "rb").read() == before, "the foreign database was modified")
    expect(listing(d) == ["other.db"], "files were created: %s" % listing(d))


def t_bad_rules_json(c):
    good = os.path.join(c.inputs, "mmio001.c")
    rules = c.write_input("bad-rules.json", BAD_RULES)
    status, out, err = bad_input(c, "bad-rules", ["--rules", rules, good], [rules])
    expect(re.search(re.escape(rules) + r":%d\b" % BAD_RULES_LINE, err),
           "the message must give FILE:LINE (%s:%d)" % (rules, BAD_RULES_LINE), status, out, err)


def t_missing_rules_file(c):
    good = os.path.join(c.inputs, "mmio001.c")
    rules = os.path.join(c.inputs, "no-such-rules.json")
    bad_input(c, "missing-rules", ["--rules", rules, good], [rules])


def t_no_input(c):
    bad_input(c, "no-input", [], [], flags=False)


def finding_set(doc):
    return {(f["rule"], m, ch["line"]) for f in doc.get("findings", []) for ch in f["chains"]
            for m in ch["models"]}


def t_text_findings(c):
    good = os.path.join(c.inputs, "mmio001.c")
    d = c.fresh_dir("text")
    status, out, err = c.run(["--no-db", good], d)
    expect(status == 1, "a warning must give exit status 1", status, out, err)
    pat = r"^%s:%d:\d+: warning: .*\bcontract\b.*\[MMIO001\]$" % (re.escape(good), MMIO001_LINE)
    expect(re.search(pat, out, re.M), "stdout must have a gcc-style MMIO001 line under contract",
           status, out, err)
    expect(re.search(r"^%s:\d+:\d+: note: " % re.escape(good), out, re.M),
           "the finding must be followed by trace notes", status, out, err)
    expect(listing(d) == [], "--no-db created files: %s" % listing(d))


def t_stats(c):
    """--stats prints one line on stderr naming every phase; the findings
    on stdout are the same as without it."""
    good = os.path.join(c.inputs, "mmio001.c")
    d = c.fresh_dir("stats")
    status, out, err = c.run(["--no-db", "--stats", good], d)
    expect(status == 1, "--stats must not change the exit status", status, out, err)
    lines = [l for l in err.splitlines() if l.startswith("mmiocheck: stats: ")]
    expect(len(lines) == 1, "--stats must print exactly one stats line", status, out, err)
    pat = (r"^mmiocheck: stats: 1 file, 1 function, CPU time: parse \d+\.\d\d s "
           r"\(kernel headers: 0 without bodies, 0 copied, 0 parses redone\), lowering \d+\.\d\d s "
           r"\(header functions \d+\.\d\d s\), summaries \d+\.\d\d s \(header functions: 0 solved, 0 reused\), "
           r"engine \d+\.\d\d s \([1-9]\d* models? in one walk: [1-9]\d* visits, "
           r"[1-9]\d* states; 0 at the state bound, 0 summaries capped\), store \d+\.\d\d s$")
    expect(re.match(pat, lines[0]), "the stats line must name every phase", status, out, err)
    _, plain, _ = c.run(["--no-db", good], d)
    expect(plain == out, "--stats changed stdout", status, out, err)
    _, _, quiet = c.run(["--no-db", good], d)
    expect("stats:" not in quiet, "without --stats there must be no stats line", status, out, quiet)


def t_json_findings(c):
    good = os.path.join(c.inputs, "mmio001.c")
    d = c.fresh_dir("json")
    status, out, err = c.run(["--no-db", "--format", "json", good], d)
    expect(status == 1, "a warning must give exit status 1", status, out, err)
    doc = parse_json(out, status, err)
    expect(doc.get("format") == "mmiocheck-findings", "\"format\" must be \"mmiocheck-findings\"",
           status, out, err)
    expect(doc.get("version") == 2, "\"version\" must be 2", status, out, err)
    expect(doc.get("run_id") is None, "run_id must be null without a database", status, out, err)
    expect(("MMIO001", "contract", MMIO001_LINE) in finding_set(doc),
           "JSON must have MMIO001 under contract at line %d" % MMIO001_LINE, status, out, err)
    expect(("MMIO001", "ppc64-legacy", MMIO001_LINE) not in finding_set(doc),
           "ppc64-legacy orders writel_relaxed: no MMIO001 under it", status, out, err)
    expect(doc.get("models") == ["contract", "ppc64-legacy"], "default models must be contract,ppc64-legacy",
           status, out, err)
    expect(doc["summary"]["findings"] == len(doc["findings"]), "summary.findings must count findings",
           status, out, err)


def t_fingerprint_stable(c):
    """Fingerprints survive lines added above a finding and edits elsewhere."""
    src = open(os.path.join(c.inputs, "mmio001.c")).read()
    shifted = "/* a new comment */\n\n" + src.replace("#include <linux/io.h>\n",
        "#include <linux/io.h>\n\nstatic int unrelated(int x)\n{\n\treturn x + 1;\n}\n", 1)
    moved = c.fresh_dir("fp-moved-tree")
    with open(os.path.join(moved, "mmio001.c"), "w") as f:
        f.write(shifted)
    prints = []
    for root in (c.inputs, moved):
        d = c.fresh_dir("fp-run-%d" % len(prints))
        path = os.path.join(root, "mmio001.c")
        status, out, err = c.run(["--no-db", "--format", "json", "--source-root", root, path], d)
        doc = parse_json(out, status, err)
        prints.append(sorted((f["rule"], ",".join(f["models"]), f["fingerprint"], f["line"])
                             for f in doc["findings"]))
    expect(prints[0] and len(prints[0]) == len(prints[1]), "both runs must report the same findings")
    expect(all(a[3] != b[3] for a, b in zip(prints[0], prints[1])), "the lines must have moved")
    expect([a[:3] for a in prints[0]] == [b[:3] for b in prints[1]],
           "fingerprints must not change when lines are added above: %r vs %r" % (prints[0], prints[1]))


def t_model_option(c):
    good = os.path.join(c.inputs, "mmio001.c")
    d = c.fresh_dir("model-none")
    status, out, err = c.run(["--no-db", "--format", "json", "--model", "none", good], d)
    expect(status == 0, "under --model none nothing is reported (exit 0)", status, out, err)
    doc = parse_json(out, status, err)
    expect(doc.get("models") == ["none"], "models must be [\"none\"]", status, out, err)


def t_clean_file(c):
    clean = os.path.join(c.inputs, "clean.c")
    d = c.fresh_dir("clean")
    status, out, err = c.run(["--no-db", clean], d)
    expect(status == 0, "a clean file must exit 0", status, out, err)
    expect(not re.search(r": (warning|error): ", out), "a clean file must print no warning", status, out, err)


def t_notes_do_not_count(c):
    note = os.path.join(c.inputs, "note.c")
    d = c.fresh_dir("note")
    status, out, err = c.run(["--no-db", "--format", "json", note], d)
    doc = parse_json(out, status, err)
    sevs = {f["severity"] for f in doc["findings"]}
    expect("MMIO003" in {f["rule"] for f in doc["findings"]}, "the redundant mmiowb() must be reported "
           "(MMIO003)", status, out, err)
    expect(sevs == {"note"}, "only notes expected here, got %s" % sorted(sevs), status, out, err)
    expect(status == 0, "notes alone must exit 0", status, out, err)


def t_checks_on_off(c):
    """MMIO007 is off by default; --enable MMIO007, -W lock-imbalance and
    --enable all show it; --disable and -Wno- turn any check off; an
    unknown check name is a usage error; a rules file may say
    "severity": "off" or "enabled": false."""
    src = os.path.join(c.tests, "cases", "ip_annot_releases.c")
    d = c.fresh_dir("checks-on-off")

    def rules_of(*args):
        status, out, err = c.run(["--no-db", "--format", "json"] + list(args) + [src], d)
        expect(status in (0, 1), "%s: exit 0 or 1" % (args,), status, out, err)
        return sorted({f["rule"] for f in parse_json(out, status, err)["findings"]})
    default = rules_of()
    expect("MMIO007" not in default and default, "the default hides MMIO007: %s" % default)
    for args in (["--enable", "MMIO007"], ["-W", "lock-imbalance"], ["-Wlock-imbalance"], ["--enable", "all"]):
        expect("MMIO007" in rules_of(*args), "%s shows MMIO007" % args)
    shown = rules_of("--enable", "all")
    expect(rules_of("--enable", "all", "--disable", "MMIO001") == [r for r in shown if r != "MMIO001"],
           "--disable MMIO001 hides it")
    expect(rules_of("--enable", "lock-imbalance", "-Wno-lock-imbalance") == default, "-Wno- turns it off again")
    status, out, err = c.run(["--no-db", "--enable", "MMIO099", src], d)
    expect(status == 2 and "unknown check 'MMIO099'" in err, "unknown check: exit 2", status, out, err)
    own = os.path.join(d, "off.json")
    with open(own, "w") as f:
        json.dump({"mmiocheck_rules": 1, "checks": [
            {"id": "MMIO001", "name": "unordered-release", "severity": "off"}]}, f)
    status, out, err = c.run(["--no-db", "--rules", own, "--list-checks"], d, flags=False)
    expect(status == 0 and re.search(r"^MMIO001 unordered-release +off ", out, re.M), "severity off is "
           "accepted and listed as off", status, out, err)
    expect("MMIO001" not in rules_of("--rules", own, "--enable", "MMIO007") and
           "MMIO001" in rules_of("--rules", own, "--enable", "MMIO001"),
           "a check off in the rules is shown only with --enable")


def t_partial_parse(c):
    partial = os.path.join(c.inputs, "partial.c")
    d = c.fresh_dir("partial")
    db = os.path.join(d, "findings.db")
    status, out, err = c.run(["--db", db, "--format", "json", partial], d)
    expect(status == 2, "a file with parse errors must exit 2", status, out, err)
    expect("error" in err.lower() and partial in err, "stderr must say the file had errors",
           status, out, err)
    doc = parse_json(out, status, err)
    expect(finding_set(doc) == {("MMIO001", "contract", MMIO001_LINE)},
           "exactly the finding of the function without errors must be reported", status, out, err)
    files = doc.get("files", [])
    expect(files and files[0].get("errors"), "the JSON file entry must list the parse errors",
           status, out, err)
    rows = db_rows(db, "SELECT rule, model, line FROM findings")
    expect(rows == [("MMIO001", "contract", MMIO001_LINE)], "exactly that finding must be stored: %s" % rows)
    rows = db_rows(db, "SELECT COUNT(*) FROM parse_errors")
    expect(rows[0][0] == 3, "the three clang errors must be stored: %s" % rows)
    rows = db_rows(db, "SELECT status, parse_errors FROM files")
    expect(len(rows) == 1 and rows[0][0] == "parse-errors" and rows[0][1] >= 1,
           "files row must record the parse errors: %s" % rows)
    # The same in text mode: findings on stdout, clang's errors on stderr.
    status, out, err = c.run(["--no-db", partial], d)
    expect(status == 2, "text mode: exit 2", status, out, err)
    shown = re.findall(r"^\S+:(\d+):\d+: warning: .*\[(MMIO\d+)\]$", out, re.M)
    expect(shown == [(str(MMIO001_LINE), "MMIO001")], "text mode: exactly ring_doorbell's MMIO001",
           status, out, err)
    expect(len(re.findall(r"^%s:\d+:\d+: error: " % re.escape(partial), err, re.M)) == 3 and
           "error:" not in out, "text mode: clang's errors gcc-style on stderr only", status, out, err)
    expect(re.search(r"^mmiocheck: 1 file analyzed \(0 reused\), 1 with parse errors, 0 failed, 1 finding; "
                     r"2 functions with parse errors not checked \(-v names them\)$", err, re.M)
           and "broken" not in err, "the summary line counts the functions not checked", status, out, err)
    status, out, err = c.run(["--no-db", "-v", partial], d)
    expect(re.search(r"^mmiocheck: %s: not checked \(a parse error inside; no findings, no summary for "
                     r"callers\): broken, broken_helper$" % re.escape(partial), err, re.M) and
           "(-v names them)" not in err, "-v names the functions not checked", status, out, err)


def t_run_summary(c):
    """FILE and -p print one summary line at the end on stderr; nothing
    else about the run unless -v."""
    good = os.path.join(c.inputs, "mmio001.c")
    clean = os.path.join(c.inputs, "clean.c")
    d = c.fresh_dir("summary")
    db = os.path.join(d, "s.db")
    status, out, err = c.run(["--db", db, good, clean], d)
    expect(status == 1 and err == "mmiocheck: 2 files analyzed (0 reused), 0 with parse errors, 0 failed, "
           "1 finding\n", "FILE mode: the summary line alone on stderr", status, out, err)
    status, out, err = c.run(["--db", db, good, clean], d)
    expect(err == "mmiocheck: 2 files analyzed (2 reused), 0 with parse errors, 0 failed, 1 finding\n",
           "FILE mode re-run: the reuse is in the summary line", status, out, err)
    status, out, err = c.run(["--db", db, "-v", good, clean], d)
    expect(err == "mmiocheck: %s: reused: sources, headers and flags unchanged\n"
           "mmiocheck: %s: reused: sources, headers and flags unchanged\n"
           "mmiocheck: 2 files analyzed (2 reused), 0 with parse errors, 0 failed, 1 finding\n" % (good, clean),
           "-v names the reused files", status, out, err)
    partial = os.path.join(c.inputs, "partial.c")
    entries = [{"directory": d, "file": f, "command": "gcc -I%s -c -o x.o %s" % (c.include, f)}
               for f in (good, clean, partial)]
    with open(os.path.join(d, "compile_commands.json"), "w") as f:
        json.dump(entries, f)
    status, out, err = c.run(["-p", d, "--no-db", "-j1"], d, flags=False)
    summary = [l for l in err.splitlines() if not re.match(r"mmiocheck: \[\d/3\] |\S+:\d+:\d+: error: ", l)]
    expect(status == 2 and summary == [
        "mmiocheck: %s: 3 parse errors; analyzed what parsed" % partial,
        "mmiocheck: 3 files analyzed (0 reused), 1 with parse errors, 0 failed, 2 findings; "
        "2 functions with parse errors not checked (-v names them)"],
        "-p: the progress lines, the parse errors, one summary line", status, out, err)


def t_database(c):
    good = os.path.join(c.inputs, "mmio001.c")
    d = c.fresh_dir("database")
    status, out, err = c.run([good], d)        # default ./mmiocheck.db
    expect(status == 1, "exit 1 (a finding)", status, out, err)
    db = os.path.join(d, "mmiocheck.db")
    expect(os.path.exists(db), "./mmiocheck.db must be created by default")
    for table in ("runs", "files", "findings", "trace_steps"):
        n = db_rows(db, "SELECT COUNT(*) FROM %s" % table)[0][0]
        expect(n > 0, "table %s is empty" % table)
    mode = db_rows(db, "PRAGMA journal_mode")[0][0]
    expect(mode == "wal", "journal_mode must be wal, is %s" % mode)
    version = db_rows(db, "SELECT value FROM meta WHERE key = 'schema_version'")
    expect(version == [("9",)], "meta.schema_version must be 9: %s" % version)
    runs = db_rows(db, "SELECT status, finished_at IS NOT NULL, models FROM runs")
    expect(runs == [("ok", 1, "contract,ppc64-legacy")], "the run must be finished 'ok': %s" % runs)
    rows = db_rows(db, "SELECT f.rule, f.model, f.line, fn.name FROM findings f "
                       "LEFT JOIN functions fn ON fn.id = f.function_id")
    expect(("MMIO001", "contract", MMIO001_LINE, "ring_doorbell") in rows,
           "the finding must be stored with its function: %s" % rows)


def t_rerun(c):
    good = os.path.join(c.inputs, "mmio001.c")
    d = c.fresh_dir("rerun")
    db = os.path.join(d, "re.db")
    for i in range(2):
        status, out, err = c.run(["--db", db, good], d)
        expect(status == 1, "run %d: exit 1" % (i + 1), status, out, err)
    runs = db_rows(db, "SELECT COUNT(*) FROM runs")[0][0]
    expect(runs == 2, "two runs must give two runs rows, got %d" % runs)
    dup = db_rows(db, "SELECT run_id, path, COUNT(*) FROM files GROUP BY run_id, path HAVING COUNT(*) > 1")
    expect(not dup, "duplicate files rows: %s" % dup)
    per_run = db_rows(db, "SELECT run_id, COUNT(*) FROM findings GROUP BY run_id ORDER BY run_id")
    expect(len(per_run) == 2 and per_run[0][1] == per_run[1][1],
           "each run must store the same findings: %s" % per_run)
    latest = db_rows(db, "SELECT DISTINCT run_id FROM latest_findings")
    expect(latest == [(per_run[-1][0],)], "latest_findings must show the last run only: %s" % latest)
    # The same file twice in one run: still one files row for it.
    status, out, err = c.run(["--db", db, good, good], d)
    expect(status == 1, "run 3: exit 1", status, out, err)
    rows = db_rows(db, "SELECT COUNT(*) FROM files WHERE run_id = (SELECT MAX(id) FROM runs)")
    expect(rows == [(1,)], "a file given twice must have one files row in its run: %s" % rows)
    n = db_rows(db, "SELECT COUNT(*) FROM findings WHERE run_id = (SELECT MAX(id) FROM runs)")[0][0]
    expect(n == per_run[0][1], "a file given twice must not duplicate its findings (%d vs %d)"
           % (n, per_run[0][1]))


# ------------------------------------------------ command-line conventions

def t_did_you_mean(c):
    d = c.fresh_dir("did-you-mean")
    st, out, err = c.run(["reprot"], d, flags=False)
    expect(st == 2 and err == "mmiocheck: unknown command 'reprot' (did you mean 'report'?)\n", "a mistyped verb",
           st, out, err)


def t_help_verb(c):
    d = c.fresh_dir("help-verb")
    st, out, err = c.run(["help", "report"], d, flags=False)
    expect(st == 0 and out == c.run(["report", "--help"], d, flags=False)[1] and "--fail-on" in out,
           "help VERB prints the verb's --help", st, out, err)


def t_compiler_flag_hint(c):
    good = os.path.join(c.inputs, "mmio001.c")
    bad_input(c, "compiler-flag", [good, "-I", c.include], ["unknown option '-I': put compiler flags after `--`"],
              flags=False)


def t_report_exit(c):
    """report exits 0 when it wrote the report; --fail-on LEVEL makes findings at LEVEL or above exit 1."""
    d = c.fresh_dir("report-exit")
    c.run(["--db", "m.db", os.path.join(c.inputs, "mmio001.c")], d)
    got = [c.run(["report", "--db", "m.db"] + extra, d, flags=False)[0]
           for extra in ([], ["--fail-on", "warning"], ["--fail-on", "error"], ["--fail-on", "note"])]
    expect(got == [0, 1, 0, 1], "report exits [default, warning, error, note] = [0, 1, 0, 1], got %s" % got)


def t_fail_on(c):
    """analyze: warnings fail by default; --fail-on error ignores them, --fail-on note counts notes."""
    d = c.fresh_dir("fail-on")
    warn, note = os.path.join(c.inputs, "mmio001.c"), os.path.join(c.inputs, "note.c")
    got = [c.run(["--no-db"] + extra, d)[0] for extra in ([warn], ["--fail-on", "error", warn], [note],
                                                          ["--fail-on", "note", note])]
    expect(got == [1, 0, 0, 1], "[warning, warning --fail-on error, note, note --fail-on note] = [1, 0, 0, 1], "
           "got %s" % got)
    bad_input(c, "fail-on-bad", ["--fail-on", "sometimes", warn], ["--fail-on 'sometimes'"])


def t_baseline_marks_new(c):
    """--baseline: the text output marks the new finding [new], not the old one; JSON says "baseline"."""
    d = c.fresh_dir("baseline-marks")
    src = os.path.join(d, "drv.c")
    with open(src, "w") as f:
        f.write(MMIO001_SRC)
    c.run(["--db", "base.db", src], d)
    text = MMIO001_SRC + MMIO001_SRC[len(PRELUDE):].replace("spinlock_t l;\nvoid __iomem *base;\n", "") \
        .replace("ring_doorbell", "ring_again")
    with open(src, "w") as f:
        f.write(text)
    new_line = text.splitlines().index("\twritel_relaxed(1, base);", MMIO001_LINE) + 1
    st, out, err = c.run(["--no-db", "--baseline", "base.db", src], d)
    marks = [(int(l.split(":")[1]), l.endswith(" [new]")) for l in out.splitlines() if "[MMIO001]" in l]
    expect(st == 1 and marks == [(MMIO001_LINE, False), (new_line, True)],
           "the new finding (line %d) alone marked [new]: %s" % (new_line, marks), st, out, err)
    st, out, err = c.run(["--no-db", "--baseline", "base.db", "--format", "json", src], d)
    got = sorted((f["function"], f["baseline"]) for f in parse_json(out, st, err)["findings"])
    expect(got == [("ring_again", "new"), ("ring_doorbell", "unchanged")], "json baseline: %s" % got, st, out, err)


def t_query_unknown_rule(c):
    d = c.fresh_dir("query-rule")
    c.run(["--db", "m.db", os.path.join(c.inputs, "mmio001.c")], d)
    st, out, err = c.run(["query", "--db", "m.db", "--rule", "MMIO999"], d, flags=False)
    expect(st == 2 and out == "" and err.startswith("mmiocheck: query: unknown --rule 'MMIO999' (known: MMIO001, ")
           and "MMIO007" in err, "an unknown --rule is an error naming the known rules", st, out, err)


def t_rules_dir_every_verb(c):
    """Every verb that loads rules takes --rules-dir: a missing one is refused, the real one works;
    the message has one 'mmiocheck: ' prefix."""
    d = c.fresh_dir("rules-dir")
    good, rules, missing = os.path.join(c.inputs, "mmio001.c"), os.path.join(os.path.dirname(c.tests), "rules"), \
        os.path.join(d, "no-rules")
    c.run(["--db", "m.db", good], d)
    for verb in (["--no-db", good], ["rules"], ["report", "--db", "m.db"], ["query", "--db", "m.db", "--rule", "MMIO001"]):
        st, out, err = c.run(verb + ["--rules-dir", missing], d, flags=verb[0] == "--no-db")
        expect(st == 2 and err.startswith("mmiocheck: %s: cannot read the rules directory" % missing),
               "%s --rules-dir MISSING is refused" % verb[0], st, out, err)
        st, out, err = c.run(verb + ["--rules-dir", rules], d, flags=verb[0] == "--no-db")
        expect(st in (0, 1), "%s --rules-dir RULES works" % verb[0], st, out, err)
    st, out, err = c.run([good], d, env={"MMIOCHECK_RULES": missing})
    expect(st == 2 and err.startswith("mmiocheck: %s: cannot read" % missing) and "mmiocheck: mmiocheck:" not in err,
           "$MMIOCHECK_RULES missing: one prefix", st, out, err)


def t_usage_error_style(c):
    """Every verb's usage error is one line in one style, "mmiocheck: VERB: MESSAGE (see mmiocheck
    VERB --help)" (analyze: no VERB), with the user's argument escaped: a newline or an ESC in it
    cannot start a new line in a CI log or rewrite the terminal."""
    d = c.fresh_dir("usage-style")
    hostile = "x\n::error::y\x1b[2J"
    shown = "x?::error::y?[2J"
    cases = [
        ([] , "--format", "mmiocheck: unknown --format '%s' (text or json) (see mmiocheck --help)\n"),
        (["report"], "--format", "mmiocheck: report: unknown --format '%s' (text, json, sarif, github, gitlab or html) "
                                 "(see mmiocheck report --help)\n"),
        (["diff"], "--format", "mmiocheck: diff: unknown --format '%s' (text or json) (see mmiocheck diff --help)\n"),
        (["query"], "--format", "mmiocheck: query: unknown --format '%s' (table, json or csv) "
                                "(see mmiocheck query --help)\n"),
        (["gc"], "--keep", "mmiocheck: gc: bad --keep '%s' (0 or more runs) (see mmiocheck gc --help)\n"),
        (["fix"], None, "mmiocheck: fix: unexpected argument '%s' (see mmiocheck fix --help)\n"),
        (["rules"], None, "mmiocheck: rules: unexpected argument '%s' (see mmiocheck rules --help)\n"),
        (["merge"], None, "mmiocheck: merge: needs OUT.db and at least one IN.db (see mmiocheck merge --help)\n"),
    ]
    for verb, opt, want in cases:
        args = verb + ([opt, hostile] if opt else [hostile])
        st, out, err = c.run(args, d, flags=False)
        expect(st == 2 and out == "" and err == (want % shown if "%s" in want else want),
               "%s: one escaped usage line" % (verb or ["analyze"])[0], st, out, err)


TESTS = [
    t_fingerprint_stable, t_fixtures_compile, t_version, t_help, t_list_models, t_list_checks,
    t_missing_file, t_directory, t_binary_file, t_missing_among_good, t_unknown_option,
    t_bad_model, t_unwritable_db, t_db_is_directory, t_foreign_db, t_bad_rules_json,
    t_missing_rules_file, t_no_input,
    t_text_findings, t_stats, t_json_findings, t_model_option, t_clean_file, t_notes_do_not_count,
    t_partial_parse, t_run_summary, t_database, t_rerun, t_checks_on_off,
    t_did_you_mean, t_help_verb, t_compiler_flag_hint, t_report_exit, t_fail_on, t_baseline_marks_new,
    t_query_unknown_rule, t_rules_dir_every_verb, t_usage_error_style,
]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mmiocheck", required=True, help="the mmiocheck binary")
    ap.add_argument("--tests", required=True, help="the tests/ directory (has include/)")
    ap.add_argument("--clang", default=None, help="clang, to check the test inputs compile")
    ap.add_argument("--work", required=True, help="scratch directory (emptied first)")
    ap.add_argument("-k", dest="only", default=None, help="run only sub-tests whose name contains this")
    args = ap.parse_args()

    c = Ctx(args)
    if not os.access(c.mmiocheck, os.X_OK):
        print("mmiocheck binary not found or not executable: %s" % c.mmiocheck)
        return 2
    shutil.rmtree(c.work, ignore_errors=True)
    os.makedirs(c.inputs)
    c.write_input("mmio001.c", MMIO001_SRC)
    c.write_input("clean.c", CLEAN_SRC)
    c.write_input("note.c", NOTE_SRC)
    c.write_input("partial.c", PARTIAL_SRC)

    failed = []
    ran = 0
    for t in TESTS:
        name = t.__name__[2:].replace("_", "-")
        if args.only and args.only not in name:
            continue
        ran += 1
        try:
            t(c)
            print("%-24s PASS" % name)
        except Skipped as e:
            print("%-24s SKIP (%s)" % (name, e))
        except Failed as e:
            failed.append(name)
            print("%-24s FAIL\n    %s" % (name, e))
        except Exception:          # a bug in the test or an unreadable output
            failed.append(name)
            print("%-24s FAIL (exception)\n%s" % (name, traceback.format_exc()))
        sys.stdout.flush()
    print("%d sub-tests, %d failed%s" % (ran, len(failed), (": " + ", ".join(failed)) if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
