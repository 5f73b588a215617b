#!/usr/bin/env python3
"""The HTML report in headless Chromium: the page loads with no console
error and no network request, its filters (check, severity, model, text)
show exactly the findings they should, and a screenshot is taken.  Also:
the page is self-contained and escapes what it shows.

    test_html.py --mmiocheck PATH --tests DIR --work DIR [-k NAME]

Chromium is Debian's (/usr/bin/chromium, or $CHROMIUM), driven by
puppeteer-core from tests/report/package-lock.json; missing either is a
failure.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rtlib import Ctx, TIMEOUT, expect, make_crafted_db, run_tests  # noqa: E402


def html_of_fixture(c, d):
    src = os.path.join(c.here, "html", "drv.c")
    db = os.path.join(d, "h.db")
    status, out, err = c.analyze(d, [src], db, ["--source-root", os.path.join(c.here, "html")])
    expect(status == 1, "the fixture has findings", status, out, err)
    page = os.path.join(d, "report.html")
    status, out, err = c.run(["report", "--db", db, "--format", "html", "-o", page, "--source-root",
                              os.path.join(c.here, "html")], d)
    expect(status == 0 and os.path.exists(page), "report --format html -o", status, out, err)
    return page


def t_browser(c):
    exe = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    expect(os.path.exists(exe), "%s is missing (dev.sh installs Debian's chromium)" % exe)
    c.node_tool("puppeteer-core", "package.json")
    d = c.fresh_dir("browser")
    page = html_of_fixture(c, d)
    shot = os.path.join(d, "report.png")
    p = subprocess.run(["node", os.path.join(c.here, "test_html.js"), page, shot], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=TIMEOUT)
    out, err = p.stdout.decode(), p.stderr.decode()
    expect(p.returncode == 0, "test_html.js must drive the page", p.returncode, out, err)
    res = json.loads(out)
    expect(res["errors"] == [], "no console error, page error or network request: %s" % res["errors"])
    expect(res["total"] == "4 of 4 findings shown", "4 entries (6 rows, 2 merged by model): %s" % res["total"])
    steps = {s["action"]: s for s in res["steps"]}
    want = {
        "uncheck MMIO001": ["MMIO002", "MMIO003", "MMIO006"],
        "uncheck note": ["MMIO002", "MMIO006"],
        "recheck all": ["MMIO001", "MMIO002", "MMIO003", "MMIO006"],
        "model ppc64-legacy": ["MMIO002", "MMIO003", "MMIO006"],
        "model all": ["MMIO001", "MMIO002", "MMIO003", "MMIO006"],
        "text demo_mask_irq": ["MMIO002"],
        "text no match": [],
    }
    for action, rules in want.items():
        s = steps.get(action)
        expect(s is not None, "step %r ran" % action)
        got = [v.split("@")[0] for v in s["visible"]]
        expect(got == rules and s["groups"] == rules, "%s: visible %s, groups %s, want %s" %
               (action, got, s["groups"], rules))
        expect(s["shown"] == "%d of 4 findings shown" % len(rules), "%s: count %r" % (action, s["shown"]))
        expect(s["empty_shown"] == (not rules), "%s: the 'no finding' line" % action)
    with open(shot, "rb") as f:
        png = f.read()
    expect(png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 20000, "a full-page screenshot (%d bytes)" % len(png))
    # 400 px: laid out at the phone's width, nothing wider than the screen
    # (source lines scroll inside their box), tabs 8 wide, the filters do
    # not stay over the findings and work by touch.
    n = res["narrow"]
    expect(n["viewport_meta"] == "width=device-width, initial-scale=1" and n["viewport_width"] == 400,
           "laid out at 400 px: %s" % n)
    expect(n["page_width"] <= 400, "the page is no wider than 400 px: %s" % n)
    expect(n["tab_size"] == "8", "tab-size 8: %s" % n)
    expect(not n["filters_sticky"], "the filters scroll away at 400 px: %s" % n)
    expect(n["after_tap"] == "3 of 4 findings shown", "a tap on MMIO001 filters at 400 px: %s" % n)
    expect(os.path.getsize(shot.replace(".png", "-400.png")) > 20000, "a 400 px screenshot")


def t_self_contained(c):
    """No external resource, a CSP that forbids the network, sources and
    trace shown, everything escaped."""
    d = c.fresh_dir("self-contained")
    text = open(html_of_fixture(c, d), encoding="utf-8").read()
    refs = re.findall(r'(?:src|href)\s*=\s*"([^"]*)"', text)
    expect(refs == ["data:,"], "only the data: icon is referenced: %s" % refs)
    expect("default-src 'none'" in text, "a CSP that allows no network")
    src = open(os.path.join(c.here, "html", "drv.c")).read().splitlines()
    line = src.index("\twritel_relaxed(dev->sq.tail, dev->uar + DOORBELL);") + 1
    expect('<span class="l hl-finding" data-line="%d"><span class="n">%d</span>\twritel_relaxed(dev-&gt;sq.tail, '
           'dev-&gt;uar + DOORBELL);</span>' % (line, line) in text, "the finding's source line, highlighted and escaped")
    expect(text.count('class="tl-missing"') == 3, "the releases without a barrier are marked (MMIO001, MMIO002, "
           "MMIO006): %d" % text.count('class="tl-missing"'))
    cd = c.fresh_dir("html-crafted")
    db, run = make_crafted_db(c, cd)
    status, out, err = c.run(["report", "--db", db, "--format", "html"], cd)
    expect(status == 0 and "(source not available)" in out, "missing sources are said so", status, out, err)
    expect("odd, dir: 100%/drv \u00fc.c" in out and "dev-&gt;lock" in out and "dev->lock" not in out,
           "file names and messages are escaped HTML", status, out, err)


TESTS = [t_browser, t_self_contained]


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
