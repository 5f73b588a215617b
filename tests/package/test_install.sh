#!/usr/bin/env bash
# `cmake --install` into a prefix, then the prefix moved elsewhere: the
# installed binary finds its rules as ../share/mmiocheck/rules (never the
# checkout it was built from), analyzes the installed example with the same
# findings as the build tree's binary, and the man page, completion, CMake
# package files and docs are where packaging/CMakeLists.txt says.
#
#   test_install.sh BUILD_DIR WORK_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
work=$2
src=$(cd "$(dirname "$0")/../.." && pwd)
rm -rf "$work" && mkdir -p "$work"
failed=0
check() {   # check WHAT COMMAND...: PASS if the command succeeds
    local what=$1
    shift
    if "$@" >/dev/null 2>&1; then echo "PASS $what"; else echo "FAIL $what"; failed=$((failed + 1)); fi
}

cmake --install "$build" --prefix "$work/first" >/dev/null
mv "$work/first" "$work/moved"
p=$work/moved
for f in bin/mmiocheck share/mmiocheck/rules/models.json share/mmiocheck/rules/frameworks \
         share/mmiocheck/rules/compiler-flags.json share/mmiocheck/cmake/MMIOCheck.cmake \
         share/mmiocheck/cmake/mmiocheck-config.cmake share/mmiocheck/cmake/mmiocheck-config-version.cmake \
         share/mmiocheck/examples/ring_doorbell.c share/mmiocheck/examples/include/linux/spinlock.h \
         share/man/man1/mmiocheck.1.gz share/bash-completion/completions/mmiocheck \
         share/doc/mmiocheck/README.md share/doc/mmiocheck/docs/rules/MMIO001.md \
         share/doc/mmiocheck/changelog.Debian.gz; do
    check "installed $f" test -e "$p/$f"
done
cd "$work"
check "rules from the moved prefix" bash -c "'$p/bin/mmiocheck' rules | grep -qx 'rules from $p/share/mmiocheck/rules: .*'"
# Debug information names the sources (for gdb); the code and data must not
# (except in a sanitizer build: ASan's metadata names every source file).
strip -o "$work/stripped" "$p/bin/mmiocheck"
if grep -qF __asan_init "$work/stripped"; then
    echo "SKIP no source path in the binary (a sanitizer build)"
else
    check "no source path in the binary's code and data" bash -c "! grep -qF '$src/' '$work/stripped'"
fi
ex=$p/share/mmiocheck/examples
set +e
"$p/bin/mmiocheck" --no-db "$ex/ring_doorbell.c" -- -I "$ex/include" >installed.txt 2>&1
st_installed=$?
"$build/mmiocheck" --no-db "$ex/ring_doorbell.c" -- -I "$ex/include" >built.txt 2>&1
set -e
check "the installed example has findings (exit 1)" test "$st_installed" -eq 1
check "installed and build-tree binaries agree" cmp installed.txt built.txt
check "MMIO001 in the example" grep -q '\[MMIO001\]' installed.txt
check "no rules without the prefix (moved away)" bash -c "mv '$p/share/mmiocheck/rules' '$p/share/mmiocheck/r' &&
    '$p/bin/mmiocheck' rules 2>&1 | grep -q 'mmiocheck: $p/bin/../share/mmiocheck/rules: cannot read the rules directory';
    st=\$?; mv '$p/share/mmiocheck/r' '$p/share/mmiocheck/rules'; exit \$st"
check "MMIOCHECK_RULES overrides" bash -c "MMIOCHECK_RULES='$src/rules' '$p/bin/mmiocheck' rules | grep -q 'rules from $src/rules:'"
mkdir -p "$work/proj"
cat >"$work/proj/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.20)
project(uses_mmiocheck NONE)
find_package(mmiocheck 0.1 REQUIRED)
if(NOT MMIOCHECK_EXECUTABLE STREQUAL "$p/bin/mmiocheck" OR NOT COMMAND mmiocheck_add_check)
  message(FATAL_ERROR "MMIOCHECK_EXECUTABLE='\${MMIOCHECK_EXECUTABLE}'")
endif()
CMAKE
check "find_package(mmiocheck) with CMAKE_PREFIX_PATH" cmake -S "$work/proj" -B "$work/proj/b" -DCMAKE_PREFIX_PATH="$p"
check "man page renders" bash -c "man -l '$p/share/man/man1/mmiocheck.1.gz' | grep -q 'mmiocheck report'"
check "completion loads" bash -c ". '$p/share/bash-completion/completions/mmiocheck' && complete -p mmiocheck"
echo "$failed failed"
[ "$failed" -eq 0 ]
