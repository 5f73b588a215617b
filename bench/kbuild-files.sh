#!/usr/bin/env bash
# bench/kbuild-files.sh - mmiocheck the way `make C=1 CHECK=mmiocheck` runs
# it: one checker process per file, each with a fresh database, against
# clang-19 -fsyntax-only (the same flags, translated) and sparse on the same
# file.  Not part of CI (minutes of CPU).
#
#   bench/kbuild-files.sh [BUILD_DIR]        (default build-rel, RelWithDebInfo)
#
# Environment: LINUX_SRC (linux-source-6.1 tree, default
# /tmp/linux/linux-source-6.1; only read), WORK (default
# /tmp/mmiocheck-kbuild-files), FILES (list of tree-relative .c files, default
# bench/kbuild-files.txt), N (rounds, default 3: each number is the best of
# N), MODELS (default: mmiocheck's own), EXTRA (more mmiocheck options, e.g.
# --stats), HEADER_CACHE (warm, the default: the kernel header copies without
# bodies kept beside the database stay from process to process, as in a
# build, after one untimed pass over the files has made them; cold: removed
# before every mmiocheck process, so each parses the headers whole and copies
# them; off: --no-header-cache).
#
# What is timed: CPU time (user+sys, from wait4) of each process and its peak
# RSS; the rounds interleave the three tools file by file, so a busy moment
# of a shared machine hits all of them alike, and the best of N drops it.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${1:-$ROOT/build-rel}
WORK=${WORK:-/tmp/mmiocheck-kbuild-files}
FILES=${FILES:-$ROOT/bench/kbuild-files.txt}
SRC=${LINUX_SRC:-/tmp/linux/linux-source-6.1}
N=${N:-3}
HEADERS=$(ls -d /usr/src/linux-headers-*-amd64 2>/dev/null | sort -V | tail -1)

die() { echo "kbuild-files.sh: $*" >&2; exit 2; }
[ -n "$HEADERS" ] || die "no /usr/src/linux-headers-*-amd64 (apt-get install linux-headers-amd64)"
[ -d "$SRC/drivers" ] || die "no Linux source at $SRC (set LINUX_SRC)"
command -v sparse >/dev/null || die "sparse is not installed"
command -v clang-19 >/dev/null || die "clang-19 is not installed"
if [ ! -x "$BUILD/mmiocheck" ]; then
    cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
    cmake --build "$BUILD" -j2 >/dev/null
fi
MMIOCHECK=$(cd "$BUILD" && pwd)/mmiocheck

# --- the command lines are kept in WORK, for the list they were made for
# (WORK/files.list); REFRESH=1 asks make again
if [ "${REFRESH:-0}" = 1 ] || [ ! -f "$WORK/files.json" ] || ! cmp -s "$FILES" "$WORK/files.list"; then
# --- a private copy of each file's directory (M= builds write next to sources)
mkdir -p "$WORK/src"
DIRS=$(grep -v '^#' "$FILES" | xargs -n1 dirname | sort -u)
for d in $DIRS; do
    [ -d "$WORK/src/$d" ] || { mkdir -p "$WORK/src/$d" && cp -r "$SRC/$d/." "$WORK/src/$d/"; }
    # headers one level up ("../serial_mctrl_gpio.h")
    find "$SRC/$(dirname "$d")" -maxdepth 1 -name '*.h' -exec cp -n {} "$WORK/src/$(dirname "$d")/" \;
done

# --- each file's checker command line, from make -n (what Kbuild would run)
: > "$WORK/checker-lines.txt"
for d in $DIRS; do
    make -n -C "$HEADERS" M="$WORK/src/$d" C=2 CHECK=__MMIOCHECK_CHECKER__ 2>/dev/null |
        grep -o '__MMIOCHECK_CHECKER__ .*' >> "$WORK/checker-lines.txt" || true
done
# A file built into the kernel (obj-y, e.g. 8250_port.c) is not in an M= build's
# command lines: such a directory is asked again with its obj-$(CONFIG_X) set to m.
for d in $DIRS; do
    for f in $(grep -v '^#' "$FILES" | grep "^$d/[^/]*$"); do
        grep -q "src/$f\$" "$WORK/checker-lines.txt" && continue
        as_modules=$(grep -o 'obj-\$(CONFIG_[A-Z0-9_]*)' "$SRC/$d/Makefile" | sed 's/obj-\$(\(.*\))/\1=m/' | sort -u)
        # shellcheck disable=SC2086
        make -n -C "$HEADERS" M="$WORK/src/$d" C=2 CHECK=__MMIOCHECK_CHECKER__ $as_modules 2>/dev/null |
            grep -o '__MMIOCHECK_CHECKER__ .*' >> "$WORK/checker-lines.txt" || true
        break
    done
