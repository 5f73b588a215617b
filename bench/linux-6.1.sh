#!/usr/bin/env bash
# bench/linux-6.1.sh - mmiocheck on real Linux 6.1 driver directories:
# results (docs/results-linux-6.1.md) and speed against clang-19
# -fsyntax-only and sparse.  Not part of CI (it takes minutes of CPU).
#
#   bench/linux-6.1.sh [BUILD_DIR]          (default build-rel, RelWithDebInfo)
#
# Environment: LINUX_SRC (a linux-source-6.1 tree, or the part of it with the
# directories below; default /tmp/linux/linux-source-6.1, else extracted from
# /usr/src/linux-source-6.1.tar.xz), WORK (default /tmp/mmiocheck-linux-6.1),
# DIRS (space separated, default: the issue's list), JOBS (default 2),
# MODELS (default contract,generic,ppc64-legacy), SPEED=0 (results only).
#
# How: every directory is built as an external module against Debian's
# prepared headers (linux-headers-amd64, Debian's amd64 config), and
# `make -n C=2 CHECK=...` gives the exact checker command line Kbuild runs for
# each file.  From those lines: a compile_commands.json (mmiocheck -p), the
# clang-19 -fsyntax-only commands with the translated flags (mmiocheck
# --print-clang-args), and the sparse commands - what Kbuild C=2 runs when the
# objects are already built, so only the checker is timed.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${1:-$ROOT/build-rel}
MMIOCHECK=$BUILD/mmiocheck
WORK=${WORK:-/tmp/mmiocheck-linux-6.1}
JOBS=${JOBS:-2}
MODELS=${MODELS:-contract,generic,ppc64-legacy}
DIRS=${DIRS:-"drivers/net/ethernet/intel drivers/net/ethernet/broadcom drivers/net/ethernet/mellanox/mlx4
 drivers/infiniband/hw/mlx4 drivers/infiniband/hw/mthca drivers/infiniband/hw/hfi1 drivers/infiniband/hw/qib
 drivers/infiniband/hw/qedr drivers/mmc/host drivers/scsi/qla2xxx drivers/tty/serial"}
HEADERS=$(ls -d /usr/src/linux-headers-*-amd64 2>/dev/null | sort -V | tail -1)

die() { echo "linux-6.1.sh: $*" >&2; exit 2; }
[ -n "$HEADERS" ] || die "no /usr/src/linux-headers-*-amd64 (apt-get install linux-headers-amd64)"
command -v sparse >/dev/null || die "sparse is not installed (apt-get install sparse)"
command -v clang-19 >/dev/null || die "clang-19 is not installed"
if [ ! -x "$MMIOCHECK" ]; then
    cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
    cmake --build "$BUILD" -j2 >/dev/null
fi

# --- sources: a private copy (M= builds write next to the sources)
SRC=${LINUX_SRC:-/tmp/linux/linux-source-6.1}
mkdir -p "$WORK"
if [ ! -d "$SRC/drivers" ]; then
    [ -f /usr/src/linux-source-6.1.tar.xz ] || die "no Linux source (apt-get install linux-source-6.1)"
    mkdir -p "$WORK/extract"
    # shellcheck disable=SC2086
    tar -C "$WORK/extract" -xf /usr/src/linux-source-6.1.tar.xz $(for d in $DIRS; do echo "linux-source-6.1/$d"; done) \
        linux-source-6.1/include/linux/mlx4 linux-source-6.1/include/rdma
    SRC=$WORK/extract/linux-source-6.1
fi
rm -rf "$WORK/src" && cp -r "$SRC" "$WORK/src"

# --- the checker command line of every file, from make -n
: > "$WORK/checker-lines.txt"
for d in $DIRS; do
    make -n -C "$HEADERS" M="$WORK/src/$d" C=2 CHECK=__MMIOCHECK_CHECKER__ 2>/dev/null |
        grep -o '__MMIOCHECK_CHECKER__ .*' >> "$WORK/checker-lines.txt" || true
done
mkdir -p "$WORK/cc"
python3 - "$WORK/checker-lines.txt" "$HEADERS" "$WORK/cc/compile_commands.json" <<'PY'
import json, shlex, sys
lines, headers, out = sys.argv[1:4]
entries, seen = [], set()
for line in open(lines):
    args = shlex.split(line.strip())
    src = args[-1]
    if src in seen or not src.endswith(".c"):
        continue
    seen.add(src)
    entries.append({"directory": headers, "file": src, "arguments": ["gcc"] + args[1:]})
json.dump(entries, open(out, "w"), indent=1)
print("linux-6.1.sh: %d C files" % len(entries), file=sys.stderr)
PY

# --- timing: run shell lines JOBS at a time; wall time, CPU time (user+sys of
# every process, the robust number on a shared machine) and peak RSS of any one
run_parallel() {   # name file-of-shell-lines
    python3 - "$1" "$2" "$JOBS" <<'PY'
import concurrent.futures, resource, subprocess, sys, time
name, path, jobs = sys.argv[1], sys.argv[2], int(sys.argv[3])
cmds = [l.rstrip("\n") for l in open(path) if l.strip()]
t0 = time.time()
with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
    rcs = list(ex.map(lambda c: subprocess.run(c, shell=True, stdout=subprocess.DEVNULL,
                                                stderr=subprocess.DEVNULL).returncode, cmds))
wall = time.time() - t0
ru = resource.getrusage(resource.RUSAGE_CHILDREN)
print("%-22s wall %7.1f s  cpu %7.1f s  %4d files  %3d non-zero  peak %4.0f MB per process"
      % (name, wall, ru.ru_utime + ru.ru_stime, len(cmds), sum(1 for r in rcs if r), ru.ru_maxrss / 1024))
PY
}
time_cmd() {   # name log command...
    python3 - "$@" <<'PY'
import resource, subprocess, sys, time
t0 = time.time()
with open(sys.argv[2], "w") as log:
    rc = subprocess.run(sys.argv[3:], stdout=subprocess.DEVNULL, stderr=log).returncode
wall = time.time() - t0
ru = resource.getrusage(resource.RUSAGE_CHILDREN)
print("%-22s wall %7.1f s  cpu %7.1f s  exit %d  peak %4.0f MB per process"
      % (sys.argv[1], wall, ru.ru_utime + ru.ru_stime, rc, ru.ru_maxrss / 1024))
PY
}

"$MMIOCHECK" -p "$WORK/cc" --print-clang-args > "$WORK/clang.sh"
sed "s|^__MMIOCHECK_CHECKER__ |cd '$HEADERS' \&\& sparse |" "$WORK/checker-lines.txt" > "$WORK/sparse.sh"
DB=$WORK/linux.db
# a first build: no database, no kernel header copies beside it (docs/kernel.md)
rm -rf "$DB" "$DB-wal" "$DB-shm" "$WORK/.mmiocheck-headers"
# mmiocheck first (the results come from its run), then the references.
# SPEED=0 skips the clang and sparse timings.
{
    echo "== speed, $JOBS jobs, $(nproc) CPUs, $(date -u +%Y-%m-%d) ($(basename "$HEADERS")), load $(cut -d' ' -f1-3 /proc/loadavg)"
    time_cmd "mmiocheck -j$JOBS" "$WORK/run1.log" "$MMIOCHECK" -p "$WORK/cc" -j"$JOBS" --model "$MODELS" --db "$DB"
    time_cmd "mmiocheck re-run" "$WORK/run2.log" "$MMIOCHECK" -p "$WORK/cc" -j"$JOBS" --model "$MODELS" --db "$DB"
    tail -n 1 "$WORK/run1.log"; tail -n 1 "$WORK/run2.log"
    if [ "${SPEED:-1}" != 0 ]; then
        run_parallel "clang-19 -fsyntax-only" "$WORK/clang.sh"
        run_parallel "sparse (Kbuild C=2)" "$WORK/sparse.sh"
    fi
} | tee "$WORK/speed.txt"

# --- the default output, as a user sees it: no --model, default checks,
# text on stdout; a headline is a diagnostic line (ends with [MMIOnnn]),
# the notes under it are its trace
"$MMIOCHECK" -p "$WORK/cc" -j"$JOBS" --no-db > "$WORK/default.txt" 2> "$WORK/default.err" || true
nfiles=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))))' "$WORK/cc/compile_commands.json")
heads=$(grep -c '\[MMIO[0-9]*\]$' "$WORK/default.txt" || true)
{
    echo "== default output: $nfiles files built"
    echo "headlines $heads ($(awk -v h="$heads" -v f="$nfiles" 'BEGIN { printf "%.2f", h / f }') per file)," \
         "stdout lines $(wc -l < "$WORK/default.txt"), stderr lines $(wc -l < "$WORK/default.err")" \
         "(of them mmiocheck: lines other than progress:" \
         "$(grep '^mmiocheck: ' "$WORK/default.err" | grep -vc '^mmiocheck: \[[0-9]*/[0-9]*\]' || true))"
    grep -o '\[MMIO[0-9]*\]$' "$WORK/default.txt" | sort | uniq -c || true
} | tee -a "$WORK/speed.txt"

