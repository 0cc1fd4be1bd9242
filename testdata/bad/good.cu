// A small, valid kernel with exactly one finding: each thread reads two
// adjacent floats (in[gid*2], in[gid*2+1]), so a warp request touches twice
// the 32-byte sectors a float2 load would.  Used by tests/cli_test.sh.
#include <cuda_runtime.h>

__global__ void sum_pairs(const float* in, float* out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        out[gid] = in[gid * 2] + in[gid * 2 + 1];
    }
}
