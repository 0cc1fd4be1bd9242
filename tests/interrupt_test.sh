#!/usr/bin/env bash
# tests/interrupt_test.sh GPULINT_BINARY TESTDATA_DIR
#
# A run ended by SIGTERM, SIGINT or SIGHUP removes what it made in $TMPDIR
# (the workers' run directory gpulint-run-* with their private directories,
# -o's temporary file) and then dies of that signal.  One file's worker hangs (the test-only variable
# GPULINT_TEST_HANG_ON, isolate/worker_child.c) so that the run is surely under
# way when the signal comes; nothing depends on how fast the machine is.
# Registered in ctest as cli.interrupt.
set -uo pipefail

if (($# != 2)); then
    echo "usage: $0 GPULINT_BINARY TESTDATA_DIR" >&2
    exit 2
fi
G=$1
TESTDATA=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gpulint-interrupt-test.XXXXXX")
pid=
cleanup() {
    [[ -n "$pid" ]] && kill -KILL "$pid" 2>/dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT

passed=0
failed=0
ok() { echo "ok: $*"; passed=$((passed + 1)); }
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }

mkdir -p "$tmp/src" "$tmp/out"
# a.cu includes a header CMake would configure: its worker writes a stand-in
# into its private directory inside the run directory (and stays, idle)
printf 'cmake_minimum_required(VERSION 3.10)\nproject(p VERSION 1.2)\nconfigure_file(version.h.in version.h)\n' \
    >"$tmp/src/CMakeLists.txt"
printf '#define P_VERSION "@PROJECT_VERSION@"\n' >"$tmp/src/version.h.in"
{ echo '#include "version.h"'; cat "$TESTDATA/bad/good.cu"; } >"$tmp/src/a.cu"
cp "$TESTDATA/bad/good.cu" "$tmp/src/b_hang.cu"

# wait_for GLOB: until a path matches (2 minutes at most); false if none.
wait_for() {
    local i
    for ((i = 0; i < 1200; i++)); do
        compgen -G "$1" >/dev/null && return 0
        kill -0 "$pid" 2>/dev/null || return 1
        sleep 0.1
    done
    return 1
}

for sig in TERM INT HUP; do
    private=$tmp/tmp_$sig
    mkdir -p "$private"
    rm -f "$tmp/out"/*
    # job control: a background job of a script would otherwise start with
    # SIGINT ignored, and gpulint keeps a signal ignored at its start
    set -m
    TMPDIR=$private GPULINT_TEST_HANG_ON=b_hang "$G" --min-severity=info --file-timeout=0 -j 2 \
        -o "$tmp/out/report.txt" "$tmp/src" >/dev/null 2>"$tmp/err" &
    pid=$!
    set +m
    if ! wait_for "$private/gpulint-run-*/gpulint-*/*/version.h"; then
        fail "SIG$sig: the stand-in header never appeared in the run directory: $(find "$private")"
        kill -KILL "$pid"
        wait "$pid" 2>/dev/null
        pid=
        continue
    fi
    kill -"$sig" "$pid"
    rc=0
    wait "$pid" || rc=$?
    pid=
    want=$((128 + $(kill -l "$sig")))
    if [[ "$rc" == "$want" ]]; then ok "SIG$sig: gpulint dies of the signal (exit $rc)"; else
        fail "SIG$sig: exit $rc, expected $want"
        sed 's/^/    stderr| /' "$tmp/err"
    fi
    left=$(ls -A "$private")
    if [[ -z "$left" ]]; then ok "SIG$sig: nothing left in TMPDIR"; else fail "SIG$sig: left in TMPDIR: $left"; fi
    left=$(ls -A "$tmp/out")
    if [[ -z "$left" ]]; then ok "SIG$sig: no temporary report file left"; else fail "SIG$sig: left beside -o: $left"; fi
done

echo "$passed passed, $failed failed"
((failed == 0))