# --- results of the first run
sqlite3 "$DB" > "$WORK/results.txt" <<SQL
.headers on
.mode column
SELECT 'files analyzed' AS what, COUNT(*) AS n FROM files WHERE run_id = 1
UNION ALL SELECT 'files with parse errors', COUNT(*) FROM files WHERE run_id = 1 AND parse_errors > 0
UNION ALL SELECT 'functions', COUNT(*) FROM functions fn JOIN files f ON f.id = fn.file_id WHERE f.run_id = 1;
SELECT rule, model, COUNT(*) AS findings FROM findings WHERE run_id = 1 GROUP BY rule, model ORDER BY rule, model;
SELECT replace(f.path, '$WORK/src/', '') AS file, COUNT(*) AS parse_errors FROM parse_errors pe
  JOIN files f ON f.id = pe.file_id WHERE f.run_id = 1 GROUP BY f.id ORDER BY file;
.mode list
SELECT rule || ' ' || model || ' ' || replace(f.path, '$WORK/src/', '') || ':' || f.line || ' ' ||
       COALESCE(fn.name, '?') || ': ' || f.message
  FROM findings f LEFT JOIN functions fn ON fn.id = f.function_id
 WHERE f.run_id = 1 AND f.rule IN ('MMIO001', 'MMIO002', 'MMIO006')
   AND (f.path LIKE '%/drivers/infiniband/hw/mlx4/%' OR f.path LIKE '%/drivers/mmc/host/%')
 ORDER BY f.path, f.line, f.rule, f.model;
SQL
echo "linux-6.1.sh: speed in $WORK/speed.txt, results in $WORK/results.txt, database $DB" >&2
