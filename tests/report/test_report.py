#!/usr/bin/env python3
"""`mmiocheck report`: every format against golden files, SARIF against
the official validators, escaping, GitHub's annotation limit, errors, and
fingerprint stability when an unrelated function changes.

    test_report.py --mmiocheck PATH --tests DIR --work DIR [--update] [-k NAME]

--update rewrites tests/report/golden/ from the current output (review the
diff before committing it; the SARIF and HTML goldens list every loaded
check, so a new check in rules/checks.json changes them).  The validators are the npm packages pinned in
tests/report/package-lock.json (`npm ci` there; ./dev.sh does it): a
missing validator is a failure, not a skip.
"""

import argparse
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rtlib import (Ctx, Failed, ODD_FILE, ODD_MESSAGE, TIMEOUT, check_golden, db_rows, expect,  # noqa: E402
                   load_json, make_crafted_db, normalize, run_tests, write)

REAL_CASES = ["mmio001_mlx4_doorbell.c", "mmio002_nested_inner_lock.c", "mmio003_irqsave_classic.c",
              "mmio006_mutex.c", "model_ppc_trylock_inner.c"]


def report(c, d, db, fmt, extra=()):
    return c.run(["report", "--db", db, "--format", fmt] + list(extra), d)


def t_golden_formats(c):
    """text, json, sarif, github, gitlab, html of the hand-made run, byte for byte."""
    d = c.fresh_dir("golden")
    db, run = make_crafted_db(c, d)
    for fmt, ext in (("text", "txt"), ("json", "json"), ("sarif", "sarif"), ("github", "txt"),
                     ("gitlab", "json"), ("html", "html")):
        extra = ["--source-root", d, "--help-base", "https://mmiocheck.example/docs/rules/",
                 "--tool-uri", "https://mmiocheck.example/"] if fmt == "sarif" else []
        status, out, err = report(c, d, db, fmt, extra)
        expect(status == 0, "%s: a written report exits 0 (findings are no error)" % fmt, status, out, err)
        expect(err == "", "%s: nothing on stderr" % fmt, status, out, err)
        if fmt == "sarif":     # the rules' help is docs/rules/*.md (t_sarif_content checks it): not golden
            out = re.sub(r'("help": \{\s*"text": )"(?:[^"\\]|\\.)*"(,\s*"markdown": )"(?:[^"\\]|\\.)*"',
                         r'\1"@RULE-DOC@"\2"@RULE-DOC@"', out)
        check_golden(c, "crafted.%s.%s" % (fmt, ext), normalize(out, d))


def t_run_selection(c):
    """--run picks a run; the default is the newest; -o writes a file."""
    d = c.fresh_dir("runs")
    db, run = make_crafted_db(c, d)
    status, out, err = report(c, d, db, "json", ["--run", "1"])
    expect(status == 0, "run 1 (the clean file) exits 0", status, out, err)
    doc = load_json(out, status, err)
    expect(doc["run_id"] == 1 and doc["findings"] == [] and len(doc["files"]) == 1,
           "run 1 has one file and no findings", status, out, err)
    status, out, err = report(c, d, db, "json")
    doc = load_json(out, status, err)
    expect(doc["run_id"] == run and len(doc["findings"]) == 3, "the default is the newest run (%d)" % run,
           status, out, err)
    outfile = os.path.join(d, "out.sarif")
    status, out, err = report(c, d, db, "sarif", ["-o", outfile])
    expect(status == 0 and out == "" and os.path.exists(outfile), "-o writes the file, not stdout",
           status, out, err)
    expect(sorted(os.listdir(d)) == sorted(["clean.c", "crafted.db", "out.sarif"]) or
           all(not n.startswith("out.sarif.tmp") for n in os.listdir(d)),
           "no temporary file left: %s" % os.listdir(d))


