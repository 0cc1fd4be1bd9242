// warp-size-assumption: a warp id as tid >> 5 and a lane as tid % 32 in
// kernels that vote (__ballot) and read the lane mask (__lanemask_lt): the
// 64-bit ballot covers the whole wavefront, but the lane and warp numbers
// assume 32 lanes, so the per-warp counters are indexed twice per wavefront.
#include <hip/hip_runtime.h>

__global__ void compact_flags(const int* flags, int* counts, int* out_pos, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int pred = i < n && flags[i] != 0;
    unsigned long long votes = __ballot(pred);
    int warp = threadIdx.x >> 5;  // expect: warp-size-assumption pattern=warp-id-shift constant=5 in_loop=false
    int lane = threadIdx.x % 32;  // expect: warp-size-assumption pattern=lane-modulo constant=32
    if (lane == 0) counts[blockIdx.x * 8 + warp] = __popcll(votes);
    if (pred) out_pos[i] = __popcll(votes & __lanemask_lt());
}

// 2-D blocks: the linear thread id, then the lane and warp of a 32-lane warp.
__global__ void tile_any(const float* img, int* hits, int width, float threshold)
{
    int t = threadIdx.y * blockDim.x + threadIdx.x;
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int hit = __any(img[y * width + x] > threshold);
    int lane = t % 32;  // expect: warp-size-assumption pattern=lane-modulo constant=32 in_loop=false
    int warp = t >> 5;  // expect: warp-size-assumption pattern=warp-id-shift
    if (lane == 0 && hit) atomicAdd(&hits[blockIdx.y * gridDim.x * 8 + warp], 1);
}
