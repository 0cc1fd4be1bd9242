#!/usr/bin/env bash
# tests/toolkit_pch_test.sh GPULINT_BINARY PROJECT_DIR
#
# The precompiled toolkit preludes (checker/frontend/toolkit_pch.c) on
# testdata/projects/toolkit: built once into the cache directory, then used;
# the same findings with them, without them (--no-pch), with a toolkit
# configuration macro (-D THRUST_...: no prelude), with a cached PCH replaced
# or damaged in the middle (found by its checksum, removed and built again),
# and when two processes build the same prelude at once.  Skipped (77)
# without a CUDA toolkit.  Registered in ctest as cli.toolkit_pch.
set -uo pipefail
G=$1
P=$2
cuda=${CUDA_PATH:-/usr/local/cuda}
if [[ ! -f "$cuda/include/cuda_runtime.h" || ! -d "$cuda/include/cccl/thrust" ]]; then
    echo "skipped: no CUDA toolkit with CCCL at $cuda"
    exit 77
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gpulint-toolkit-pch-test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/no_time_limit.sh"
G=$(no_time_limit_gpulint "$G" "$tmp") # these cases are about the preludes, not time
passed=0
failed=0
ok() { echo "ok: $*"; passed=$((passed + 1)); }
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }
cp -r "$P" "$tmp/proj"
export GPULINT_CACHE_DIR="$tmp/cache"

# lint NAME ARGS...: JSON in $tmp/NAME.json, stderr in $tmp/NAME.err, the
# findings alone in $tmp/NAME.findings.
lint() {
    local name=$1
    shift
    "$G" --format=json --min-severity=info --cuda-path="$cuda" -v "$@" "$tmp/proj" >"$tmp/$name.json" 2>"$tmp/$name.err"
    echo $? >"$tmp/$name.rc"
    python3 -c '
import json, sys
j = json.load(open(sys.argv[1]))
for f in j["findings"]:
    print(f["rule"], f["file"].rsplit("/", 1)[-1], f["line"], f["column"], f["message"])
for f in j["files"]:
    print(f["path"].rsplit("/", 1)[-1], f["status"], f["reasons"])' "$tmp/$name.json" >"$tmp/$name.findings" 2>&1
}

# wait_for DIR GLOB N: until N files match (the builds run in the background)
wait_for() {
    local i
    for ((i = 0; i < 180; i++)); do
        [[ $(find "$1" -name "$2" 2>/dev/null | wc -l) -ge $3 ]] && return 0
        sleep 1
    done
    return 1
}

# a file whose project header needs what the prelude brings (cuda_fp16.h):
# the same status while its prelude is being built (the prelude's header
# from source) as with the PCH
mkdir -p "$tmp/half"
cp "$P/half_pairs.cu" "$P/half_types.hpp" "$tmp/half/"
: >"$tmp/half/CMakeLists.txt"
half_status() {
    GPULINT_CACHE_DIR="$tmp/cache-half" "$G" --format=json --cuda-path="$cuda" -v "$tmp/half" 2>"$tmp/half-$1.err" |
        python3 -c 'import json, sys; print(" ".join(f["status"] + str(f["reasons"]) for f in json.load(sys.stdin)["files"]))'
}
half_cold=$(half_status cold)
wait_for "$tmp/cache-half" 'toolkit-cccl-*.pch' 1
half_warm=$(half_status warm)
if [[ $half_cold == "ok[]" && $half_warm == "ok[]" ]] && grep -q "precompiling" "$tmp/half-cold.err" &&
    grep -q "half_pairs.cu: parse .*precompiled toolkit prelude cccl" "$tmp/half-warm.err"; then
    ok "a header that needs cuda_fp16.h from the prelude: ok and no parse error while the prelude is built and with its PCH"
else
    fail "half_pairs.cu: cold '$half_cold', warm '$half_warm'"; sed 's/^/    | /' "$tmp/half-cold.err" | head
fi

# no writable cache directory (a read-only HOME): nothing is precompiled,
# and each file gets the prelude's header from source, as above
: >"$tmp/not-a-dir"
half_uncached=$(GPULINT_CACHE_DIR="$tmp/not-a-dir/cache" "$G" --format=json --cuda-path="$cuda" "$tmp/half" 2>"$tmp/half-uncached.err" |
    python3 -c 'import json, sys; print(" ".join(f["status"] + str(f["reasons"]) for f in json.load(sys.stdin)["files"]))')
if [[ $half_uncached == "ok[]" && ! -e "$tmp/not-a-dir/cache" ]]; then
    ok "no cache directory: the prelude's header from source, the same status as with the cache"
else
    fail "half_pairs.cu without a cache directory: '$half_uncached'"; sed 's/^/    | /' "$tmp/half-uncached.err" | head
