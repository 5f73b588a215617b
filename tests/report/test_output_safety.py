#!/usr/bin/env python3
"""Output safety: report files are never written through a symbolic link
and never left half-written, and file names from the analyzed tree are
escaped in every output format.

  * `report -o`, `diff -o`, `fix -o`: an output file that is a symbolic
    link (to a file, a directory, nowhere), a directory component that is
    one, a directory, a FIFO: refused with `mmiocheck: PATH: reason`,
    exit 2, the link's target untouched, nothing created;
  * a report that fails while being written (RLIMIT_FSIZE) leaves the old
    file byte-for-byte and no temporary file;
  * a source file named with quotes, <script>, &, a newline, %, ::, a
    comma, invalid UTF-8 and an ANSI escape gives exactly the expected
    escaped name in text (analyze and report), json (analyze and report),
    sarif, github, gitlab, html, and query table, csv and json.

    test_output_safety.py --mmiocheck PATH --tests DIR --work DIR [-k NAME]
"""

import argparse
import json
import os
import resource
import signal
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rtlib import TIMEOUT, Ctx, expect, run_tests, write  # noqa: E402

SRC = """#include <linux/io.h>
#include <linux/spinlock.h>
struct foo { spinlock_t lock; void __iomem *regs; };
void kick(struct foo *f)
{
	spin_lock(&f->lock);
	writel_relaxed(1, f->regs);
	spin_unlock(&f->lock);
}
"""
REFUSE_LINK = "is a symbolic link; refusing to write through it"

# The hostile name (bytes: it is not UTF-8) and what each format must show.
HOSTILE = b"q\"u'o<script>x&y\n%2::a,b\xff\x1b[31m.c"
AS_TEXT = b"q\"u'o<script>x&y?%2::a,b??[31m.c"
AS_JSON = b"\"q\\\"u'o<script>x&y\\n%2::a,b\xef\xbf\xbd\\u001B[31m.c\""     # jansson
AS_QUERY_JSON = b"\"q\\\"u'o<script>x&y\\n%2::a,b\\ufffd\\u001b[31m.c\""
AS_DECODED = "q\"u'o<script>x&y\n%2::a,b\ufffd\x1b[31m.c"
AS_URI = b"q%22u%27o%3Cscript%3Ex%26y%0A%252%3A%3Aa%2Cb%FF%1B%5B31m.c"
AS_GITHUB = b"q\"u'o<script>x&y%0A%252%3A%3Aa%2Cb\xef\xbf\xbd%1B[31m.c"
AS_HTML = b"q&quot;u&#39;o&lt;script&gt;x&amp;y\n%2::a,b\xef\xbf\xbd\xef\xbf\xbd[31m.c"
AS_CSV = b"\"q\"\"u'o<script>x&y?%2::a,b\xef\xbf\xbd?[31m.c\""


def run_bytes(c, args, cwd, preexec=None):
    """Run mmiocheck with bytes arguments; (status, stdout, stderr) as bytes."""
    cmd = [os.fsencode(c.mmiocheck)] + [a if isinstance(a, bytes) else os.fsencode(a) for a in args]
    p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=TIMEOUT,
                       preexec_fn=preexec)
    expect(p.returncode >= 0, "killed by signal %d: %r" % (-p.returncode, cmd), p.returncode, None,
           p.stderr.decode("utf-8", "replace"))
    return p.returncode, p.stdout, p.stderr


def make_db(c, d, copies=1):
    """Analyze a file with `copies` functions, each with a finding, into
    d/f.db; the db path."""
    body = SRC + "".join(SRC.split("\n", 3)[3].replace("kick", "kick%d" % i) for i in range(1, copies))
    src = write(os.path.join(d, "drv.c"), body)
    db = os.path.join(d, "f.db")
    status, out, err = c.analyze(d, [src], db, ["--model", "contract", "--source-root", d])
    expect(status == 1, "the fixture has a finding", status, out, err)
    return db


def read(path):
    with open(path, "rb") as f:
        return f.read()


def listing(d):
    """The files of d, without SQLite's -wal/-shm of the database read."""
    return sorted(n for n in os.listdir(d) if not n.endswith(("-wal", "-shm")))


def expect_refused(c, d, args, shown, reason, what):
    """args must exit 2 with exactly 'mmiocheck: SHOWN: REASON' and write nothing."""
    before = listing(d)
    status, out, err = c.run(args, d)
    expect(status == 2, "%s: exit 2" % what, status, out, err)
    expect("mmiocheck: %s: %s\n" % (shown, reason) in err, "%s: says 'mmiocheck: %s: %s'" % (what, shown, reason),
           status, out, err)
    expect(listing(d) == before, "%s: nothing created next to it: %s" % (what, listing(d)))


