# editor_test_files.sh - sourced by the editor tests (nvim, emacs, vscode):
# editor_test_files DIR writes the documents each editor opens: a CUDA
# kernel with a double literal in float code (double-literal), an OpenCL
# kernel whose threads walk their own rows (uncoalesced-row) and a HIP
# kernel with a double literal (double-literal, language hip);
# editor_test_setup GPULINT makes $tmp (removed on exit) with those files and
# $tmp/bin/gpulint, a link to GPULINT: an editor's setup starts `gpulint lsp`
# from PATH, as a user's install would.
editor_test_files() {
    cat >"$1/scale.cu" <<'CU'
__global__ void scale(float *a, float s, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) { float v = a[i]; for (int k = 0; k < n; k++) v = v * 0.1 + s; a[i] = v; }
}
CU
    cat >"$1/rows.cl" <<'CL'
__kernel void row_sums(__global const float *m, __global float *out, int w)
{
    int r = get_global_id(0);
    float s = 0.0f;
    for (int j = 0; j < w; j++) s += m[r * w + j];
    out[r] = s;
}
CL
    cat >"$1/shift.hip" <<'HIP'
#include <hip/hip_runtime.h>

__global__ void shift(float *a, float s, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) { float v = a[i]; for (int k = 0; k < n; k++) v = v * 0.5 - s; a[i] = v; }
}
HIP
}

editor_test_setup() {
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    editor_test_files "$tmp"
    mkdir "$tmp/bin" && ln -s "$(realpath "$1")" "$tmp/bin/gpulint"
}
