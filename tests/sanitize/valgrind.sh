#!/usr/bin/env bash
# valgrind.sh BUILD_DIR - valgrind memcheck over the unit tests and a
# handful of mmiocheck runs (./dev.sh valgrind; docs/reliability.md).
#
# Every run is `valgrind --leak-check=full --error-exitcode=N` with the
# committed suppressions (tests/sanitize/valgrind.supp: libclang/LLVM
# internals only, each entry says why).  N is 1 for the unit tests (they
# exit 0) and 97 for mmiocheck, whose exit 1 means "findings".  Each run's
# log must also end with "ERROR SUMMARY: 0 errors"; any error, leak or
# unexpected exit status fails the script, which prints the log.
set -euo pipefail
build=$(cd "${1:-build}" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
tests=$(dirname "$here")
bin=$build/mmiocheck
work=$build/valgrind-work
rm -rf "$work" && mkdir -p "$work"
vg=(valgrind --tool=memcheck --leak-check=full --show-leak-kinds=definite,indirect,possible
    --errors-for-leak-kinds=definite,indirect,possible --track-origins=yes --num-callers=30
    --suppressions="$here/valgrind.supp" --gen-suppressions=all)
n=0 failed=0
start=$(date +%s)

# run WANT_STATUS ERROR_EXITCODE CMD... : one command under memcheck.
run() {
    local want=$1 code=$2 log status=0
    shift 2
    n=$((n + 1))
    log=$work/$n.log
    (cd "$work" && "${vg[@]}" --error-exitcode="$code" --log-file="$log" "$@" >"$work/$n.out" 2>"$work/$n.err") ||
        status=$?
    if [ "$status" -ne "$want" ] || ! grep -q "ERROR SUMMARY: 0 errors" "$log"; then
        echo "FAIL (exit $status, want $want): $*" >&2
        cat "$log" "$work/$n.err" >&2 || true
        failed=$((failed + 1))
    else
        echo "ok   $*"
    fi
}

# Unit tests: the store, rules, IR/engine, interproc, report golden output,
# and the frontend (libclang) ones.
for t in "$build"/tests/test_*; do
    if [ -x "$t" ]; then run 0 1 "$t"; fi
done

# Analyzer runs over tests/cases, each with libclang and the database.
inc=$tests/include cases=$tests/cases db=$work/vg.db
abs_bin=$bin
run 1 97 "$abs_bin" --db "$db" "$cases/mmio001_mlx4_doorbell.c" "$cases/mmio002_nested_inner_lock.c" -- -I "$inc"
run 1 97 "$abs_bin" --db "$db" --model all "$cases/ip_tg3_write_ops.c" "$cases/cf_goto_error_chain.c" -- -I "$inc"
run 1 97 "$abs_bin" --db "$db" --format json "$cases/ip_guard_scope.c" -- -I "$inc"
run 2 97 "$abs_bin" --db "$db" "$cases/err_partial_parse.c" -- -I "$inc"
# The readers and writers of the database.
for fmt in text json sarif github gitlab html; do
    run 0 97 "$abs_bin" report --db "$db" --run 1 --format "$fmt" -o "$work/r.$fmt"
done
run 0 97 "$abs_bin" query --db "$db" --group-by rule,model --format csv
run 0 97 "$abs_bin" merge "$work/merged.db" "$db"
run 0 97 "$abs_bin" gc --db "$work/merged.db" --keep 1

echo "valgrind.sh: $n runs, $failed failed, $(($(date +%s) - start)) s"
[ "$failed" -eq 0 ]
