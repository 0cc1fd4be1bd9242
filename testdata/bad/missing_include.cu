// The first include does not exist: gpulint notes it and keeps analysing the
// rest of the file.  Used by tests/cli_test.sh.
#include "does_not_exist.h"
#include <cuda_runtime.h>

__global__ void pair_after_missing_include(const float* in, float* out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        float a = in[gid * 2 + 0];
        float b = in[gid * 2 + 1];
        out[gid] = a - b;
    }
}