def t_symlinks(c):
    """Every writer refuses a symbolic link as the file or on the way."""
    d = c.fresh_dir("symlinks")
    db = make_db(c, d)
    os.makedirs(os.path.join(d, "elsewhere"))
    victim = write(os.path.join(d, "elsewhere", "victim.txt"), "precious\n")
    os.symlink("elsewhere/victim.txt", os.path.join(d, "link.out"))
    os.symlink("elsewhere", os.path.join(d, "dirlink"))
    os.symlink("nowhere/at/all", os.path.join(d, "dangling"))
    os.makedirs(os.path.join(d, "real", "sub"))
    os.symlink("../elsewhere", os.path.join(d, "real", "up"))
    for fmt in ("text", "json", "sarif", "github", "gitlab", "html"):
        rep = ["report", "--db", db, "--format", fmt, "-o"]
        expect_refused(c, d, rep + ["link.out"], "link.out", REFUSE_LINK, "%s to a link to a file" % fmt)
        expect_refused(c, d, rep + ["dangling"], "dangling", REFUSE_LINK, "%s to a dangling link" % fmt)
        expect_refused(c, d, rep + ["dirlink/r.out"], "dirlink/r.out", "dirlink " + REFUSE_LINK,
                       "%s through a linked directory" % fmt)
        expect_refused(c, d, rep + ["real/up/r.out"], "real/up/r.out", "real/up " + REFUSE_LINK,
                       "%s through a linked subdirectory" % fmt)
        absolute = os.path.join(d, "dirlink", "sub", "r.out")
        expect_refused(c, d, rep + [absolute], absolute, os.path.join(d, "dirlink") + " " + REFUSE_LINK,
                       "%s through a linked directory, absolute path" % fmt)
        expect_refused(c, d, rep + ["real"], "real", "is a directory", "%s to a directory" % fmt)
        expect(os.listdir(os.path.join(d, "elsewhere")) == ["victim.txt"] and read(victim) == b"precious\n",
               "%s: the link targets are untouched" % fmt)
    os.mkfifo(os.path.join(d, "real", "fifo"))
    expect_refused(c, d, ["report", "--db", db, "-o", "real/fifo"], "real/fifo", "not a regular file", "a FIFO")
    expect_refused(c, d, ["diff", "--db", db, "--baseline", db, "-o", "link.out"], "link.out", REFUSE_LINK,
                   "diff -o a link")
    expect_refused(c, d, ["fix", "--db", db, "-o", "dirlink/x.diff"], "dirlink/x.diff", "dirlink " + REFUSE_LINK,
                   "fix -o through a linked directory")
    expect(read(victim) == b"precious\n", "the victim file is untouched")
    # The same paths without links are written, and nothing else is left.
    status, out, err = c.run(["report", "--db", db, "--format", "sarif", "-o", "real/sub/./r.sarif"], d)
    expect(status == 0 and json.loads(read(os.path.join(d, "real", "sub", "r.sarif")))["version"] == "2.1.0",
           "a plain path is written", status, out, err)
    expect(sorted(os.listdir(os.path.join(d, "real", "sub"))) == ["r.sarif"], "no temporary file left",
           os.listdir(os.path.join(d, "real", "sub")))
    old = write(os.path.join(d, "real", "old.txt"), "old\n")
    status, out, err = c.run(["report", "--db", db, "-o", old], d)
    expect(status == 0 and read(old).startswith(b"drv.c:7:2: warning: "), "an existing file is replaced",
           status, out, err)


FSIZE_LIMIT = 40000    # above SQLite's 32 KiB -shm of the database read, below the report


