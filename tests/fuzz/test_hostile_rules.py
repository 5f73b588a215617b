#!/usr/bin/env python3
"""Hostile rules files are refused with file, line and reason.

    test_hostile_rules.py --mmiocheck PATH --tests DIR --work DIR [--write-corpus]

Each case is a rules file given with --rules to a real analysis; it must
exit 2 with exactly one line on stderr, "mmiocheck: FILE:LINE: reason",
print nothing on stdout and create no database.  Cases: wrong types, huge
and out-of-range numbers, deep nesting, invalid UTF-8, NUL bytes, a file
over the size limit, JSON syntax errors.  --write-corpus also stores the
small cases as fuzz seeds in tests/fuzz/corpus/rules/hostile_<name>.json.
"""

import argparse
import json
import os
import resource
import subprocess
import sys

HEAD = b'{"mmiocheck_rules": 1,\n'
API = b'  {"name": "foo_lock", "op": "acquire", "kind": "spinlock",\n'

# (name, file bytes, line, reason)
CASES = [
    ("wrong_string", HEAD + b' "lock_kinds": [\n  {"name": 42}\n ]\n}\n', 3, "field 'name' must be a string"),
    ("wrong_bool", HEAD + b' "lock_kinds": [\n  {"name": "k",\n   "hooked": "yes"}\n ]\n}\n', 4,
     "field 'hooked' must be true or false"),
    ("wrong_list", HEAD + b' "lock_apis": {"name": "x"}\n}\n', 2, "'lock_apis' must be a list"),
    ("entry_not_object", HEAD + b' "lock_apis": [\n  "spin_lock"\n ]\n}\n', 2,
     "'lock_apis' entry 0 must be an object"),
    ("version_string", b'{"mmiocheck_rules": "1"}\n', 1, 'missing or unsupported "mmiocheck_rules" (must be 1)'),
    ("real_for_int", HEAD + b' "accessors": [\n  {"name": "w", "dir": "write", "class": "full",\n'
     b'   "width": 32.5}\n ]\n}\n', 4, "field 'width' must be an integer in 0..128"),
    ("huge_int", HEAD + b' "lock_apis": [\n' + API + b'   "lock_arg": 99999999999999999999999999}\n ]\n}\n', 4,
     "integer too large (it does not fit in 64 bits)"),
    ("huge_negative_int", HEAD + b' "lock_apis": [\n' + API + b'   "lock_arg": -99999999999999999999999}\n ]\n}\n',
     4, "integer too large (it does not fit in 64 bits)"),
    ("int64_max", HEAD + b' "lock_apis": [\n' + API + b'   "lock_arg": 9223372036854775807}\n ]\n}\n', 4,
     "field 'lock_arg' must be an integer in -1..16"),
    ("int64_min", HEAD + b' "lock_apis": [\n' + API + b'   "lock_arg": -9223372036854775808}\n ]\n}\n', 4,
     "field 'lock_arg' must be an integer in -1..16"),
    ("huge_real", HEAD + b' "accessors": [\n  {"name": "w", "dir": "write", "class": "full", "width": 1e999}\n'
     b' ]\n}\n', 3, "number too large (it overflows a double) near '1e999'"),
    ("deep_nesting", HEAD + b' "comment": ' + b"[" * 5000 + b"]" * 5000 + b"}\n", 2,
     "nested too deeply (more than 2048 levels) near '['"),
    ("deep_wrong_type", HEAD + b' "lock_kinds": [\n  {"name": "k", "description": ' + b"[" * 1000 +
     b"]" * 1000 + b"}]}\n", 3, "field 'description' must be a string"),
    ("invalid_utf8", HEAD + b' "comment": "ok",\n "lock_wrappers": ["foo_\xff_lock"]\n}\n', 3,
     "invalid UTF-8 (byte 0xff at column 25)"),
    ("overlong_utf8", HEAD + b'\n "lock_wrappers": ["foo_\xc0\xaf"]\n}\n', 3, "invalid UTF-8 (byte 0xc0 at column 25)"),
    ("truncated_utf8", HEAD + b' "comment": "\xe2\x82', 2, "invalid UTF-8 (byte 0xe2 at column 14)"),
    ("utf16_bom", b"\xff\xfe{\x00}\x00", 1, "invalid UTF-8 (byte 0xff at column 1)"),
    ("surrogate_escape", HEAD + b' "lock_wrappers": ["\\ud800"]\n}\n', 2, "invalid Unicode '\\uD800' near '\"\\ud800\"'"),
    ("nul_byte", HEAD + b' \x00 }\n', 2, "NUL byte (0x00) at column 2: not a text file"),
    ("nul_escape", HEAD + b' "lock_wrappers": [\n  "foo\\u0000lock"]\n}\n', 3,
     "\\u0000 (NUL) is not allowed in a string near '\"foo\\u0000lock\"'"),
    ("duplicate_key", HEAD + b' "lock_wrappers": [],\n "lock_wrappers": []\n}\n', 3,
     "duplicate object key near '\"lock_wrappers\"'"),
    ("empty", b"", 1, "'[' or '{' expected near end of file"),
    ("toplevel_array", b"[1, 2]\n", 1, "a rules file must be a JSON object"),
    ("trailing_garbage", b'{"mmiocheck_rules": 1}\n}\n', 2, "end of file expected near '}'"),
    ("unknown_field", HEAD + b' "lock_apis": [\n' + API + b'   "lock_agr": 0}\n ]\n}\n', 4,
     "lock api: unknown field 'lock_agr'"),
    ("width_24", HEAD + b' "accessors": [\n  {"name": "w24", "dir": "write", "class": "full",\n   "width": 24}\n'
     b' ]\n}\n', 4, "accessor 'w24': width 24 is not 8, 16, 32 or 64 (or 0 for string forms)"),
    ("empty_accessor_name", HEAD + b' "accessors": [\n  {"name": "", "dir": "write", "class": "full", "width": 32}\n'
     b' ]\n}\n', 3, "field 'name' must not be empty"),
    ("empty_lock_api_name", HEAD + b' "lock_apis": [\n  {"name": "", "op": "acquire", "kind": "spinlock"}\n ]\n}\n', 3,
     "field 'name' must not be empty"),
    ("accessor_class_conflict", HEAD + b' "accessors": [\n  {"name": "writel", "dir": "write", "class": "relaxed",'
     b' "width": 32}\n ]\n}\n', 3, "accessor 'writel' is already defined with class 'full'; a second definition"
     " with class 'relaxed' needs \"override\": true"),
    ("too_large", HEAD + b' "lock_wrappers": ["' + b"x" * (17 << 20) + b'"]}\n', 1,
     "too large for a rules file ({size} bytes; the limit is 16 MiB)"),
]

