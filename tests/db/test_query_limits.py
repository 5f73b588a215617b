#!/usr/bin/env python3
"""`query --sql` cannot hang or exhaust memory.

    test_query_limits.py --mmiocheck PATH --tests DIR --work DIR [--clang PATH]

An endless recursive CTE stops with "query stopped after N s
(--max-seconds)" within the limit (default 5 s, and --max-seconds 1);
`| head -1` ends the query at once (SIGPIPE, and EPIPE when SIGPIPE is
ignored); a table of more than 100,000 rows is refused (CSV streams them);
a value over 16 MiB is refused; --max-seconds rejects bad values; --run
and --since reject out-of-range values (an id over 2^63, 30 February).  Each
time is measured against a trivial query's, so a loaded machine does not
make it flaky.
"""

import argparse
import os
import shutil
import signal
import subprocess
import sys
import time

FAILURES = []
ENDLESS = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT x FROM c"


def check(name, cond, detail=""):
    print("%-40s %s%s" % (name, "PASS" if cond else "FAIL", "" if cond else "  " + str(detail)[:300]))
    if not cond:
        FAILURES.append(name)


def timed(argv, pipe_to_head=False, ignore_pipe=False):
    """(exit status, stdout, stderr, seconds) of argv, maybe piped into head -1."""
    pre = (lambda: signal.signal(signal.SIGPIPE, signal.SIG_IGN)) if ignore_pipe else None
    t0 = time.monotonic()
    if pipe_to_head:
        p = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=pre)
        h = subprocess.Popen(["head", "-1"], stdin=p.stdout, stdout=subprocess.PIPE)
        p.stdout.close()
        out = h.communicate(timeout=60)[0]
        err = p.stderr.read()
        p.wait(timeout=60)
        return p.returncode, out, err.decode(), time.monotonic() - t0
    try:
        p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=30, preexec_fn=pre)
    except subprocess.TimeoutExpired:
        return None, b"", "timed out", time.monotonic() - t0
    return p.returncode, p.stdout, p.stderr.decode(), time.monotonic() - t0


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--mmiocheck", required=True)
    ap.add_argument("--tests", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--clang")
    args = ap.parse_args()
    mc = os.path.abspath(args.mmiocheck)
    work = os.path.abspath(args.work)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    db = os.path.join(work, "q.db")
    subprocess.run([mc, "--db", db, os.path.join(args.tests, "cases", "mmio004_no_lock.c"), "--", "-I",
                    os.path.join(args.tests, "include")], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    q = [mc, "query", "--db", db]
    base = min(timed(q + ["--sql", "SELECT 1"])[3] for _ in range(3))

    rc, out, err, secs = timed(q + ["--sql", ENDLESS, "--format", "csv"])
    check("endless_cte_default_limit", rc == 2 and "query stopped after 5.000 s (--max-seconds)" in err and
          secs < 5 + base + 3, (rc, err, secs))
    rc, out, err, secs = timed(q + ["--max-seconds", "1", "--format", "json", "--sql",
                                    "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) "
                                    "SELECT count(*) FROM c"])
    check("endless_count_max_seconds_1", rc == 2 and "query stopped after 1.000 s" in err and
          secs < 1 + base + 2, (rc, err, secs))
    for ignore in (False, True):
        rc, out, err, secs = timed(q + ["--format", "csv", "--sql", ENDLESS], pipe_to_head=True, ignore_pipe=ignore)
        check("head_1_stops%s" % ("_epipe" if ignore else ""), out == b"x\r\n" and secs < base + 2 and
              err == "", (rc, out, err, secs))
    rc, out, err, secs = timed(q + ["--sql", ENDLESS])
    check("table_row_limit", rc == 2 and "more than 100000 rows for a table" in err and out == b"" and
          secs < base + 4, (rc, err[:200], secs))
    rc, out, err, secs = timed(q + ["--format", "csv", "--sql",
                                    "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c WHERE x < 200000) "
                                    "SELECT x FROM c"])
    check("csv_streams_200000_rows", rc == 0 and out.count(b"\n") == 200001, (rc, err))
    rc, out, err, secs = timed(q + ["--sql", "SELECT length(zeroblob(17000000))"])
    check("value_over_16_MiB", rc == 2 and "string or blob too big" in err, (rc, err))
    rc, out, err, secs = timed(q + ["--sql", "SELECT length(zeroblob(16000000))"])
    check("value_under_16_MiB", rc == 0 and b"16000000" in out, (rc, err))
    for bad in ("-1", "x", "1e9", ""):
        rc, out, err, secs = timed(q + ["--max-seconds", bad, "--sql", "SELECT 1"])
        check("max_seconds_rejects_%r" % bad, rc == 2 and "bad --max-seconds" in err, (rc, err))
    for bad in ("99999999999999999999", "0", "-1"):
        for verb in (["query"], ["report"], ["fix"]):
            rc, out, err, secs = timed([mc] + verb + ["--db", db, "--run", bad])
            check("%s_run_%s_refused" % (verb[0], bad), rc == 2 and "bad" in err and bad in err, (rc, err))
    for bad in ("2024-13-01", "2024-02-30", "2023-02-29", "2024-04-31", "2024-01-01T24:00", "2024-01-01T23:60",
                "2024-01-01T23:59:60", "1969-12-31", "0000-00-00"):
        rc, out, err, secs = timed(q + ["--since", bad])
        check("since_%s_refused" % bad, rc == 2 and "bad --since" in err, (rc, err))
    for good in ("2024-02-29", "2024-01-01T23:59:59Z", "2024-12-31T00:00"):
        rc, out, err, secs = timed(q + ["--since", good])
        check("since_%s_taken" % good, rc == 0, (rc, err))
    print("%d failed" % len(FAILURES))
    sys.exit(1 if FAILURES else 0)


if __name__ == "__main__":
    main()
