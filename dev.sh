#!/usr/bin/env bash
# dev.sh - set up, build and run mmiocheck on a fresh Debian 12 machine.
#
#   ./dev.sh example   install what is missing, build, analyze examples/ and print the findings
#   ./dev.sh test      install what is missing, build, run the whole test suite (ctest)
#   ./dev.sh build     install what is missing and build only
#
# Build directory: build/ (override with BUILD_DIR=...).
set -euo pipefail
cd "$(dirname "$0")"

# linux-headers-amd64 (+ bc): the real-Kbuild test (tests/kbuild) builds a module against it.
DEPS=(cmake pkg-config make gcc python3 libclang-19-dev clang-19 llvm-19 libclang-rt-19-dev libsqlite3-dev libjansson-dev sqlite3
      linux-headers-amd64 bc)
BUILD_DIR=${BUILD_DIR:-build}

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

build() {
    install_deps
    cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
    cmake --build "$BUILD_DIR" -j"$(nproc)"
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
    build
    ctest --test-dir "$BUILD_DIR" --output-on-failure -j"$(nproc)"
    ;;
build)
    build
    ;;
*)
    echo "usage: ./dev.sh example | test | build" >&2
    exit 2
    ;;
esac
