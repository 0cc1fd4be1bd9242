#!/usr/bin/env bash
# tests/hip_rocm_test.sh GPULINT SOURCE_DIR - HIP files with ROCm's headers.
# Where ROCm's HIP headers are installed (ROCM_PATH, /opt/rocm, or Debian's
# libamdhip64-dev in /usr): --headers=rocm reads a HIP file with them and
# finds what the HIP shim finds.  Without them: --headers=rocm fails with a
# clear message (exit 2) and the shim is used by default; the ROCm half is
# skipped with a message.  Registered in ctest as cli.hip_rocm.
set -uo pipefail
G=$1
SRC=$2
passed=0
failed=0
ok() { echo "ok: $*"; passed=$((passed + 1)); }
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gpulint-hip-rocm.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/k.hip" <<'HIP'
#include <hip/hip_runtime.h>
__global__ void scale(const float *in, float *out, int n)
{
    int i = hipBlockIdx_x * hipBlockDim_x + hipThreadIdx_x;
    if (i < n) out[i] = in[2 * i] * 2.0;
}
__global__ void reduce(const float *in, float *out)
{
    float v = in[threadIdx.x + blockIdx.x * blockDim.x];
    for (int o = 16; o > 0; o /= 2) v += __shfl_down(v, o);
    if ((threadIdx.x & 31) == 0) out[threadIdx.x / 32] = v;
}
void run(float *a, float *b) { hipLaunchKernelGGL(scale, dim3(1024), dim3(256), 0, 0, a, b, 1 << 18); }
HIP
findings() { python3 -c 'import json,sys; print(sorted((f["rule"], f["line"]) for f in json.load(open(sys.argv[1]))["findings"]))' "$1"; }
rocm=""
for d in "${ROCM_PATH:-}" "${HIP_PATH:-}" /opt/rocm /usr; do
    [[ -n $d && -f $d/include/hip/hip_runtime.h ]] && { rocm=$d; break; }
done
"$G" --headers=shim --format=json --min-severity=info -o "$tmp/shim.json" "$tmp/k.hip" 2>"$tmp/shim.err"
[[ -s $tmp/shim.json ]] && [[ "$(findings "$tmp/shim.json")" == *warp-size-assumption* ]] && ok "the HIP shim reads the file" ||
    { fail "the HIP shim reads the file"; cat "$tmp/shim.err"; }
if [[ -z $rocm ]]; then
    "$G" --headers=rocm "$tmp/k.hip" >/dev/null 2>"$tmp/err"
    rc=$?
    [[ $rc == 2 ]] && grep -q "no ROCm HIP headers found" "$tmp/err" && ok "--headers=rocm without ROCm: exit 2, the reason" ||
        { fail "--headers=rocm without ROCm (rc $rc)"; cat "$tmp/err"; }
    echo "skip: ROCm's HIP headers are not installed (Debian: libamdhip64-dev): the ROCm half is not run"
else
    "$G" --headers=rocm -v --format=json --min-severity=info -o "$tmp/rocm.json" "$tmp/k.hip" 2>"$tmp/rocm.err"
    grep -q "(ROCm's HIP headers)" "$tmp/rocm.err" && ok "--headers=rocm parses with ROCm's headers ($rocm)" ||
        { fail "--headers=rocm parses with ROCm's headers"; cat "$tmp/rocm.err"; }
    [[ "$(findings "$tmp/rocm.json")" == "$(findings "$tmp/shim.json")" ]] && ok "ROCm's headers and the shim: the same findings" ||
        fail "ROCm's headers and the shim differ: $(findings "$tmp/rocm.json") vs $(findings "$tmp/shim.json")"
    python3 -c 'import json,sys; sys.exit(0 if all(f["status"] == "ok" for f in json.load(open(sys.argv[1]))["files"]) else 1)' "$tmp/rocm.json" &&
        ok "with ROCm's headers the file is ok" || fail "with ROCm's headers the file is not ok"
fi
echo "hip rocm: $passed passed, $failed failed"
((failed == 0))
