// The missing library is used by host code only: the kernel is analysed in
// full, the file's status is ok and its reason names the missing header.
#include <cuda_runtime.h>
#include "logging_user.h"

__global__ void scale(float* v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) v[i] = v[i] * 0.1;
}

void run_scale(Buffer& b, float* d)
{
    LOG(INFO) << "scaling " << b.size();
    scale<<<(b.size() + 255) / 256, 256>>>(d, b.size());
}
