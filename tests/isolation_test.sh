#!/usr/bin/env bash
# tests/isolation_test.sh GPULINT_BINARY TESTDATA_DIR
#
# Worker processes and per-file limits: a file that crashes its worker,
# hangs, or runs out of memory gets one error with the reason and costs only
# that file; a file that ran out of time or memory gets a second, leaner
# analysis; time spent waiting for a CPU is not charged to a file;
# #include of /dev/zero or of a FIFO is stopped by the limits; the report
# does not depend on -j.  The crash, hang, allocation, runaway and slow
# parses are forced with the test-only variables GPULINT_TEST_CRASH_ON/
# _HANG_ON/_ALLOC_ON/_SPIN_ONCE_ON/_SLOW_ON (isolate/worker_child.c).
# Registered in ctest as cli.isolation.
set -uo pipefail

if (($# != 2)); then
    echo "usage: $0 GPULINT_BINARY TESTDATA_DIR" >&2
    exit 2
fi
G=$1
TESTDATA=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gpulint-isolation-test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

passed=0
failed=0
ok() { echo "ok: $*"; passed=$((passed + 1)); }
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }
show() {
    echo "    command: gpulint ${last_args[*]}"
    echo "    exit status: $rc, ${secs}s"
    sed -n '1,30s/^/    stdout| /p' "$tmp/out"
    grep -v '^    ' "$tmp/err" | sed -n '1,30s/^/    stderr| /p'
}
# run ARGS...: stdout -> $tmp/out, stderr -> $tmp/err, status -> $rc, wall time -> $secs
run() {
    last_args=("$@")
    rc=0
    local t0=$SECONDS
    "$G" --min-severity=info "$@" >"$tmp/out" 2>"$tmp/err" || rc=$?
    secs=$((SECONDS - t0))
}
expect_rc() { if [[ "$rc" == "$2" ]]; then ok "$1: exit $2"; else fail "$1: exit $rc, expected $2"; show; fi; }
expect_in() { if grep -Eq -- "$3" "$tmp/$2"; then ok "$1"; else fail "$1 (no /$3/ in std$2)"; show; fi; }
expect_not_in() { if grep -Eq -- "$3" "$tmp/$2"; then fail "$1 (unexpected /$3/ in std$2)"; show; else ok "$1"; fi; }
# expect_count WHAT N ERE: N lines of stdout match.
expect_count() {
    local n
    n=$(grep -Ec -- "$3" "$tmp/out" || true)
    if [[ "$n" == "$2" ]]; then ok "$1"; else fail "$1 ($n lines match /$3/, expected $2)"; show; fi
}
within() { if ((secs <= $2)); then ok "$1 (${secs}s)"; else fail "$1: took ${secs}s, limit $2s"; fi; }

# Three copies of a file with findings; the middle one is the victim.
src=$TESTDATA/bad/good.cu
d=$tmp/files
mkdir -p "$d"
cp "$src" "$d/a.cu"
cp "$src" "$d/b_victim.cu"
cp "$src" "$d/c.cu"
FINDING=': warning: .*\[uncoalesced-adjacent\]'

# --- a crash costs only its file ---------------------------------------------
for j in 1 2; do
    GPULINT_TEST_CRASH_ON=b_victim run -j "$j" "$d"
    expect_rc "crash (-j$j)" 2
    expect_in "crash (-j$j): the file's error gives the signal" err \
        'b_victim\.cu: error: analysis killed by signal 11 '
    expect_count "crash (-j$j): the other two files' findings are reported" 2 "/(a|c)\\.cu:.*$FINDING"
    expect_count "crash (-j$j): none for the crashed file" 0 "b_victim\\.cu:.*$FINDING"
done

GPULINT_TEST_CRASH_ON=a.cu run --format=json -j 1 "$d"
expect_rc "crash of the first file, JSON" 2
expect_in "crash of the first file, JSON: the error is in the document" out \
    '"message":[[:space:]]*"analysis killed by signal 11'
expect_count "crash of the first file, JSON: the later files' findings" 2 '"rule":[[:space:]]*"uncoalesced-adjacent"'
if python3 -c '
import json, sys
files = {f["path"].rsplit("/", 1)[-1]: f for f in json.load(open(sys.argv[1]))["files"]}
a = files["a.cu"]
sys.exit(0 if a["status"] == "failed" and any("killed by signal 11" in r for r in a["reasons"])
         and all(f["status"] == "ok" for n, f in files.items() if n != "a.cu") else 1)' "$tmp/out"; then
    ok "crash of the first file, JSON: its status is failed with the signal as the reason, the others ok"
else
    fail "crash of the first file, JSON: files[] status"; show
fi
GPULINT_TEST_HANG_ON=b_victim run --format=json --file-timeout 1 -j 2 "$d"
expect_in "hang, JSON: the file's status is failed, the timeout its reason (nothing to leave out for a second analysis)" out \
    '"reasons":[[:space:]]*\["timed out after 1 s \(--file-timeout\); a second parse had nothing to leave out \(no include directory found by discovery\)"\]'

# --- a first analysis that runs away gets a second, leaner one --------------
# (testdata/projects/exploding_discovery has a real one, tests/projects_test.sh)
GPULINT_TEST_SPIN_ONCE_ON=b_victim run --file-timeout 1 -j 2 "$d"
expect_rc "runaway parse, nothing discovery added" 2
expect_in "runaway parse: stopped by CPU time, and the second parse has nothing to leave out" err \
    'b_victim\.cu: error: timed out after 1 s \(--file-timeout\); a second parse had nothing to leave out'
expect_count "runaway parse: the other files' findings are reported" 2 "$FINDING"
within "runaway parse: bounded" 20

# --- a busy machine does not time files out ---------------------------------
# Three busy loops share the CPU gpulint is pinned to: the file needs about
# 0.5 s of CPU time and 2 s or more of wall-clock time; it is charged only
# the time it ran (or waited for anything but a CPU).
if [[ -r /proc/self/schedstat ]] && command -v taskset >/dev/null && taskset -c 0 true 2>/dev/null; then
    hogs=()
    for _ in 1 2 3; do taskset -c 0 sh -c 'while :; do :; done' & hogs+=($!); done
    rc=0
    t0=$SECONDS
    GPULINT_TEST_SLOW_ON=b_victim taskset -c 0 "$G" --min-severity=info --file-timeout 1.2 -j 1 "$d/b_victim.cu" \
        >"$tmp/out" 2>"$tmp/err" || rc=$?
    secs=$((SECONDS - t0))
    last_args=(--file-timeout 1.2 -j 1 "$d/b_victim.cu" "(pinned to CPU 0 with three busy loops)")
    kill "${hogs[@]}" 2>/dev/null
    wait "${hogs[@]}" 2>/dev/null
    expect_rc "slow parse on a busy CPU (--file-timeout 1.2)" 1
    expect_not_in "slow parse on a busy CPU: not timed out" err 'timed out'
else
    echo "skip: no /proc/self/schedstat or taskset"
fi

# --- a hang is stopped by --file-timeout ------------------------------------
GPULINT_TEST_HANG_ON=b_victim run --file-timeout 2 -j 1 "$d"
expect_rc "hang" 2
expect_in "hang: the file timed out" err 'b_victim\.cu: error: timed out after 2 s'
expect_count "hang: the other files' findings are reported" 2 "$FINDING"
within "hang: the run ends soon after the limit" 20

GPULINT_TEST_HANG_ON=b_victim run --file-timeout=1.5 -j 3 "$d"
expect_in "hang (-j3, --file-timeout=1.5): timed out" err 'b_victim\.cu: error: timed out after 1\.5 s'
expect_count "hang (-j3): the other files' findings are reported" 2 "$FINDING"

# --- a killed worker leaves no temporary files behind --------------------------
# a.cu needs a forwarding header (another case), made in the worker's private
# directory; the same worker then hangs on b_victim.cu and is killed.
t=$tmp/tmpdir
mkdir -p "$t" "$tmp/fwd/sub"
printf '#include "sub/Helper.cuh"\n__global__ void k(float* x) { x[threadIdx.x] = helper(); }\n' >"$tmp/fwd/a.cu"
printf '__device__ float helper() { return 1.0f; }\n' >"$tmp/fwd/sub/helper.cuh"
cp "$src" "$tmp/fwd/b_victim.cu"
TMPDIR=$t GPULINT_TEST_HANG_ON=b_victim run --format=json --file-timeout 2 -j 1 "$tmp/fwd/a.cu" "$tmp/fwd/b_victim.cu"
expect_in "killed worker: the file before it was analysed with its forwarding header" out '"status":[[:space:]]*"ok"'
if [[ -z "$(ls -A "$t")" ]]; then
    ok "killed worker: nothing left in TMPDIR"
else
    fail "killed worker: left in TMPDIR: $(ls -A "$t")"
fi

# --- running out of memory --------------------------------------------------
GPULINT_TEST_ALLOC_ON=b_victim run --file-memory 256M --file-timeout 60 "$d"
expect_rc "allocation without end" 2
expect_in "allocation without end: the file ran out of memory" err \
    'b_victim\.cu: error: ran out of memory \(limit 256 MiB'
expect_count "allocation without end: the other files' findings are reported" 2 "$FINDING"
within "allocation without end: stopped by the memory limit, not the timeout" 30

# --- hostile includes: /dev/zero grows without end, a FIFO never answers -----
printf '#include "/dev/zero"\n__global__ void k(float* x) { x[threadIdx.x] = 0; }\n' >"$tmp/zero.cu"
run --file-memory 512M --file-timeout 30 "$tmp/zero.cu"
expect_rc "#include \"/dev/zero\"" 2
expect_in "#include \"/dev/zero\": memory or time limit" err \
    'zero\.cu: error: (ran out of memory \(limit 512 MiB|timed out after 30 s)'
within "#include \"/dev/zero\": bounded" 40

if mkfifo "$tmp/pipe.h" 2>/dev/null; then
    printf '#include "pipe.h"\n__global__ void k(float* x) { x[threadIdx.x] = 0; }\n' >"$tmp/fifo.cu"
    cp "$src" "$tmp/good.cu"
    run --file-timeout 2 "$tmp/fifo.cu" "$tmp/good.cu"
    expect_rc "#include of a FIFO" 2
    expect_in "#include of a FIFO: timed out" err 'fifo\.cu: error: timed out after 2 s'
    expect_count "#include of a FIFO: the next file is analysed" 1 "good\\.cu:.*$FINDING"
    within "#include of a FIFO: bounded" 20
else
    echo "skip: mkfifo not available"
fi

# --- the report does not depend on -j ---------------------------------------
norm() { sed -E 's/"(cpu_)?seconds":[[:space:]]*[0-9.e+-]+/"\1seconds":X/' "$1"; }
"$G" --min-severity=info --format=json -j 1 "$TESTDATA" >"$tmp/j1.json" 2>"$tmp/j1.err"
"$G" --min-severity=info --format=json -j 2 "$TESTDATA" >"$tmp/j2.json" 2>"$tmp/j2.err"
"$G" --min-severity=info --format=json --no-isolation "$TESTDATA" >"$tmp/j0.json" 2>"$tmp/j0.err"
if cmp -s <(norm "$tmp/j1.json") <(norm "$tmp/j2.json") && cmp -s "$tmp/j1.err" "$tmp/j2.err"; then
    ok "testdata: -j 2 gives the -j 1 report byte for byte (JSON and stderr)"
else
    fail "testdata: -j 2 and -j 1 reports differ"
    diff <(norm "$tmp/j1.json") <(norm "$tmp/j2.json") | head -20
fi
if cmp -s <(norm "$tmp/j1.json") <(norm "$tmp/j0.json") && cmp -s "$tmp/j1.err" "$tmp/j0.err"; then
    ok "testdata: workers give the in-process (--no-isolation) report byte for byte"
else
    fail "testdata: worker and in-process reports differ"
    diff <(norm "$tmp/j1.json") <(norm "$tmp/j0.json") | head -20
fi
"$G" --dump-model -v -j 1 "$TESTDATA/model" >/dev/null 2>"$tmp/m1.err"
"$G" --dump-model -v -j 2 "$TESTDATA/model" >/dev/null 2>"$tmp/m2.err"
strip_times() { grep -v ': parse [0-9.]* ms' "$1" | sed -E 's/[0-9]+\.[0-9]+ s$/X s/'; }
if [[ -s "$tmp/m1.err" ]] && cmp -s <(strip_times "$tmp/m1.err") <(strip_times "$tmp/m2.err"); then
    ok "--dump-model -v: the workers' output comes in file order (-j 2 = -j 1)"
else
    fail "--dump-model -v: -j 2 and -j 1 differ"
    diff <(strip_times "$tmp/m1.err") <(strip_times "$tmp/m2.err") | head -20
fi

# --- options ----------------------------------------------------------------
for bad in "-j 0" "-j x" "--file-timeout -1" "--file-timeout abc" "--file-memory 12X" "--file-memory 1M"; do
    # shellcheck disable=SC2086
    run $bad "$src"
    expect_rc "bad option value: $bad" 2
done
run --file-memory 2GiB --file-timeout 0 -j4 "$src"
expect_rc "--file-memory 2GiB --file-timeout 0 -j4" 1
run --no-isolation "$src"
expect_rc "--no-isolation" 1
expect_count "--no-isolation: the finding" 1 "$FINDING"

echo "$passed passed, $failed failed"
((failed == 0))