fi

# a -D that gpulint chooses for the file's own code (__NVCC__, to pass an
# #error) must not reach the toolkit's headers when the prelude comes from
# source: the same status cold, without a cache directory and warm
mkdir -p "$tmp/nvcc"
cp "$P/nvcc_only_thrust.cu" "$tmp/nvcc/"
: >"$tmp/nvcc/CMakeLists.txt"
nvcc_status() {
    GPULINT_CACHE_DIR="$1" "$G" --format=json --cuda-path="$cuda" "$tmp/nvcc" 2>>"$tmp/nvcc.err" |
        python3 -c 'import json, sys; print(" ".join(f["status"] + str(f["reasons"]) for f in json.load(sys.stdin)["files"]))'
}
nvcc_cold=$(nvcc_status "$tmp/cache-nvcc")
nvcc_uncached=$(nvcc_status "$tmp/not-a-dir/cache")
wait_for "$tmp/cache-nvcc" 'toolkit-cccl-*.pch' 1
nvcc_warm=$(nvcc_status "$tmp/cache-nvcc")
if [[ $nvcc_cold == "ok[]" && $nvcc_uncached == "ok[]" && $nvcc_warm == "ok[]" ]]; then
    ok "a chosen -D__NVCC__ stays out of the toolkit's headers: ok cold, without a cache and warm"
else
    fail "nvcc_only_thrust.cu: cold '$nvcc_cold', uncached '$nvcc_uncached', warm '$nvcc_warm'"
    sed 's/^/    | /' "$tmp/nvcc.err" | head
fi

lint cold -j1
if grep -q "precompiling the CUDA toolkit prelude 'cccl'" "$tmp/cold.err" &&
    grep -q "precompiling the CUDA toolkit prelude 'libs'" "$tmp/cold.err" &&
    grep -q "precompiling the CUDA toolkit prelude 'cxx'" "$tmp/cold.err"; then
    ok "cold cache: the 'cccl', 'libs' and 'cxx' preludes are being precompiled"
else
    fail "cold cache: preludes not precompiled"; sed 's/^/    | /' "$tmp/cold.err" | head -20
fi
if [[ $(grep -c "double-literal" "$tmp/cold.findings") == 2 ]] && grep -q "scale_thrust.cu ok" "$tmp/cold.findings" &&
    grep -q "half_axpy.cu ok" "$tmp/cold.findings"; then
    ok "cold cache: both files ok (headers from source), both double literals found"
else
    fail "findings from source"; sed 's/^/    | /' "$tmp/cold.findings"
fi
if grep -q "legacy_cub.cu ok" "$tmp/cold.findings" &&
    grep -q "legacy_cub.cu: note: parsed with gpulint's stand-ins for the CUB function objects CCCL 3 (CUDA 13) removed" "$tmp/cold.err"; then
    ok "cub::Max, which CCCL 3 removed, from the stand-ins: the file is ok and says so"
else
    fail "cub::Max stand-in"; sed 's/^/    | /' "$tmp/cold.findings"; grep legacy_cub "$tmp/cold.err" | sed 's/^/    | /'
fi
if grep -q "uncoalesced-row kernel_loop_macro.cu 15 46" "$tmp/cold.findings"; then
    ok "a grid-stride loop written by a macro keeps its thread index with the toolkit's headers (row walk found)"
else
    fail "grid-stride loop macro with the toolkit's headers"; sed 's/^/    | /' "$tmp/cold.findings"
fi
if wait_for "$tmp/cache" 'toolkit-*.pch' 4; then ok "four PCHs in the cache directory"; else fail "PCHs not built"; fi
sleep 1
left=$(find "$tmp/cache" -name '*.tmp.*' | wc -l)
[[ $left == 0 ]] && ok "no temporary file left" || fail "$left temporary files left in the cache"

lint warm -j2
if ! grep -q "precompiling" "$tmp/warm.err" &&
    grep -q "scale_thrust.cu: parse .*precompiled toolkit prelude cccl" "$tmp/warm.err" &&
    grep -q "half_axpy.cu: parse .*precompiled toolkit prelude libs" "$tmp/warm.err" &&
    grep -q "kernel_loop_macro.cu: parse .*precompiled toolkit prelude cxx" "$tmp/warm.err" &&
    grep -q "optional_thrust.cu: parse .*precompiled toolkit prelude runtime" "$tmp/warm.err"; then
    ok "warm cache: each file gets the prelude its includes need (thrust: cccl; mma.h: libs; <vector>: cxx; thrust under #ifdef of a name nothing defines: runtime)"
else
    fail "warm cache"; sed 's/^/    | /' "$tmp/warm.err" | head
fi

