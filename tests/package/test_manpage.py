#!/usr/bin/env python3
"""The man page and --help list the same options for every command.

    test_manpage.py --mmiocheck BUILD/mmiocheck --man BUILD/mmiocheck.1

The commands come from `mmiocheck help`; each one's options from
`mmiocheck COMMAND --help` (the spec part of every "  -x, --long ARG  text"
line) and from the page's subsection `.SS "mmiocheck COMMAND"` (the line
after every .TP).  The page is generated from the help texts
(packaging/mkman.py); this guards the generator and the build rule that
regenerates it.  With groff installed, the page must also render without a
warning.  Exit 1 on any difference.
"""

import argparse
import re
import shutil
import subprocess
import sys

OPTION = re.compile(r"(?<![\w-])(--?[A-Za-z][\w-]*)")


def run(binary, args):
    return subprocess.run([binary] + args, stdout=subprocess.PIPE, check=True, timeout=60).stdout.decode()


def commands(binary):
    body = run(binary, ["help"]).split("commands:\n", 1)[1]
    names = []
    for line in body.splitlines():
        m = re.match(r"^  (\S+)\s", line)
        if not m:
            break
        names.append(m.group(1))
    return [n for n in names if n != "help"]


def help_options(binary, verb):
    opts = set()
    for line in run(binary, [verb, "--help"]).splitlines():
        if line.startswith("  -"):
            spec = re.split(r" {2,}", line.strip(), maxsplit=1)[0]
            opts.update(o for o in OPTION.findall(spec))
    return opts


def man_sections(page):
    """{command: [lines of its .SS subsection]}."""
    out, cur = {}, None
    for line in page.splitlines():
        m = re.match(r'^\.SS "mmiocheck (\S+)"$', line)
        if m:
            cur = out.setdefault(m.group(1), [])
        elif line.startswith(".SH") or line.startswith(".SS"):
            cur = None
        elif cur is not None:
            cur.append(line)
    return out


def man_options(lines):
    opts = set()
    for i, line in enumerate(lines[:-1]):
        if line == ".TP":
            tag = re.sub(r"\\f[BIR]", "", lines[i + 1]).replace("\\-", "-")
            opts.update(OPTION.findall(tag))
    return opts


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mmiocheck", required=True)
    ap.add_argument("--man", required=True)
    opts = ap.parse_args()
    with open(opts.man) as f:
        page = f.read()
    sections = man_sections(page)
    failed = 0
    verbs = commands(opts.mmiocheck)
    for verb in verbs:
        want = help_options(opts.mmiocheck, verb)
        got = man_options(sections.get(verb, []))
        ok = verb in sections and want == got and "--help" in want
        failed += not ok
        print("%-8s %s  %d options%s" % (verb, "PASS" if ok else "FAIL", len(want),
                                         "" if ok else ": --help only %s, man page only %s%s" % (
                                             sorted(want - got), sorted(got - want),
                                             "" if verb in sections else " (no section)")))
    extra = sorted(set(sections) - set(verbs))
    if extra:
        failed += 1
        print("FAIL the man page has sections for commands `help` does not list: %s" % extra)
    if shutil.which("groff"):
        p = subprocess.run(["groff", "-man", "-Tutf8", "-ww", "-z", opts.man], stderr=subprocess.PIPE, timeout=60)
        warnings = p.stderr.decode()
        failed += bool(warnings or p.returncode)
        print("groff    %s%s" % ("PASS" if not warnings and not p.returncode else "FAIL", warnings and ": " + warnings))
    print("%d commands, %d failed" % (len(verbs), failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
