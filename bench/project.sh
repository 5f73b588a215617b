#!/usr/bin/env bash
# bench/project.sh - interprocedural benchmark: a generated project of
# FILES files and FUNCS functions in total, with call chains inside and
# across files.  Prints
#   * clang-19 -fsyntax-only over every file (one invocation),
#   * mmiocheck over the whole project in one invocation (one program,
#     summaries across files), with its database,
#   * mmiocheck on one changed file against that database (its callers in
#     other files are re-checked when its summaries changed),
# and the ratios.  Not a test.
#
#   bench/project.sh [BUILD_DIR] [FILES] [FUNCS]     (default build/ 200 20000)
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build}
FILES=${2:-200}
FUNCS=${3:-20000}
MC=$BUILD/mmiocheck
CLANG=${CLANG:-clang-19}
OUT=bench/out/project
rm -rf "$OUT"
python3 bench/gen_project.py "$FILES" $((FUNCS / FILES)) "$OUT/src"
INC="-I tests/include -I $OUT/src -w"

now() { python3 -c 'import time; print(time.perf_counter())'; }
t0=$(now)
$CLANG -fsyntax-only $INC "$OUT"/src/*.c
t1=$(now)
"$MC" --db "$OUT/proj.db" "$OUT"/src/*.c -- $INC > "$OUT/full.txt" 2>&1 || true
t2=$(now)
# change one leaf helper's accessor (its summary changes: callers re-checked)
sed -i '0,/writel(v, d->regs + off);/s//writel_relaxed(v, d->regs + off);/' "$OUT/src/p$(printf %03d $((FILES / 2))).c"
"$MC" --db "$OUT/proj.db" "$OUT/src/p$(printf %03d $((FILES / 2))).c" -- $INC > "$OUT/one.txt" 2>&1 || true
t3=$(now)
python3 - "$t0" "$t1" "$t2" "$t3" "$FILES" "$FUNCS" "$OUT" <<'PY'
import sys
t0, t1, t2, t3 = map(float, sys.argv[1:5])
files, funcs, out = sys.argv[5], sys.argv[6], sys.argv[7]
clang, full, one = t1 - t0, t2 - t1, t3 - t2
findings = sum(1 for l in open(out + "/full.txt") if "] " in l or l.rstrip().endswith("]"))
print("project: %s files, %s functions, %d diagnostic lines" % (files, funcs, findings))
print("clang -fsyntax-only (all files):%8.2f s" % clang)
print("mmiocheck whole project:        %8.2f s   ratio %.2fx" % (full, full / clang))
print("mmiocheck one changed file:     %8.2f s   %.1f%% of the full run" % (one, 100 * one / full))
print(open(out + "/one.txt").read().strip().splitlines()[-1:] or "")
PY
