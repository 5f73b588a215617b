#!/usr/bin/env bash
# dev.sh - set up, build and run mmiocheck on a fresh Debian 12 machine.
#
#   ./dev.sh example   install what is missing, build, analyze examples/ and print the findings
#   ./dev.sh test      install what is missing, build as a developer (MMIOCHECK_DEVELOPER:
#                      git's warning set, -Werror), run the whole test suite (ctest)
#   ./dev.sh build     install what is missing to build, and build only
#   ./dev.sh package   build, then the Debian package build/mmiocheck_VERSION_ARCH.deb
#                      (cpack; tests/package/run.sh installs and tries it)
#   ./dev.sh sanitize  build into build-asan with ASan+UBSan (MMIOCHECK_SANITIZE), as a
#                      developer and with assert() on (a Debug build: the engine's
#                      state and IR invariant checks run), and run the whole test
#                      suite there; any sanitizer report or failed assertion fails it
#   ./dev.sh valgrind  valgrind memcheck over the unit tests and analyzer runs
#                      (tests/sanitize/valgrind.sh, uses build/)
#
# Build directory: build/ (override with BUILD_DIR=...).
set -euo pipefail
cd "$(dirname "$0")"

# What building needs (build, example, package): the compiler, libclang-19
# and llvm-config-19, SQLite, Jansson; clang-19 and its sanitizer runtimes
# because the default build also compiles the fuzz harnesses (tests/fuzz).
DEPS=(cmake pkg-config make gcc python3 libclang-19-dev clang-19 llvm-19 libclang-rt-19-dev libsqlite3-dev libjansson-dev)
# What only the tests need (test, sanitize, valgrind), added by test_deps:
# sqlite3 for the database tests, linux-headers-amd64 (+ bc) for the
# real-Kbuild test (tests/kbuild), node + npm for the SARIF validators (the
# .NET-based SARIF Multitool needs ICU), chromium for the HTML page, git
# for `git apply` of fix-its, man-db for the package test's `man -w`.
TEST_DEPS=(sqlite3 linux-headers-amd64 bc nodejs chromium git libicu72 man-db)
BUILD_DIR=${BUILD_DIR:-build}

test_deps() {
    DEPS+=("${TEST_DEPS[@]}")
    # Debian's npm conflicts with a nodejs that bundles its own npm.
    command -v npm >/dev/null 2>&1 || DEPS+=(npm)
}

install_deps() {
    local missing=()
    for p in "${DEPS[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "dev.sh: installing ${missing[*]}" >&2
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    $sudo apt-get update -q
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
}

# The SARIF validators, pinned by tests/report/package-lock.json.
npm_deps() {
    local dir=tests/report
    if [ ! -f "$dir/node_modules/.package-lock.json" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
        (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
    fi
}

# Extra cmake arguments are passed on (test: -DMMIOCHECK_DEVELOPER=ON; the
# cache keeps it for later builds of the same directory).
build() {
    install_deps
    cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@" >/dev/null
    cmake --build "$BUILD_DIR" -j"$(nproc)"
}

# The whole ctest suite on an ASan+UBSan build.  Reports go to files in
# build-asan/sanitizer-logs/ (exit code 86, so a report is never mistaken
# for "findings", exit 1); any file there fails the run even when the test
# that caused it passed.  Leaks are suppressed only by tests/sanitize/lsan.supp.
# The quarantine is 64 MB (default 256) so db/limits stays under its 1 GiB.
# A Debug build, so assert() is on (RelWithDebInfo defines NDEBUG): the
# engine's state_ok() and the IR's ir_fn_ok() run on every state and graph;
# at -O1, the usual speed for ASan.
sanitize() {
    install_deps
    npm_deps
    local dir=build-asan logs
    cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_FLAGS_DEBUG="-g -O1" \
          -DMMIOCHECK_SANITIZE=ON -DMMIOCHECK_DEVELOPER=ON >/dev/null
    cmake --build "$dir" -j"$(nproc)"
    logs=$PWD/$dir/sanitizer-logs
    rm -rf "$logs" && mkdir -p "$logs"
    export ASAN_OPTIONS="halt_on_error=1:detect_leaks=1:exitcode=86:detect_stack_use_after_return=1:strict_string_checks=1:check_initialization_order=1:quarantine_size_mb=64:log_path=$logs/asan"
    export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:exitcode=86:log_path=$logs/ubsan"
    export LSAN_OPTIONS="suppressions=$PWD/tests/sanitize/lsan.supp:print_suppressions=0"
    local status=0
    ctest --test-dir "$dir" --output-on-failure -j"$(nproc)" || status=$?
    if [ -n "$(ls -A "$logs")" ]; then
        echo "dev.sh sanitize: sanitizer reports:" >&2
        for f in "$logs"/*; do echo "== $f" >&2; cat "$f" >&2; done
        status=1
    fi
    [ "$status" -eq 0 ] && echo "dev.sh sanitize: whole suite passed, no sanitizer report"
    return "$status"
}

case "${1:-}" in
example)
    build
    echo "== mmiocheck examples/ring_doorbell.c (models: contract, ppc64-legacy)"
    status=0
    "$BUILD_DIR"/mmiocheck --no-db examples/ring_doorbell.c -- -I tests/include || status=$?
    # 1 means "findings", which is what the example is for
    [ "$status" -le 1 ] || exit "$status"
    ;;
test)
    test_deps
    build -DMMIOCHECK_DEVELOPER=ON
    npm_deps
    ctest --test-dir "$BUILD_DIR" --output-on-failure -j"$(nproc)"
    ;;
build)
    build
    ;;
package)
    build
    (cd "$BUILD_DIR" && cpack -G DEB)
    ;;
sanitize)
    test_deps
    sanitize
    ;;
valgrind)
    test_deps
    DEPS+=(valgrind)
    build
    tests/sanitize/valgrind.sh "$BUILD_DIR"
    ;;
*)
    echo "usage: ./dev.sh example | test | build | package | sanitize | valgrind" >&2
    exit 2
    ;;
esac
