// An unreadable field of a file-scope struct that a kernel uses: not a
// host variable, so the error may touch GPU code: degraded.
#include <cuda_runtime.h>
#include <thirdparty/flags.h>

struct Params {
    thirdparty::Index count;
    float scale;
};

__global__ void apply(float* v, Params p)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < p.count) v[i] = v[i] * p.scale;
}
