// Includes a generated header that is not in the project and that the
// kernel needs: degraded, and the kernel is still analysed.
#include <cuda_runtime.h>
#include "generated/build_info.h"

__global__ void offset(float* v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) v[i] = v[i] + 0.25;
    if (i == 0 && BUILD_VERBOSE) v[0] = 0.0f;
}
