#!/bin/sh
# run_fuzz.sh HARNESS SEED_CORPUS WORK_DIR SECONDS
#
# Run a libFuzzer harness (tests/fuzz/README.md) for SECONDS: first every
# committed seed once (a regression test: crashes found earlier are in the
# corpus), then fuzzing from a scratch copy of the corpus so the committed
# one is never written.  A crash, leak, timeout (10 s per input) or memory
# use over 2 GB fails the test; the input is left in WORK_DIR/artifacts/.
set -eu
harness=$1 seeds=$2 work=$3 seconds=$4
[ -x "$harness" ] || { echo "run_fuzz.sh: $harness: not built" >&2; exit 2; }
n=$(find "$seeds" -type f | wc -l)
[ "$n" -gt 0 ] || { echo "run_fuzz.sh: $seeds: empty seed corpus" >&2; exit 2; }
rm -rf "$work"
mkdir -p "$work/corpus" "$work/artifacts"
opts="-timeout=10 -rss_limit_mb=2048 -artifact_prefix=$work/artifacts/ -print_final_stats=1"
echo "== $n seeds, once each"
find "$seeds" -type f -print0 | xargs -0 "$harness" $opts -runs=1 >"$work/seeds.log" 2>&1 ||
    { tail -40 "$work/seeds.log"; echo "run_fuzz.sh: a seed input fails" >&2; exit 1; }
echo "== fuzzing for $seconds s"
status=0
"$harness" $opts -max_total_time="$seconds" "$work/corpus" "$seeds" >"$work/fuzz.log" 2>&1 || status=$?
grep -E "^#[0-9]+.*(DONE|pulse)|stat::number_of_executed_units|stat::peak_rss_mb|cov:" "$work/fuzz.log" | tail -4
if [ "$status" -ne 0 ]; then
    tail -60 "$work/fuzz.log"
    echo "run_fuzz.sh: the fuzzer found a failure (exit $status); inputs in $work/artifacts/" >&2
    exit 1
fi
