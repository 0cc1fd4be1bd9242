// warp-size-assumption: a .cpp that includes HIP only through a project
// header ("common/device_util.hpp") is read as HIP as well; the lane is
// written in a macro of that header.
#include "common/device_util.hpp"

__global__ void lane_votes(const int* flags, unsigned long long* out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned long long b = __ballot(flags[i] != 0);
    if (LANE_OF(threadIdx.x) == 0) out[i / 64] = b;  // expect: warp-size-assumption pattern=lane-mask
}
