#!/usr/bin/env bash
# tests/opencl_test.sh GPULINT TESTDATA - OpenCL C end to end: launches read
# from the host file next to the .cl file (testdata/projects/opencl_small),
# -x cl, --opencl-fp64, and the note on names set by -D at build time.
set -uo pipefail
G=$1
T=$2
fail=0
check() { # name, command output, regex
    if grep -Eq -- "$3" <<<"$2"; then echo "ok: $1"; else echo "FAIL: $1"; echo "$2" | sed 's/^/    | /' | head -20; fail=1; fi
}
nocheck() {
    if grep -Eq -- "$3" <<<"$2"; then echo "FAIL: $1"; echo "$2" | sed 's/^/    | /' | head -20; fail=1; else echo "ok: $1"; fi
}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gpulint-opencl.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

P=$T/projects/opencl_small
out=$("$G" "$P" 2>&1)
check "16x16 local_work_size in host.c" "$out" "host\.c:11:5: warning: hard-coded 16x16 work-group \(local_work_size\) for 'transpose'.*\[fixed-block-16x16\]"
check "clSetKernelArg constant feeds specialize-constant" "$out" "kernels\.cl:17:5: .*host code passes only 3: a compile-time constant \(-D option\)"
check "two findings in the project" "$out" "^gpulint: 2 findings"
nocheck "32x8 and NULL local sizes are not reported" "$out" "'(tuned|scale)'"
json=$("$G" --format=json "$P/kernels.cl" 2>/dev/null)
check "JSON: related launch in host.c" "$json" '"file":[[:space:]]*"[^"]*host\.c"'

# --emit-bench: OpenCL findings get the CUDA benchmark of the same pattern, and say so
"$G" --emit-bench "$tmp/bench" "$P" >/dev/null 2>&1
out=$(cat "$tmp/bench/index.json" 2>/dev/null)
check "--emit-bench index: pattern measured with CUDA" "$out" '"note":[[:space:]]*"OpenCL finding: pattern measured with CUDA on the same GPU'

# -x cl: another extension read as OpenCL C
cp "$P/kernels.cl" "$tmp/kernels.txt"
out=$("$G" -x cl "$tmp/kernels.txt" 2>&1)
check "-x cl reads a .txt file as OpenCL C" "$out" "4 kernels"
out=$("$G" "$tmp/kernels.txt" 2>&1)
check "without -x a .txt file is refused" "$out" "not a CUDA source file, nor OpenCL"

# --opencl-fp64
printf '__kernel void k(__global float* x) { x[get_global_id(0)] *= 0.1; }\n' >"$tmp/f.cl"
out=$("$G" --format=json --min-severity=info "$tmp/f.cl" 2>/dev/null)
check "fp64 auto without pragma: an info precision note (no run-time effect)" "$out" '"severity":[[:space:]]*"info"'
out=$("$G" --opencl-fp64=on --format=json "$tmp/f.cl" 2>/dev/null)
check "fp64 on: high (an inexact literal, 5.8x on the H100), double arithmetic" "$out" '"severity":[[:space:]]*"high"'
check "fp64 on: says why" "$out" 'fp64 on: --opencl-fp64=on'
out=$("$G" --opencl-fp64=bogus "$tmp/f.cl" 2>&1)
check "bad --opencl-fp64 value" "$out" "unknown --opencl-fp64 value"

# names set by -D at build time
printf '__kernel void k(__global real* x) { for (int i = 0; i < WPT; i++) x[get_global_id(0) * WPT + i] = 0; }\n' >"$tmp/d.cl"
out=$("$G" "$tmp/d.cl" 2>&1)
rc=$?
check "undefined names: one note naming them" "$out" "status degraded: the file uses 2 names it never defines \(real, WPT\)"
check "undefined names are not errors" "$out" " 0 errors"
[[ $rc -ne 2 ]] && echo "ok: exit status is not 2" || { echo "FAIL: exit status 2"; fail=1; }
out=$("$G" -D WPT=4 -Dreal=float "$tmp/d.cl" 2>&1)
check "with -D the kernel is analysed" "$out" "uncoalesced-adjacent"
nocheck "with -D no note" "$out" "status degraded"
exit $fail
