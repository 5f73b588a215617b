#!/usr/bin/env bash
# The Debian package, end to end (.ci/run calls this after ./dev.sh package):
# its metadata, then installed with dpkg on this machine, used from a
# directory outside the checkout, and removed again.
#
#   tests/package/run.sh [BUILD_DIR]      (default build/; needs root or sudo)
#
# Checks: version = `mmiocheck --version` = the changelog's newest entry;
# Depends names the package of every shared library the binary needs and
# nothing the tests need; /usr/bin/mmiocheck finds /usr/share/mmiocheck/rules
# and reports the bundled example's findings exactly as the build tree's
# binary does; `man -w mmiocheck` finds the page; dpkg -r leaves nothing.
# Refuses to run when an mmiocheck package is already installed (it would
# replace it).  The package is removed on every exit.
set -euo pipefail
src=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-$src/build}" && pwd)
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
failed=0
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1"; failed=$((failed + 1)); }
check() {   # check WHAT COMMAND...
    local what=$1
    shift
    if "$@"; then pass "$what"; else fail "$what"; fi
}

if dpkg-query -W -f='${Status}' mmiocheck 2>/dev/null | grep -q "install ok installed"; then
    echo "tests/package/run.sh: an mmiocheck package is installed already; remove it first (dpkg -r mmiocheck)" >&2
    exit 2
fi
version=$("$build/mmiocheck" --version | awk '{print $2}')
deb=$(ls "$build"/mmiocheck_"$version"_*.deb 2>/dev/null | head -1)
[ -n "$deb" ] || { echo "tests/package/run.sh: no $build/mmiocheck_${version}_*.deb (./dev.sh package)" >&2; exit 2; }
echo "== $deb"

# --- metadata
changelog_version=$(sed -n '1s/^mmiocheck (\([^)]*\)).*/\1/p' "$src/packaging/debian/changelog")
check "Version $(dpkg-deb -f "$deb" Version) = --version $version = changelog $changelog_version" \
    test "$(dpkg-deb -f "$deb" Version)" = "$version" -a "$changelog_version" = "$version"
depends=$(dpkg-deb -f "$deb" Depends)
echo "   Depends: $depends"
for lib in $(readelf -d "$build/mmiocheck" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
    # awk reads to the end: an early exit would kill ldconfig with SIGPIPE,
    # which pipefail turns into this script's exit status
    path=$(ldconfig -p | awk -v l="$lib" '$1 == l && /x86-64/ && !found {print $NF; found = 1}')
    # dpkg knows a library by the path its package ships (merged /usr: /lib or /usr/lib)
    pkg=$( (dpkg -S "$path" || dpkg -S "$(realpath "$path")" || true) 2>/dev/null | head -1 | cut -d: -f1)
    check "Depends names $pkg (for $lib)" grep -qE "(^|, )$pkg( |,|$)" <<<"$depends"
done
for test_only in chromium nodejs npm linux-headers python3 valgrind git; do
    check "Depends does not name $test_only" bash -c "! grep -q '$test_only' <<<'$depends'"
done
contents=$(dpkg-deb -c "$deb" | awk '{print $NF}')
for f in ./usr/bin/mmiocheck ./usr/share/mmiocheck/rules/models.json ./usr/share/man/man1/mmiocheck.1.gz \
         ./usr/share/bash-completion/completions/mmiocheck ./usr/share/mmiocheck/cmake/mmiocheck-config.cmake \
         ./usr/share/mmiocheck/examples/ring_doorbell.c ./usr/share/doc/mmiocheck/changelog.Debian.gz; do
    check "the package has $f" grep -qxF "$f" <<<"$contents"
done

# --- install.  Container images often tell dpkg to drop man pages
# (path-exclude=/usr/share/man/*); ours is included explicitly.
include=()
if grep -rqs "^path-exclude.*/usr/share/man" /etc/dpkg/dpkg.cfg /etc/dpkg/dpkg.cfg.d/; then
    echo "   dpkg excludes man pages here; including mmiocheck's (--path-include)"
    include=(--path-include=/usr/share/man/man1/mmiocheck.1.gz)
fi
cleanup() { $sudo dpkg -r mmiocheck >/dev/null 2>&1 || true; }
trap cleanup EXIT
$sudo dpkg -i "${include[@]}" "$deb" >/dev/null
pass "dpkg -i"

# --- use it from a directory outside the checkout
outside=$(mktemp -d)
cd "$outside"
check "/usr/bin/mmiocheck --version is $version" test "$(/usr/bin/mmiocheck --version)" = "mmiocheck $version"
check "rules from /usr/share/mmiocheck/rules" bash -c "/usr/bin/mmiocheck rules | grep -q '^rules from /usr/share/mmiocheck/rules: '"
ex=/usr/share/mmiocheck/examples
status=0
/usr/bin/mmiocheck --db "$outside/m.db" "$ex/ring_doorbell.c" -- -I "$ex/include" >installed.txt 2>&1 || status=$?
"$build/mmiocheck" --no-db "$ex/ring_doorbell.c" -- -I "$ex/include" >built.txt 2>&1 || true
check "the bundled example has findings (exit $status)" test "$status" -eq 1
check "its findings are the build tree's, exactly" cmp installed.txt built.txt
check "MMIO001 among them" grep -q '\[MMIO001\]' installed.txt
check "report --format sarif from the installed database" \
    bash -c "/usr/bin/mmiocheck report --db '$outside/m.db' --format sarif | grep -q '\"ruleId\": \"MMIO001\"'"
check "man -w mmiocheck: $(man -w mmiocheck 2>&1)" test "$(man -w mmiocheck 2>/dev/null)" = /usr/share/man/man1/mmiocheck.1.gz
ncommands=$(/usr/bin/mmiocheck help | sed -n '/^commands:/,/^$/p' | grep -c '^  [a-z]')
check "the man page shows every command" \
    bash -c "man mmiocheck 2>/dev/null | grep -c '^   mmiocheck ' | grep -qx $((ncommands - 1))"
cd /

# --- remove
trap - EXIT
$sudo dpkg -r mmiocheck >/dev/null
check "dpkg -r leaves no /usr/bin/mmiocheck" test ! -e /usr/bin/mmiocheck
check "dpkg -r leaves no /usr/share/mmiocheck" test ! -e /usr/share/mmiocheck
rm -rf "$outside"
echo "tests/package/run.sh: $failed failed"
[ "$failed" -eq 0 ]