done
python3 - "$WORK" "$FILES" "$HEADERS" <<'PY'
import json, shlex, sys
work, files, headers = sys.argv[1:4]
want = [l.strip() for l in open(files) if l.strip() and not l.startswith("#")]
lines = {}
for line in open(work + "/checker-lines.txt"):
    args = shlex.split(line.strip())
    rel = args[-1].replace(work + "/src/", "")
    if rel in want and rel not in lines:
        lines[rel] = args[1:]
missing = [f for f in want if f not in lines]
if missing:
    sys.exit("kbuild-files.sh: no Kbuild command line for: " + " ".join(missing))
json.dump([{"file": f, "args": lines[f]} for f in want], open(work + "/files.json", "w"), indent=1)
json.dump([{"directory": headers, "file": lines[f][-1], "arguments": ["gcc"] + lines[f]} for f in want],
          open(work + "/compile_commands.json", "w"), indent=1)
PY
cp "$FILES" "$WORK/files.list"
fi
"$MMIOCHECK" -p "$WORK" --print-clang-args > "$WORK/clang.sh"

# --- interleaved rounds; best of N per file and tool
python3 - "$WORK" "$MMIOCHECK" "$HEADERS" "$N" "${MODELS:-}" "${EXTRA:-}" "${HEADER_CACHE:-warm}" <<'PY'
import json, os, shlex, shutil, subprocess, sys
work, mmiocheck, headers, rounds, models, extra, cache_mode = sys.argv[1:8]
files = json.load(open(work + "/files.json"))
clang = [l.rstrip("\n") for l in open(work + "/clang.sh") if l.strip()]
assert len(clang) == len(files), "one clang command per file"

def timed(argv, cwd=None, env=None, shell=False, log=None):
    """CPU seconds (user+sys) and peak RSS (MB) of one process."""
    out = open(log, "w") if log else subprocess.DEVNULL
    p = subprocess.Popen(argv, cwd=cwd, env=env, shell=shell,
                         stdout=subprocess.DEVNULL, stderr=out)
    _, status, ru = os.wait4(p.pid, 0)
    if log:
        out.close()
    return ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024.0, os.waitstatus_to_exitcode(status)

best = {}
def keep(tool, f, t, rss, rc):
    cur = best.setdefault((tool, f), [t, rss, rc])
    cur[0] = min(cur[0], t); cur[1] = max(cur[1], rss); cur[2] = rc

opts = (["--model", models] if models else []) + shlex.split(extra)
if cache_mode not in ("warm", "cold", "off"):
    sys.exit("kbuild-files.sh: HEADER_CACHE must be warm, cold or off, not %r" % cache_mode)
if cache_mode == "off":
    opts.append("--no-header-cache")
cache = "%s/.mmiocheck-headers" % work

def mmiocheck_run(i, args):
    db = "%s/fresh.db" % work
    for s in ("", "-wal", "-shm"):
        if os.path.exists(db + s):
            os.unlink(db + s)
    if cache_mode != "warm":
        shutil.rmtree(cache, ignore_errors=True)
    env = dict(os.environ, MMIOCHECK_DB=db)
    return timed([mmiocheck, "--kbuild"] + opts + args, cwd=headers, env=env,
                 log="%s/mmiocheck-%d.log" % (work, i))

shutil.rmtree(cache, ignore_errors=True)
if cache_mode == "warm":
    for i, e in enumerate(files):
        mmiocheck_run(i, e["args"])
for r in range(int(rounds)):
    for i, e in enumerate(files):
        f, args = e["file"], e["args"]
        keep("mmiocheck", f, *mmiocheck_run(i, args))
        keep("clang", f, *timed(clang[i], shell=True))
        keep("sparse", f, *timed(["sparse"] + args, cwd=headers))

print("== per-file Kbuild mode, best of %s, CPU s (user+sys), %s, header cache %s, load %s"
      % (rounds, os.path.basename(headers), cache_mode, open("/proc/loadavg").read().split()[0]))
print("%-48s %7s %7s %9s %6s %6s %7s" % ("file", "clang", "sparse", "mmiocheck", "ratio", "sparse", "RSS MB"))
tot = {"clang": 0.0, "sparse": 0.0, "mmiocheck": 0.0}
peak = 0.0
for e in files:
    f = e["file"]
    c, s, m = best[("clang", f)], best[("sparse", f)], best[("mmiocheck", f)]
    for k, v in (("clang", c), ("sparse", s), ("mmiocheck", m)):
        tot[k] += v[0]
    peak = max(peak, m[1])
    flag = "" if m[2] == 0 else "  exit %d" % m[2]
    print("%-48s %7.2f %7.2f %9.2f %5.2fx %5.2fx %7.0f%s"
          % (f, c[0], s[0], m[0], m[0] / c[0], m[0] / s[0], m[1], flag))
print("%-48s %7.2f %7.2f %9.2f %5.2fx %5.2fx %7.0f"
      % ("total", tot["clang"], tot["sparse"], tot["mmiocheck"], tot["mmiocheck"] / tot["clang"],
         tot["mmiocheck"] / tot["sparse"], peak))
PY
