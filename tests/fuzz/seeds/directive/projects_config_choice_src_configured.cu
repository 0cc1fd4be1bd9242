// The alternative comes from a header of the project: nothing is chosen.
#include "../include/loop_config.h"

__global__ void offset(const float *in, float *out, int n)
{
#if defined(GRID_STRIDE)
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        out[i] = in[i] + 0.3;
#elif defined(BLOCK_STRIDE)
    for (int i = threadIdx.x + blockIdx.x * 1024; i < (blockIdx.x + 1) * 1024 && i < n; i += blockDim.x)
        out[i] = in[i] + 0.3f;
#else
#error Must pick grid-stride or block-stride loop
#endif
}
