// An error at file scope of the file itself (outside every function): a
// declaration clang could not read may be a kernel, so degraded.
#include <cuda_runtime.h>
#include "logging_user.h"

THIRDPARTY_EXPORT __global__ void shift(float* v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) v[i] = v[i] + 1.0f;
}
