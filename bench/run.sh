#!/usr/bin/env bash
# bench/run.sh - time mmiocheck against `clang-19 -fsyntax-only` on the same
# translation units and print the ratios.  Not a test: numbers, not asserts.
#
#   bench/run.sh [BUILD_DIR]     (default build/)
#
# Inputs: the test cases concatenated into one file, and generated files with
# 1,000 / 2,500 / 5,000 driver-style functions (linearity).  Each command runs
# REPEAT times (default 5); the minimum wall time is reported.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build}
MC=$BUILD/mmiocheck
CLANG=${CLANG:-clang-19}
REPEAT=${REPEAT:-5}
OUT=bench/out
mkdir -p "$OUT"
INC="-I tests/include -w"

python3 bench/gen.py cases tests/cases "$OUT/cases_all.c"
for n in 1000 2500 5000; do
    python3 bench/gen.py functions "$n" "$OUT/fn_$n.c"
done

best() {  # best-of-REPEAT wall seconds of a command
    python3 - "$REPEAT" "$@" <<'PY'
import subprocess, sys, time
rep = int(sys.argv[1]); cmd = sys.argv[2:]
best = None
for _ in range(rep):
    t = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    dt = time.perf_counter() - t
    best = dt if best is None or dt < best else best
print("%.4f" % best)
PY
}

# default models (contract,ppc64-legacy + generic as MMIO002's reference) and all ten
printf "%-16s %9s %9s %7s %9s %7s %9s\n" input clang_s mmio_s ratio all_s ratio_all functions
for f in "$OUT/cases_all.c" "$OUT/fn_1000.c" "$OUT/fn_2500.c" "$OUT/fn_5000.c"; do
    c=$(best $CLANG -fsyntax-only $INC "$f")
    m=$(best "$MC" --no-db "$f" -- $INC)
    a=$(best "$MC" --no-db --model all "$f" -- $INC)
    nf=$(grep -c '^[a-z].*(.*)$' "$f" || true)
    printf "%-16s %9s %9s %7s %9s %7s %9s\n" "$(basename "$f")" "$c" "$m" \
        "$(python3 -c "print('%.2f' % ($m / $c))")" "$a" "$(python3 -c "print('%.2f' % ($a / $c))")" "$nf"
done
