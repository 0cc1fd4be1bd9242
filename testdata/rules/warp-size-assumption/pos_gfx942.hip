// gpulint-test: --rules=warp-size-assumption --offload-arch=gfx942
// warp-size-assumption: the target named on the command line (CDNA3,
// 64-wide): the evidence names it and target_assumed is absent.
#include <hip/hip_runtime.h>

__global__ void histogram_by_warp(const int* keys, int* hist, int n)
{
    __shared__ int warp_hist[8][64];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int warp = threadIdx.x / 32;  // expect: warp-size-assumption pattern=warp-id-divide target=gfx942 wavefront_width=64
    int key = i < n ? keys[i] & 63 : 0;
    unsigned long long same = __ballot(key == 0);
    if (threadIdx.x % 32 == 0) atomicAdd(&warp_hist[warp][0], (int)__popcll(same));  // expect: warp-size-assumption pattern=lane-modulo target=gfx942
    __syncthreads();
    if (threadIdx.x < 64) atomicAdd(&hist[threadIdx.x], warp_hist[0][threadIdx.x]);
}
