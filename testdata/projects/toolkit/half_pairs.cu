// Includes the project's half_types.hpp, which declares its type with
// __half without including cuda_fp16.h under clang, before cub (the 'cccl'
// prelude, which brings cuda_fp16.h first): the file must read the same
// with the prelude precompiled and while it is still being built (from
// source), as arrayfire's files with common/half.hpp first do.
#include "half_types.hpp"
#include <cub/device/device_scan.cuh>

__global__ void widen(const half_pair *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = __half2float(in[i].lo) + __half2float(in[i].hi);
}