CORPUS_MAX = 64 * 1024


def accessors_file(path, n):
    """A rules file of n distinct accessors (and each defined twice: the
    second definition, same class, replaces the first)."""
    with open(path, "w") as f:
        f.write('{"mmiocheck_rules": 1,\n "accessors": [\n')
        f.write(",\n".join('  {"name": "gen_write%d", "dir": "write", "class": "full", "width": 32}' % (i % n)
                            for i in range(2 * n)))
        f.write("\n ]\n}\n")


def load_seconds(mmiocheck, path):
    """Best of 3 CPU seconds of `mmiocheck rules --rules path`, and its output."""
    best, out = None, b""
    for _ in range(3):
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        p = subprocess.run([mmiocheck, "rules", "--rules", path], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=600)
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime
        best = cpu if best is None else min(best, cpu)
        out = p.stdout + p.stderr
    return best, out


def shipped_accessors():
    """How many accessors the shipped rules define (rules/accessors.json)."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "rules", "accessors.json")
    with open(path) as f:
        return len(json.load(f)["accessors"])


def loader_is_linear(mmiocheck, work):
    """Loading 4x the accessors takes about 4x the time, not 16x: the time
    over an empty file's, for 20,000 and 80,000 names (each twice)."""
    empty = os.path.join(work, "scale-0.json")
    with open(empty, "w") as f:
        f.write('{"mmiocheck_rules": 1}\n')
    base, _ = load_seconds(mmiocheck, empty)
    times = {}
    for n in (20000, 80000):
        path = os.path.join(work, "scale-%d.json" % n)
        accessors_file(path, n)
        times[n], out = load_seconds(mmiocheck, path)
        os.unlink(path)
        if b"%d accessors" % (n + shipped_accessors()) not in out:
            print("%-20s FAIL  %d accessors not loaded: %r" % ("loader_linear", n, out[:300]))
            return False
    small, large = max(times[20000] - base, 0.01), times[80000] - base
    ok = large / small < 8
    print("%-20s %s  (%.2f s for 20,000, %.2f s for 80,000 over %.2f s start: ratio %.1f, linear 4, quadratic 16)"
          % ("loader_linear", "PASS" if ok else "FAIL", small, large, base, large / small))
    return ok


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--mmiocheck", required=True)
    ap.add_argument("--tests", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--write-corpus", action="store_true")
    args = ap.parse_args()
    os.makedirs(args.work, exist_ok=True)
    src = os.path.join(args.tests, "cases", "mmio004_no_lock.c")
    failures = 0
    for name, data, line, reason in CASES:
        path = os.path.join(args.work, name + ".json")
        with open(path, "wb") as f:
            f.write(data)
        if args.write_corpus and len(data) <= CORPUS_MAX:
            with open(os.path.join(args.tests, "fuzz", "corpus", "rules", "hostile_" + name + ".json"), "wb") as f:
                f.write(data)
        db = os.path.join(args.work, name + ".db")
        if os.path.exists(db):
            os.unlink(db)  # from an earlier run of the test
        p = subprocess.run([args.mmiocheck, "--db", db, "--rules", path, src, "--", "-I",
                            os.path.join(args.tests, "include")],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
        err = p.stderr.decode("utf-8", "replace")
        want = "mmiocheck: %s:%d: %s\n" % (path, line, reason.replace("{size}", str(len(data))))
        problems = []
        if p.returncode != 2:
            problems.append("exit %d, expected 2" % p.returncode)
        if err != want:
            problems.append("stderr %r\n      expected %r" % (err[:300], want))
        if p.stdout:
            problems.append("stdout not empty: %r" % p.stdout[:200])
        if os.path.exists(db):
            problems.append("a database was created")
        print("%-20s %s" % (name, "FAIL" if problems else "PASS"))
        for pr in problems:
            print("    " + pr)
        failures += bool(problems)
        os.unlink(path)
    failures += not loader_is_linear(args.mmiocheck, args.work)
    print("%d cases, %d failed" % (len(CASES) + 1, failures))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
