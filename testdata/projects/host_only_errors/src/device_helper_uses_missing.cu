// A __device__ helper uses a type from the missing header: degraded.
#include <cuda_runtime.h>
#include "logging_user.h"

__device__ float weight(thirdparty::half_t w) { return (float)w; }

__global__ void apply(float* v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) v[i] = v[i] * 2.0f;
}
