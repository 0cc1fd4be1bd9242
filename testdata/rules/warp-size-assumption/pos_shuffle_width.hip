// warp-size-assumption: shuffles given a width of 32 on a 64-wide wavefront
// split it into two independent halves: a broadcast from lane 0 reaches
// only lanes 0-31, and a butterfly of width 32 gives two different sums.
#include <hip/hip_runtime.h>

__global__ void broadcast_row_max(const float* in, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = i < n ? in[i] : -1e30f;
    for (int o = 1; o < 32; o *= 2)
        v = fmaxf(v, __shfl_xor(v, o, 32));  // expect: warp-size-assumption pattern=shuffle-width constant=32 in_loop=true
    float m = __shfl(v, 0, 32);  // expect: warp-size-assumption pattern=shuffle-width constant=32 in_loop=false
    if (i < n) out[i] = in[i] - m;
}

__global__ void scan_inclusive(const int* in, int* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = i < n ? in[i] : 0;
    for (int d = 1; d < 32; d <<= 1) {
        int up = __shfl_up(v, d, 32);  // expect: warp-size-assumption pattern=shuffle-width constant=32 in_loop=true
        if ((int)__lane_id() >= d) v += up;
    }
    if (i < n) out[i] = v;
}
