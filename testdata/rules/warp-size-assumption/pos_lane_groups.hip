// warp-size-assumption: a kernel that works in 32-lane groups on purpose:
// every shuffle names its width of 32, so a 64-wide wavefront runs two
// groups side by side and the lane and group arithmetic agrees with them.
// Reported at info (lane_groups=true); a 32-bit mask stays medium.
#include <hip/hip_runtime.h>

__global__ void group_dot(const float* a, const float* b, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;  // expect: warp-size-assumption pattern=lane-mask lane_groups=true severity=info
    int group = threadIdx.x >> 5;  // expect: warp-size-assumption pattern=warp-id-shift lane_groups=true severity=info
    float v = i < n ? a[i] * b[i] : 0.0f;
    for (int o = 16; o > 0; o /= 2)
        v += __shfl_xor(v, o, 32);  // expect: warp-size-assumption pattern=shuffle-width lane_groups=true severity=info
    if (lane == 0) out[blockIdx.x * (blockDim.x / 32) + group] = v;
}

__global__ void group_broadcast(const float* in, float* out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float first = __shfl_sync(0xffffffff, in[i], 0, 32);  // expect: warp-size-assumption pattern=full-mask-32 severity=medium // expect: warp-size-assumption pattern=shuffle-width lane_groups=true severity=info
    out[i] = in[i] - first;
}