def t_github_escaping(c):
    """Workflow-command escaping of the odd file name and message."""
    d = c.fresh_dir("github-esc")
    db, run = make_crafted_db(c, d)
    status, out, err = report(c, d, db, "github")
    lines = out.splitlines()
    first = [l for l in lines if "line=12" in l]
    expect(len(first) == 1, "one annotation for MMIO001 at line 12 (two models merged)", status, out, err)
    want_props = "file=odd%2C dir%3A 100%25/drv \u00fc.c,line=12,col=2,endLine=12," \
                 "title=MMIO001 unordered-release::"
    expect(first[0].startswith("::warning " + want_props),
           "properties escape ',' ':' '%%': want %r" % want_props, status, out, err)
    msg = first[0].split("::", 2)[2]
    expect(msg == "writel_relaxed() is 100%25 unordered: see a,b%0Aline two%0D%0Athree \u00fc"
           " (models: contract, ppc64-legacy)", "message escapes %%, CR, LF only: %r" % msg)
    expect(any(l.startswith("::error file=b.c,line=5,") for l in lines), "error severity -> ::error",
           status, out, err)
    expect(any(l.startswith("::notice file=odd") and "line=30" in l for l in lines),
           "note severity -> ::notice", status, out, err)
    expect(lines[-1] == "mmiocheck: 3 findings at 3 places in 2 files: 1 error, 1 warning, 1 note",
           "summary line: %r" % lines[-1])


def t_github_limit(c):
    """More than 10 warnings: 10 annotations, the rest counted, SARIF named."""
    d = c.fresh_dir("github-limit")
    body = "\n".join("void f%d(void)\n{\n\tspin_lock(&l);\n\twritel_relaxed(1, base);\n"
                     "\tspin_unlock(&l);\n}\n" % i for i in range(13))
    src = write(os.path.join(d, "many.c"), "#include <linux/spinlock.h>\n#include <linux/io.h>\n"
                "spinlock_t l;\nvoid __iomem *base;\n" + body)
    db = os.path.join(d, "m.db")
    status, out, err = c.analyze(d, [src], db, ["--model", "contract"])
    expect(status == 1, "13 MMIO001 findings: exit 1", status, out, err)
    status, out, err = report(c, d, db, "github")
    ann = [l for l in out.splitlines() if l.startswith("::warning ")]
    expect(len(ann) == 10, "exactly 10 warning annotations, got %d" % len(ann), status, out, err)
    last = out.splitlines()[-1]
    expect(last.startswith("mmiocheck: 13 findings at 13 places in 1 file: 0 errors, 13 warnings, 0 notes; "
                           "3 not shown as annotations") and "--format sarif" in last,
           "the summary counts the 3 not shown and points to SARIF: %r" % last)


def real_sarif(c, d):
    """Analyze some real cases and export SARIF; returns its path."""
    cases = os.path.join(c.tests, "cases")
    db = os.path.join(d, "real.db")
    files = [os.path.join(cases, n) for n in REAL_CASES]
    files.append(os.path.join(os.path.dirname(c.tests), "examples", "ring_doorbell.c"))
    status, out, err = c.analyze(d, files, db, ["--source-root", os.path.dirname(c.tests)])
    expect(status == 1, "the real cases have findings (exit 1)", status, out, err)
    path = os.path.join(d, "real.sarif")
    status, out, err = report(c, d, db, "sarif", ["-o", path, "--source-root", os.path.dirname(c.tests),
                                                  "--help-base", "https://mmiocheck.example/docs/rules/",
                                                  "--tool-uri", "https://mmiocheck.example/"])
    expect(status == 0, "report exits 0 (written)", status, out, err)
    return path


def ajv(c, paths):
    p = subprocess.run(["node", os.path.join(c.here, "validate_sarif.js")] + paths, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=TIMEOUT)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


