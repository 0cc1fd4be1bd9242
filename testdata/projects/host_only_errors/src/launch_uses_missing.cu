// The launch's block size comes from the missing header: degraded.
#include <cuda_runtime.h>
#include "logging_user.h"

__global__ void fill(float* v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) v[i] = 1.0f;
}

void run_fill(float* d, int n)
{
    fill<<<n / THIRDPARTY_BLOCK, THIRDPARTY_BLOCK>>>(d, n);
}
