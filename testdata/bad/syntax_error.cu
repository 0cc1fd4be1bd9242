// Two kernels: the first is broken (a missing semicolon and one closing brace
// too many), the second is well formed.  gpulint must report the syntax
// errors with file:line (exit 2) AND still analyse the second kernel.
// Used by tests/cli_test.sh.
#include <cuda_runtime.h>

__global__ void broken_kernel(float* data, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x
    if (gid < n) {
        data[gid] = data[gid] * 2.0f;
    }
    }
}

__global__ void well_formed_after_error(const float* in, float* out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        out[gid] = in[gid*2] + in[gid*2+1];
    }
}
