#!/usr/bin/env bash
# Bash completion (packaging/mmiocheck.bash-completion) against the built
# binary: commands, each command's options, option values, nothing after --.
#
#   test_completion.sh MMIOCHECK COMPLETION_FILE
set -u
bin=$(realpath "$1")
. "$2"
failed=0

# complete WORDS... : COMPREPLY for the last word, space separated.
complete_words() {
    COMP_WORDS=("$bin" "$@")
    COMP_CWORD=$#
    _mmiocheck
    echo "${COMPREPLY[*]:-}"
}

expect() {   # expect WANT WORDS...: the completions of WORDS are exactly WANT
    local want=$1 got
    shift
    got=$(complete_words "$@")
    if [ "$got" = "$want" ]; then
        echo "PASS mmiocheck $* -> $got"
    else
        echo "FAIL mmiocheck $* -> '$got', want '$want'"
        failed=$((failed + 1))
    fi
}

cd "$(mktemp -d)" || exit 2
expect "report" rep
expect "query" help qu
expect "--format --fail-on" report --f
expect "sarif" report --format s
expect "table" query --format t
expect "--fail-on" --fail-
expect "error" --fail-on e
expect "ppc64-legacy powerpc64" --model p
expect "MMIO003" fix --rule MMIO003
expect "--rules-dir" rules --rules-
expect "" drv.c -- -I
echo "$failed failed"
[ "$failed" -eq 0 ]