def limit_file_size():
    """In the child: files of at most FSIZE_LIMIT bytes, and EFBIG instead of SIGXFSZ."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (FSIZE_LIMIT, FSIZE_LIMIT))


def t_half_written(c):
    """A report that fails while being written leaves the old file as it was."""
    d = c.fresh_dir("half-written")
    db = make_db(c, d, copies=40)
    status, out, err = run_bytes(c, ["report", "--db", db, "--format", "html"], d)
    expect(len(out) > 2 * FSIZE_LIMIT, "the page is larger than the limit (%d bytes)" % len(out))
    out_dir = os.path.join(d, "out")
    old = write(os.path.join(out_dir, "r.html"), "the previous report\n")
    status, out, err = run_bytes(c, ["report", "--db", db, "--format", "html", "-o", old], d, limit_file_size)
    expect(status == 2, "a failed write: exit 2", status, out, err)
    expect(("mmiocheck: %s: cannot write" % old).encode() in err, "the message names the file", status, out, err)
    expect(read(old) == b"the previous report\n", "the old report is untouched")
    expect(os.listdir(out_dir) == ["r.html"], "no temporary file left: %s" % os.listdir(out_dir))


def hostile_tree(c):
    """A tree with one hostile-named file with a finding, analyzed into h.db."""
    d = c.fresh_dir("hostile-names")
    with open(os.path.join(os.fsencode(d), HOSTILE), "w") as f:
        f.write(SRC)
    db = os.path.join(d, "h.db")
    status, out, err = run_bytes(c, ["--db", db, "--model", "contract", HOSTILE, "--", "-I", c.include], d)
    expect(status == 1, "the hostile file is analyzed", status, out, err)
    return d, db, out


def finding_lines(out):
    return [l for l in out.split(b"\n") if b"MMIO001" in l]


def t_hostile_names(c):
    """The hostile name, escaped exactly, in every format."""
    d, db, analyze_text = hostile_tree(c)
    status, out, err = run_bytes(c, ["--no-db", "--format", "json", "--model", "contract", HOSTILE, "--",
                                     "-I", c.include], d)
    doc = json.loads(out)
    msg = doc["findings"][0]["message"].encode()
    expect(doc["findings"][0]["file"] == AS_DECODED and b"\"file\": " + AS_JSON in out,
           "analyze json: the name as a JSON string (U+FFFD for the bad byte)", status, out, err)
    want_text = AS_TEXT + b":7:2: warning: " + msg + b" (model: contract) [MMIO001]"
    expect(finding_lines(analyze_text) == [want_text], "analyze text: one line, exactly", None, analyze_text)
    expect(analyze_text.count(b"\n") == 4 and analyze_text.startswith(AS_TEXT + b":"),
           "analyze text: the finding and its 3 trace notes, one line each", None, analyze_text)
    reports = {}
    for fmt in ("text", "json", "sarif", "github", "gitlab", "html"):
        status, out, err = run_bytes(c, ["report", "--db", db, "--format", fmt], d)
        expect(status == 0, "report %s: exit 0" % fmt, status, out, err)
        reports[fmt] = out
    expect(reports["text"] == analyze_text, "report text = analyze text", None, reports["text"])
    rj = json.loads(reports["json"])
    expect(rj["findings"][0]["file"] == AS_DECODED and rj["files"][0]["path"] == AS_DECODED
           and reports["json"].count(AS_JSON) == 10, "report json: file, path, site, 3 trace files and"
           " the chain's file and 3 trace files", None, reports["json"])
    sarif = json.loads(reports["sarif"])
    uris = [loc["physicalLocation"]["artifactLocation"]["uri"] for r in sarif["runs"][0]["results"]
            for loc in r["locations"]]
    expect(uris == [AS_URI.decode()] and reports["sarif"].count(b"\"uri\": \"" + AS_URI + b"\"") >= 4,
           "sarif: the name percent-encoded in every artifactLocation", None, reports["sarif"][-3000:])
    gh = finding_lines(reports["github"])
    want_gh = (b"::warning file=" + AS_GITHUB + b",line=7,col=2,endLine=7,title=MMIO001 unordered-release::"
               + msg + b" (models: contract)")
    expect(gh == [want_gh], "github: properties escaped, one line", None, reports["github"])
    gl = json.loads(reports["gitlab"])
    expect(gl[0]["location"]["path"] == AS_DECODED and b"\"path\": " + AS_JSON in reports["gitlab"],
           "gitlab: the name as a JSON string", None, reports["gitlab"])
    html = reports["html"]
    expect(b"<h2>" + AS_HTML + b"</h2>" in html and b'data-file="' + AS_HTML + b'"' in html,
           "html: the name escaped in the heading and the attribute", None, html[:3000])
    expect(b"<script>x" not in html and b"\x1b" not in html and b"\xff" not in html,
           "html: no raw markup, ESC or invalid byte from the name")
    html.decode("utf-8")    # raises if the page is not valid UTF-8
    for fmt, want in (("table", AS_TEXT), ("csv", AS_CSV), ("json", AS_QUERY_JSON)):
        status, out, err = run_bytes(c, ["query", "--db", db, "--format", fmt], d)
        expect(status == 0 and want in out, "query %s: the name as %r" % (fmt, want), status, out, err)
        out.decode("utf-8")
    status, out, err = run_bytes(c, ["query", "--db", db, "--format", "table"], d)
    rows = out.split(b"\n")
    expect(len(rows) == 4 and rows[2] == b"(1 row)" and b"\x1b" not in out, "query table: one line per row",
           status, out, err)
    status, out, err = run_bytes(c, ["query", "--db", db, "--format", "json"], d)
    expect(json.loads(out)[0]["path"] == AS_DECODED, "query json decodes to the name", status, out, err)


TESTS = [t_symlinks, t_half_written, t_hostile_names]


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