# the user's -D of the guard: the include counts, thrust from the 'cccl' prelude
"$G" --format=json --cuda-path="$cuda" -v -D USE_THRUST_SCAN "$tmp/proj/optional_thrust.cu" >/dev/null 2>"$tmp/guard.err"
if grep -q "optional_thrust.cu: parse .*precompiled toolkit prelude cccl" "$tmp/guard.err"; then
    ok "-D USE_THRUST_SCAN: the #ifdef'd thrust include chooses the 'cccl' prelude"
else
    fail "-D of an include's guard"; sed 's/^/    | /' "$tmp/guard.err" | head
fi

# A PCH damaged in the middle after it was written (a disk error, a copy cut
# short): libclang reads a PCH lazily and crashed on the damaged part, in file
# after file, run after run, until the cache was deleted by hand.  Its
# checksum no longer matches: it is removed, the headers are parsed from
# source meanwhile (the findings of a fresh run), and it is built again.
mkdir -p "$tmp/cache-damaged"
cp "$tmp"/cache/toolkit-* "$tmp/cache-damaged/"
for f in "$tmp"/cache-damaged/toolkit-*.pch; do
    python3 -c '
import os, random, sys
f = sys.argv[1]
random.seed(34)
with open(f, "r+b") as fh:
    fh.seek(os.path.getsize(f) // 2)
    fh.write(bytes(random.randrange(256) for _ in range(65536)))' "$f"
done
GPULINT_CACHE_DIR="$tmp/cache-damaged" lint damaged
diff -u "$tmp/cold.findings" "$tmp/damaged.findings" >"$tmp/damaged.diff"
if [[ $(cat "$tmp/damaged.rc") == 1 && ! -s "$tmp/damaged.diff" ]] &&
    [[ $(grep -c "toolkit prelude .* is damaged (its size or checksum is not what was written); removed" "$tmp/damaged.err") == 4 ]]; then
    ok "PCHs damaged in the middle: each detected and removed (-v says so), the findings of a fresh run"
else
    fail "PCHs damaged in the middle: exit $(cat "$tmp/damaged.rc")"; sed 's/^/    | /' "$tmp/damaged.diff" | head -20
    grep -a "crash\|damaged\|error" "$tmp/damaged.err" | head -5 | sed 's/^/    | /'
fi
wait_for "$tmp/cache-damaged" 'toolkit-*.pch' 4
sleep 1
GPULINT_CACHE_DIR="$tmp/cache-damaged" lint damaged2
if [[ $(cat "$tmp/damaged2.rc") == 1 ]] && diff -q "$tmp/cold.findings" "$tmp/damaged2.findings" >/dev/null &&
    ! grep -q "damaged\|precompiling" "$tmp/damaged2.err" &&
    grep -q "scale_thrust.cu: parse .*precompiled toolkit prelude cccl" "$tmp/damaged2.err" &&
    grep -q "half_axpy.cu: parse .*precompiled toolkit prelude libs" "$tmp/damaged2.err" &&
    grep -q "kernel_loop_macro.cu: parse .*precompiled toolkit prelude cxx" "$tmp/damaged2.err" &&
    grep -q "optional_thrust.cu: parse .*precompiled toolkit prelude runtime" "$tmp/damaged2.err" &&
    [[ $(find "$tmp/cache-damaged" -name 'toolkit-*.sum' | wc -l) == 4 && $(find "$tmp/cache-damaged" -name '*.tmp.*' | wc -l) == 0 ]]; then
    ok "the damaged PCHs rebuilt: the next run loads all four, same findings, each with its checksum"
else
    fail "after damaged PCHs: exit $(cat "$tmp/damaged2.rc")"; ls "$tmp/cache-damaged" | sed 's/^/    | /'
    grep -a "prelude\|damaged\|crash" "$tmp/damaged2.err" | head -8 | sed 's/^/    | /'
fi

lint nopch --no-pch
if ! grep -q "precompiled toolkit prelude" "$tmp/nopch.err"; then ok "--no-pch: no prelude"; else fail "--no-pch used a prelude"; fi
# -D of a toolkit configuration macro: a prelude precompiled with it, apart
# from the others (the first run parses the headers while it is built)
before=$(find "$tmp/cache" -name 'toolkit-*.pch' | wc -l)
lint macro -D THRUST_DEBUG_SYNC_FLAG=false
wait_for "$tmp/cache" 'toolkit-*.pch' $((before + 4))
sleep 1
lint macro2 -D THRUST_DEBUG_SYNC_FLAG=false
if [[ $(find "$tmp/cache" -name 'toolkit-*.pch' | wc -l) == $((before + 4)) ]] &&
    grep -q "scale_thrust.cu: parse .*precompiled toolkit prelude cccl" "$tmp/macro2.err"; then
    ok "-D of a toolkit configuration macro: preludes precompiled with it, the others kept"
else
    fail "-D THRUST_...: no prelude of that configuration"; ls "$tmp/cache" | sed 's/^/    | /'
fi
# a #define of a toolkit configuration macro in the file: no prelude for it
mkdir -p "$tmp/cfg"
printf '#define __CUDA_NO_HALF_CONVERSIONS__\n#include <cuda_fp16.h>\n__global__ void k(__half *h, float *f) { f[threadIdx.x] = __half2float(h[threadIdx.x]) * 0.5; }\n' \
    >"$tmp/cfg/no_conversions.cu"
"$G" --format=json --cuda-path="$cuda" -v "$tmp/cfg" >/dev/null 2>"$tmp/cfg.err"
if grep -q "no_conversions.cu: parse" "$tmp/cfg.err" && ! grep -q "precompiled toolkit prelude" "$tmp/cfg.err"; then
    ok "#define __CUDA_NO_HALF_CONVERSIONS__ in the file: the headers are parsed from source"
else
    fail "#define of a toolkit configuration macro"; sed 's/^/    | /' "$tmp/cfg.err" | head
fi

for run in warm nopch macro macro2; do
    if diff -u "$tmp/cold.findings" "$tmp/$run.findings" >"$tmp/diff"; then
        ok "same findings and statuses: prelude vs $run"
    else
        fail "findings differ: prelude vs $run"; sed 's/^/    | /' "$tmp/diff"
    fi
done

# a cached PCH replaced by something else: parsed from source instead, same findings
for f in "$tmp"/cache/toolkit-*.pch; do printf 'not a PCH' >"$f"; done
lint corrupt -j1
if [[ $(cat "$tmp/corrupt.rc") == 1 ]] && diff -q "$tmp/cold.findings" "$tmp/corrupt.findings" >/dev/null &&
    grep -q "is damaged" "$tmp/corrupt.err"; then
    ok "a corrupt cached PCH: reported with -v, the headers parsed from source, same findings"
else
    fail "corrupt cached PCH"; sed 's/^/    | /' "$tmp/corrupt.err" | head; diff "$tmp/cold.findings" "$tmp/corrupt.findings"
fi

# two processes need the same prelude at once: one builder, the other
# process does not wait for it
export GPULINT_CACHE_DIR="$tmp/cache2"
"$G" --format=json --min-severity=info --cuda-path="$cuda" -v "$tmp/proj/half_axpy.cu" >"$tmp/p1.json" 2>"$tmp/p1.err" &
p1=$!
"$G" --format=json --min-severity=info --cuda-path="$cuda" -v "$tmp/proj/half_axpy.cu" >"$tmp/p2.json" 2>"$tmp/p2.err" &
p2=$!
wait $p1; r1=$?
wait $p2; r2=$?
wait_for "$tmp/cache2" 'toolkit-libs-*.pch' 1
sleep 1
n=$(find "$tmp/cache2" -name 'toolkit-libs-*.pch' | wc -l)
left=$(find "$tmp/cache2" -name '*.tmp.*' | wc -l)
builders=$(cat "$tmp/p1.err" "$tmp/p2.err" | grep -c "precompiling the CUDA toolkit prelude 'libs'")
if [[ $r1 == 1 && $r2 == 1 && $n == 1 && $left == 0 && $builders == 1 ]] &&
    [[ $(grep -o '"rule": "[a-z-]*"' "$tmp/p1.json") == $(grep -o '"rule": "[a-z-]*"' "$tmp/p2.json") ]]; then
    ok "two processes at once: one builder, one PCH, no temporary file left, the same findings"
else
    fail "concurrent build: exit $r1/$r2, $n PCHs, $left temporary files, $builders builders"
fi

# clang's CUDA wrappers of the C++ headers (device placement new) are on the
# include path with the toolkit's headers, as they are for clang++
w=$(dirname "$P")/../toolkit_wrappers/placement_new.cu
"$G" --format=json --min-severity=info --cuda-path="$cuda" --headers=cuda --no-pch "$w" >"$tmp/w.json" 2>"$tmp/w.err"
if python3 -c '
import json, sys
j = json.load(open(sys.argv[1]))
f = j["files"][0]
sys.exit(0 if f["status"] == "ok" and not f["reasons"] and "double-literal" in [x["rule"] for x in j["findings"]] else 1)' "$tmp/w.json"; then
    ok "device placement new with the toolkit headers: no parse error, the finding reported"
else
    fail "device placement new with the toolkit headers"; sed 's/^/    | /' "$tmp/w.err" | head -10
fi

echo "$passed passed, $failed failed"
((failed == 0))