def multitool(c, d, path):
    """Sarif.Multitool validate; the list of (ruleId, level, message) it found."""
    exe = c.node_tool("@microsoft", "sarif-multitool-linux", "Sarif.Multitool")
    log = os.path.join(d, os.path.basename(path) + ".validation.sarif")
    p = subprocess.run([exe, "validate", "--log", "ForceOverwrite", "-o", log, path],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=TIMEOUT)
    out = p.stdout.decode("utf-8", "replace")
    expect(p.returncode == 0 and os.path.exists(log), "Sarif.Multitool validate must run",
           p.returncode, out, p.stderr.decode())
    doc = json.load(open(log, encoding="utf-8"))
    run = doc["runs"][0]
    expect(all(i.get("executionSuccessful") for i in run.get("invocations", [])),
           "the Multitool run must succeed: %s" % run.get("invocations"))
    return [(r["ruleId"], r.get("level", "warning"), r["message"].get("arguments", [])) for r in run["results"]]


def t_sarif_validators(c):
    """Real and hand-made SARIF pass ajv (schema) and the Multitool (schema
    + SARIF rules) with no result at all; broken SARIF fails both."""
    c.node_tool("ajv", "package.json")
    d = c.fresh_dir("sarif-validate")
    real = real_sarif(c, d)
    cd = c.fresh_dir("sarif-crafted")
    db, run = make_crafted_db(c, cd)
    crafted = os.path.join(cd, "crafted.sarif")
    status, out, err = report(c, cd, db, "sarif", ["-o", crafted, "--source-root", cd, "--help-base",
                                                   "https://mmiocheck.example/docs/rules/",
                                                   "--tool-uri", "https://mmiocheck.example/"])
    status, out, err = ajv(c, [real, crafted])
    expect(status == 0 and out.count("valid SARIF 2.1.0") == 2, "ajv: both documents valid", status, out, err)
    for path in (real, crafted):
        found = multitool(c, d, path)
        expect(found == [], "Sarif.Multitool must find nothing in %s: %s" % (path, found))
    # Negative control: the validators do reject a broken document.
    doc = json.load(open(real, encoding="utf-8"))
    doc["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]["startLine"] = 0
    doc["runs"][0]["results"][0]["bogus"] = 1
    bad = write(os.path.join(d, "broken.sarif"), json.dumps(doc))
    status, out, err = ajv(c, [bad])
    expect(status == 1 and "startLine" in err and "must NOT have additional properties" in err,
           "ajv must reject the broken document", status, out, err)
    found = multitool(c, d, bad)
    expect(("JSON1008", "error") in [r[:2] for r in found] and ("JSON1005", "error") in [r[:2] for r in found],
           "the Multitool must reject the broken document: %s" % found)


def t_one_finding_per_defect(c):
    """Three callers and two models reaching one escaping write: one finding
    (JSON: its models, three chains; SARIF: one result, three threadFlows,
    valid for ajv and the Multitool), counted once by every format."""
    d = c.fresh_dir("defects")
    src = os.path.join(c.tests, "cases", "ip_three_callers_one_write.c")
    status, out, err = c.analyze(d, [src], "d.db", ["--model", "contract,generic,ppc64-legacy",
                                                    "--format", "json", "--source-root", c.tests])
    doc = load_json(out, status, err)
    expect(status == 1 and len(doc["findings"]) == 1, "analyze: one finding", status, out, err)
    f = doc["findings"][0]
    expect(f["models"] == ["contract", "generic"] and f["paths"] == 3 and len(f["chains"]) == 3,
           "its models and three chains: %s" % json.dumps(f)[:400])
    expect(sorted(ch["function"] for ch in f["chains"]) ==
           ["bnx2x_cnic_sp_post", "bnx2x_sp_post", "bnx2x_sp_post_batch"] and
           all(ch["models"] == ["contract", "generic"] and len(ch["fingerprints"]) == 2 for ch in f["chains"]),
           "a chain per caller, each under both models: %s" % f["chains"])
    expect(f["site"]["function"] == "bnx2x_sp_prod_update" and f["site"]["line"] == 37,
           "the site is the write in the helper: %s" % f["site"])
    status, out, err = report(c, d, "d.db", "json")
    rdoc = load_json(out, status, err)
    expect([(x["fingerprint"], len(x["chains"])) for x in rdoc["findings"]] == [(f["fingerprint"], 3)],
           "read back from the database: the same defect and chains", status, out, err)
    path = os.path.join(d, "d.sarif")
    status, out, err = report(c, d, "d.db", "sarif", ["-o", path, "--source-root", c.tests, "--help-base",
                                                     "https://mmiocheck.example/docs/rules/",
                                                     "--tool-uri", "https://mmiocheck.example/"])
    results = json.load(open(path, encoding="utf-8"))["runs"][0]["results"]
    expect(len(results) == 1 and len(results[0]["codeFlows"]) == 1 and
           len(results[0]["codeFlows"][0]["threadFlows"]) == 3 and
           results[0]["properties"]["models"] == ["contract", "generic"],
           "SARIF: one result, one codeFlow of three threadFlows: %s" % json.dumps(results)[:400])
    status, out, err = ajv(c, [path])
    expect(status == 0, "ajv: valid", status, out, err)
    found = multitool(c, d, path)
    expect(found == [], "Sarif.Multitool finds nothing: %s" % found)
    for fmt, count in (("gitlab", lambda t: len(json.loads(t))),
                       ("github", lambda t: t.count("::warning "))):
        status, out, err = report(c, d, "d.db", fmt)
        expect(count(out) == 1, "%s: one entry" % fmt, status, out, err)
    status, out, err = report(c, d, "d.db", "text")
    expect(out.count("warning:") == 1 and "reached from 3 paths" in out, "text: once, 3 paths", status, out, err)


def t_sarif_parse_errors(c):
    """Parse errors are SARIF tool execution notifications, and the
    invocation is not successful; the document stays valid."""
    d = c.fresh_dir("sarif-parse-errors")
    src = write(os.path.join(d, "p.c"), "#include <linux/spinlock.h>\n#include <linux/io.h>\n"
                "spinlock_t l;\nvoid __iomem *b;\n"
                "void f(void) { spin_lock(&l); writel_relaxed(1, b); spin_unlock(&l); }\n"
                "void g(void) { int x = ; }\n")
    status, out, err = c.analyze(d, [src], "p.db", ["--source-root", d])
    expect(status == 2, "a parse error: exit 2", status, out, err)
    path = os.path.join(d, "p.sarif")
    status, out, err = report(c, d, "p.db", "sarif", ["-o", path, "--tool-uri", "https://mmiocheck.example/",
                                                    "--help-base", "https://mmiocheck.example/docs/rules/"])
    run = json.load(open(path, encoding="utf-8"))["runs"][0]
    inv = run["invocations"][0]
    notes = inv.get("toolExecutionNotifications", [])
    expect(inv["executionSuccessful"] is False and len(notes) == 1 and notes[0]["level"] == "error" and
           notes[0]["message"]["text"] == "expected expression" and
           notes[0]["locations"][0]["physicalLocation"]["region"]["startLine"] == 6,
           "one error notification at line 6: %s" % inv)
    expect([r["ruleId"] for r in run["results"]] == ["MMIO001"], "what parsed is still reported")
    status, out, err = ajv(c, [path])
    expect(status == 0, "ajv: valid", status, out, err)
    found = multitool(c, d, path)
    expect(found == [], "Sarif.Multitool finds nothing: %s" % found)


def t_sarif_content(c):
    """What SARIF says about a real finding: rule metadata, location relative
    to SRCROOT, fingerprints, the trace as a codeFlow with lock nesting."""
    d = c.fresh_dir("sarif-content")
    doc = json.load(open(real_sarif(c, d), encoding="utf-8"))
    run = doc["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    ids = [r["id"] for r in rules]
    expect(ids[:2] == ["MMIO001", "MMIO002"] and "MMIO006" in ids, "every check is a rule: %s" % ids)
    r1 = rules[0]
    expect(r1["name"] == "unordered-release" and r1["helpUri"] == "https://mmiocheck.example/docs/rules/"
           "MMIO001.md" and r1["defaultConfiguration"]["level"] == "warning" and
           r1["fullDescription"]["text"], "MMIO001's rule metadata: %s" % r1)
    root = os.path.dirname(c.tests)
    for r in rules:
        md = open(os.path.join(root, "docs", "rules", r["id"] + ".md"), encoding="utf-8").read()
        expect(r["help"]["markdown"] == md and r["help"]["text"].startswith(r["id"] + " — ") and
               "**" not in r["help"]["text"] and "`" not in r["help"]["text"],
               "%s's help is docs/rules/%s.md (markdown) and its plain text" % (r["id"], r["id"]))
    root = os.path.dirname(c.tests)
    expect(run["originalUriBaseIds"]["SRCROOT"]["uri"] == "file://" + root + "/", "SRCROOT is the source "
           "root: %s" % run["originalUriBaseIds"])
    mlx = [r for r in run["results"] if r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
           == "tests/cases/mmio002_nested_inner_lock.c"]
    expect(mlx, "a result for tests/cases/mmio002_nested_inner_lock.c relative to SRCROOT")
    r = [x for x in mlx if x["ruleId"] == "MMIO002"][0]
    expect(r["level"] == "warning" and r["properties"]["models"] == ["ppc64-legacy"] and
           r["properties"]["lock"]["kind"] == "spinlock" and
           re.fullmatch(r"[0-9a-f]{16}", r["partialFingerprints"]["mmiocheck/v1"]),
           "MMIO002 result: %s" % r)
    locs = r["codeFlows"][0]["threadFlows"][0]["locations"]
    shape = [(l["kinds"][0], l["nestingLevel"]) for l in locs]
    expect(shape[0] == ("acquire", 0) and shape[1] == ("memory", 1) and ("acquire", 1) in shape and
           shape[-1] == ("release", 0), "trace as acquire(0) write(1) inner acquire(1) .. release(0): %s"
           % shape)


def t_report_source_root(c):
    """Absolute paths stored by an analysis without --source-root become
    relative to report --source-root (SARIF uri + SRCROOT, GitHub file=)."""
    d = c.fresh_dir("report-root")
    src = write(os.path.join(d, "tree", "drivers", "x.c"),
                "#include <linux/spinlock.h>\n#include <linux/io.h>\nspinlock_t l;\nvoid __iomem *b;\n"
                "void f(void)\n{\n\tspin_lock(&l);\n\twritel_relaxed(1, b);\n\tspin_unlock(&l);\n}\n")
    db = os.path.join(d, "abs.db")
    status, out, err = c.analyze(d, [src], db, ["--model", "contract"])
    expect(status == 1 and src in out, "stored with the absolute path", status, out, err)
    root = os.path.join(d, "tree")
    status, out, err = report(c, d, db, "sarif", ["--source-root", root])
    run = json.loads(out)["runs"][0]
    loc = run["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
    expect(loc == {"uri": "drivers/x.c", "uriBaseId": "SRCROOT"} and
           run["originalUriBaseIds"]["SRCROOT"]["uri"] == "file://%s/" % root, "SARIF: %s %s"
           % (loc, run["originalUriBaseIds"]))
    status, out, err = report(c, d, db, "github", ["--source-root", root])
    expect(out.startswith("::warning file=drivers/x.c,line=8,col=2,"), "GitHub file= is relative", status, out, err)
    status, out, err = report(c, d, db, "sarif")
    loc = json.loads(out)["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
    expect(loc == {"uri": "file://" + src}, "without --source-root: an absolute file URI: %s" % loc)


def t_report_errors(c):
    """Bad input: exit 2, a message naming the file or option, no output file."""
    d = c.fresh_dir("errors")
    missing = os.path.join(d, "none.db")
    status, out, err = report(c, d, missing, "sarif", ["-o", os.path.join(d, "x.sarif")])
    expect(status == 2 and missing in err and "No such file" in err and out == "",
           "a missing database: exit 2 naming it", status, out, err)
    expect(not os.path.exists(missing) and not os.path.exists(os.path.join(d, "x.sarif")),
           "nothing created: %s" % os.listdir(d))
    db, run = make_crafted_db(c, d)
    status, out, err = report(c, d, db, "json", ["--run", "99"])
    expect(status == 2 and "no run 99" in err, "an unknown run: exit 2", status, out, err)
    status, out, err = report(c, d, db, "yaml")
    expect(status == 2 and "unknown --format 'yaml'" in err, "an unknown format: exit 2", status, out, err)
    status, out, err = c.run(["report", "--db", db, "--run", "x"], d)
    expect(status == 2 and "bad run id 'x'" in err, "a bad run id: exit 2", status, out, err)
    foreign = write(os.path.join(d, "foreign.db"), "not sqlite at all\n" * 100)
    status, out, err = report(c, d, foreign, "text")
    expect(status == 2 and foreign in err, "a file that is not a database: exit 2", status, out, err)
    status, out, err = report(c, d, db, "text", ["-o", os.path.join(d, "no-such-dir", "x.txt")])
    expect(status == 2 and "no-such-dir" in err, "an unwritable -o: exit 2", status, out, err)


def t_fingerprint_unrelated_function(c):
    """A finding keeps its fingerprint when another function of the file
    is rewritten (lines added, body changed, a new finding there)."""
    d = c.fresh_dir("fp-unrelated")
    head = "#include <linux/spinlock.h>\n#include <linux/io.h>\nspinlock_t l;\nvoid __iomem *base;\n\n"
    target = "void target(void)\n{\n\tspin_lock(&l);\n\twritel_relaxed(1, base);\n\tspin_unlock(&l);\n}\n"
    before = "int helper(int x)\n{\n\treturn x + 1;\n}\n\n"
    after = ("int helper(int x)\n{\n\tint y = x * 2;\n\n\tif (y > 4)\n\t\ty -= 3;\n\tspin_lock(&l);\n"
             "\twritel_relaxed(y, base);\n\tspin_unlock(&l);\n\treturn y + 1;\n}\n\n")
    prints = []
    for i, text in enumerate((head + before + target, head + after + target)):
        src = write(os.path.join(d, "v%d" % i, "drv.c"), text)
        status, out, err = c.run(["--no-db", "--format", "json", "--source-root", os.path.dirname(src), src,
                                  "--", "-I", c.include], d)
        doc = load_json(out, status, err)
        prints.append(sorted((",".join(f["models"]), f["fingerprint"], f["line"]) for f in doc["findings"]
                             if f["function"] == "target"))
        if i == 1:
            expect(any(f["function"] == "helper" for f in doc["findings"]), "the rewritten helper now has "
                   "a finding of its own", status, out, err)
    expect(prints[0] and len(prints[0]) == len(prints[1]), "target's findings in both versions: %s" % prints)
    expect(all(a[2] != b[2] for a, b in zip(prints[0], prints[1])), "target's lines moved: %s" % prints)
    expect([a[:2] for a in prints[0]] == [b[:2] for b in prints[1]],
           "fingerprints survive a change in another function: %s" % prints)


TESTS = [t_golden_formats, t_run_selection, t_github_escaping, t_github_limit, t_sarif_validators,
         t_one_finding_per_defect,
         t_sarif_parse_errors, t_sarif_content, t_report_source_root, t_report_errors, t_fingerprint_unrelated_function]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mmiocheck", required=True)
    ap.add_argument("--tests", required=True, help="the tests/ directory")
    ap.add_argument("--work", required=True, help="scratch directory (emptied first)")
    ap.add_argument("--update", action="store_true", help="rewrite the golden files")
    ap.add_argument("-k", dest="only", default=None)
    args = ap.parse_args()
    return run_tests(TESTS, Ctx(args), args.only)


if __name__ == "__main__":
    sys.exit(main())
