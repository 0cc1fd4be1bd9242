// A second file of the same project that uses a name of the CUDA build: with
// one worker it is parsed with the flag the first file needed, once.
#include "gpu/gpu_common.h"

__global__ void scale(Real* x, Real f, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = f * x[i];
}

void scale_all(Real* x, Real f, int n)
{
    scale<<<(n + GPU_WARP * 8 - 1) / (GPU_WARP * 8), GPU_WARP * 8>>>(x, f, n);
}
