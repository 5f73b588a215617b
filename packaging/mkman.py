#!/usr/bin/env python3
"""Generate the mmiocheck(1) man page from the binary's own help texts.

    mkman.py --mmiocheck BUILD/mmiocheck --template packaging/mmiocheck.1.in -o BUILD/mmiocheck.1

`mmiocheck help` names the commands (the one table of verbs in
analyzer/cli/main.c); `mmiocheck COMMAND --help` gives each command's text,
which becomes its subsection under COMMANDS, option by option.  The prose
around it (description, environment, files, exit status, examples) is the
template.  So the page and --help cannot disagree: both are the same text.
"""

import argparse
import re
import subprocess
import sys


def run(binary, args):
    p = subprocess.run([binary] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
    if p.returncode != 0:
        sys.exit("mkman.py: %s %s exited %d: %s" % (binary, " ".join(args), p.returncode,
                                                    p.stderr.decode("utf-8", "replace")))
    return p.stdout.decode("utf-8")


def verbs(binary):
    """(name, summary) of every command `mmiocheck help` lists, but help."""
    text = run(binary, ["help"])
    body = text.split("commands:\n", 1)[1]
    out = []
    for line in body.splitlines():
        m = re.match(r"^  (\S+)\s+(.*)$", line)
        if not m:
            break
        if m.group(1) != "help":
            out.append((m.group(1), m.group(2)))
    return out


def esc(text):
    """Roff-escape running text: backslashes, hyphens, a leading . or '."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return "\\&" + text if text[:1] in (".", "'") else text


def option_spec(spec):
    """"-o, --output FILE" -> bold option names, italic arguments."""
    parts = []
    for word in re.split(r"(\s+|,\s*)", spec):
        if not word or word.isspace() or word.strip() == ",":
            parts.append(esc(word))
        elif word.startswith("-"):
            parts.append("\\fB" + esc(word) + "\\fR")
        else:
            parts.append("\\fI" + esc(word) + "\\fR")
    return "".join(parts)


def desc_column(lines):
    """Where option descriptions start: the column after the first gap of
    two or more spaces, the most common one over the option lines."""
    counts = {}
    for line in lines:
        g = re.match(r"^(  -.*?\S)( {2,})\S", line)
        if g:
            col = len(g.group(1)) + len(g.group(2))
            counts[col] = counts.get(col, 0) + 1
    return max(counts, key=lambda c: (counts[c], -c)) if counts else None


def split_option(line, col):
    """An option line into (spec, description).  A spec may run up to the
    description column with one space before it; a longer one is ended by
    two spaces."""
    if line[col - 1:col] == " ":
        return line[2:col].strip(), line[col:].strip()
    m = re.match(r"^  (.*?\S)(?: {2,}(.*))?$", line)
    return m.group(1), (m.group(2) or "").strip()


def help_to_roff(text):
    """One command's --help text as roff: usage lines verbatim, option lines
    as tagged paragraphs (.TP) with their continuation lines, the rest as
    paragraphs."""
    lines = text.rstrip("\n").split("\n")
    col = desc_column([l for l in lines if l.startswith("  -")])
    out, i = [], 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("usage: "):
            out.append(".nf")
            while i < len(lines) and (lines[i].startswith("usage: ") or lines[i].startswith("       ")):
                out.append(esc(lines[i]))
                i += 1
            out.append(".fi")
            continue
        if not line.strip():
            out.append(".PP")
        elif line.startswith("  -") and col:
            spec, desc = split_option(line, col)
            while i + 1 < len(lines) and lines[i + 1].startswith(" " * col) and lines[i + 1].strip():
                i += 1
                desc += " " + lines[i].strip()
            out += [".TP", option_spec(spec), esc(desc)]
        else:
            out.append(esc(line.strip()))
        i += 1
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mmiocheck", required=True)
    ap.add_argument("--template", required=True)
    ap.add_argument("-o", dest="output", required=True)
    opts = ap.parse_args()

    version = run(opts.mmiocheck, ["--version"]).split()[-1]
    sections = []
    for name, summary in verbs(opts.mmiocheck):
        sections.append('.SS "mmiocheck %s"\n%s\n.PP\n%s' % (name, esc(summary) + ".",
                                                          help_to_roff(run(opts.mmiocheck, [name, "--help"]))))
    with open(opts.template) as f:
        page = f.read()
    page = page.replace("@VERSION@", version).replace("@COMMANDS@", "\n".join(sections))
    with open(opts.output, "w") as f:
        f.write(page)
    return 0


if __name__ == "__main__":
    sys.exit(main())
